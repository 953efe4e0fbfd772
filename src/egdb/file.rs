//! The file format of endgame databases and their part files: an 8-byte magic naming the
//! kind of file, a little-endian `u32` version, then the bincode body (fixed-width integers).
//!
//! Reading checks the magic and version first and reads the body with a size limit, so a
//! corrupt length cannot make the reader allocate without bound. Writing goes to a temporary
//! file beside the target, renamed over it once complete.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What can go wrong reading or writing a database file.
#[derive(Debug, Error)]
pub enum FileError {
    /// The operating system refused.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file does not start with the expected magic.
    #[error("not a {expected} file (it starts with {found:?})")]
    Magic {
        /// What the file should be.
        expected: String,
        /// Its first bytes.
        found: Vec<u8>,
    },
    /// The file is of another format version.
    #[error("format version {found}, this build reads version {expected}")]
    Version {
        /// The file's version.
        found: u32,
        /// The version this build reads and writes.
        expected: u32,
    },
    /// The body is not valid bincode for the expected type, or exceeds the size limit.
    #[error("{0}")]
    Body(String),
}

/// The kind and version of a file: its magic (8 bytes) and format version.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The first 8 bytes of the file.
    pub magic: [u8; 8],
    /// The format version that follows them.
    pub version: u32,
}

impl Header {
    /// Writes the header.
    pub fn write(&self, writer: &mut impl Write) -> std::io::Result<()> {
        writer.write_all(&self.magic)?;
        writer.write_all(&self.version.to_le_bytes())
    }

    /// Reads a header and checks that it is this one.
    pub fn check(&self, reader: &mut impl Read) -> Result<(), FileError> {
        let mut magic = [0u8; 8];
        reader.read_exact(&mut magic)?;
        if magic != self.magic {
            return Err(FileError::Magic {
                expected: String::from_utf8_lossy(&self.magic).into_owned(),
                found: magic.to_vec(),
            });
        }
        let mut version = [0u8; 4];
        reader.read_exact(&mut version)?;
        let found = u32::from_le_bytes(version);
        if found != self.version {
            return Err(FileError::Version {
                found,
                expected: self.version,
            });
        }
        Ok(())
    }
}

fn bincode_options() -> impl bincode::Options {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .allow_trailing_bytes()
}

/// Writes `header` then `value` to `writer`.
pub fn write_to(
    header: Header,
    value: &impl Serialize,
    mut writer: impl Write,
) -> Result<(), FileError> {
    use bincode::Options;
    header.write(&mut writer)?;
    bincode_options()
        .serialize_into(&mut writer, value)
        .map_err(|e| match *e {
            bincode::ErrorKind::Io(io) => FileError::Io(io),
            other => FileError::Body(other.to_string()),
        })
}

/// Reads a value written by [`write_to`] with the same header, reading at most `limit`
/// bytes of body.
pub fn read_from<T: DeserializeOwned>(
    header: Header,
    limit: u64,
    mut reader: impl Read,
) -> Result<T, FileError> {
    use bincode::Options;
    header.check(&mut reader)?;
    bincode_options()
        .with_limit(limit)
        .deserialize_from(reader)
        .map_err(|e| match *e {
            bincode::ErrorKind::Io(io) => FileError::Io(io),
            other => FileError::Body(other.to_string()),
        })
}

/// Saves `value` to `path` atomically: written to a temporary file beside it, then renamed.
pub fn save(header: Header, value: &impl Serialize, path: &Path) -> Result<(), FileError> {
    let temporary = temporary_path(path);
    let result = (|| {
        let mut writer = BufWriter::new(std::fs::File::create(&temporary)?);
        write_to(header, value, &mut writer)?;
        writer.flush()?;
        writer.get_ref().sync_all()?;
        Ok::<(), FileError>(())
    })();
    match result {
        Ok(()) => Ok(std::fs::rename(&temporary, path)?),
        Err(error) => {
            let _ = std::fs::remove_file(&temporary);
            Err(error)
        }
    }
}

/// Loads a value saved by [`save`] with the same header (at most `limit` bytes of body).
pub fn load<T: DeserializeOwned>(header: Header, limit: u64, path: &Path) -> Result<T, FileError> {
    let file = std::fs::File::open(path)?;
    read_from(header, limit, BufReader::new(file))
}

/// `path` with `.tmp-<process id>` appended.
fn temporary_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".tmp-{}", std::process::id()));
    PathBuf::from(name)
}
