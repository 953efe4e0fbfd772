//! Files that cannot hurt: every file ponder reads back has a header (a magic number naming
//! its format, a format version, the payload's length and its CRC-32), a size limit checked
//! before anything is allocated, and a typed error naming the file; every file ponder writes
//! is written to a temporary file in the same directory, synced and renamed over the old one,
//! so a crash or a kill mid-write leaves the previous version whole.
//!
//! A format is a [`FileFormat`] constant next to the type it stores:
//!
//! ```
//! use ponder::files::{FileFormat, load_bincode, save_bincode};
//!
//! const SCORES: FileFormat = FileFormat::new(*b"PNDscore", 1, 1 << 20, "score table");
//! let dir = std::env::temp_dir().join(format!("ponder-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("scores.bin");
//! save_bincode(&path, &SCORES, &vec![3u32, 1, 4]).unwrap();
//! let scores: Vec<u32> = load_bincode(&path, &SCORES).unwrap();
//! assert_eq!(scores, [3, 1, 4]);
//! std::fs::write(&path, b"not a ponder file").unwrap();
//! let error = load_bincode::<Vec<u32>>(&path, &SCORES).unwrap_err();
//! assert!(error.to_string().contains("scores.bin"), "{error}");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! Layout (little-endian): `magic: [u8; 8]`, `version: u32`, `length: u64` (of the payload),
//! `crc32: u32` (of the payload), then the payload, nothing after it. Outputs meant for other
//! tools (reports, CSV, SVG, JSON summaries) carry no header but are written atomically too
//! ([`write_atomic`]). Large files read in place (endgame databases) are mapped into memory
//! ([`MappedFile`]): the header is checked at open, the checksum only when asked.

mod atomic;
mod error;
mod header;
mod mapped;
#[cfg(test)]
mod tests;

pub use atomic::{PendingFile, write_atomic, write_atomic_bytes};
pub use error::{FileError, FileProblem};
pub use header::{HEADER_BYTES, Header};
pub use mapped::MappedFile;

use bincode::Options;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// A file format: what its header must say and how large its payload may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileFormat {
    /// The magic number, the file's first 8 bytes (by convention `PND` and 5 letters).
    pub magic: [u8; 8],
    /// The format version this build reads and writes.
    pub version: u32,
    /// The largest payload accepted, in bytes: checked before anything is allocated.
    pub max_payload: u64,
    /// What the file holds, for messages (`saved game`, `Awari endgame database`).
    pub what: &'static str,
}

impl FileFormat {
    /// A format.
    pub const fn new(magic: [u8; 8], version: u32, max_payload: u64, what: &'static str) -> Self {
        FileFormat {
            magic,
            version,
            max_payload,
            what,
        }
    }
}

/// The bincode encoding of every format: fixed-width integers (as `bincode::serialize`), no
/// trailing bytes, and no more allocated than `limit` bytes whatever the lengths inside say.
fn bincode_options(limit: u64) -> impl Options {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .reject_trailing_bytes()
        .with_limit(limit)
}

/// Decodes a payload in this module's bincode encoding, allocating at most the payload's own
/// length whatever the lengths inside say (for payloads from elsewhere than a file, and for
/// values that borrow from the payload, such as a mapped file's byte strings).
pub fn decode_bincode<'a, T: serde::Deserialize<'a>>(payload: &'a [u8]) -> Result<T, String> {
    bincode_options(payload.len() as u64)
        .deserialize(payload)
        .map_err(|e| e.to_string())
}

/// Decodes the value at the start of a payload in this module's bincode encoding, ignoring
/// what follows it (a header field read before the rest), allocating at most the payload's
/// length.
pub fn decode_bincode_prefix<T: DeserializeOwned>(payload: &[u8]) -> Result<T, String> {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .allow_trailing_bytes()
        .with_limit(payload.len() as u64)
        .deserialize(payload)
        .map_err(|e| e.to_string())
}

/// Encodes `value` as the payload [`save_bincode`] writes.
pub fn encode_bincode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    bincode_options(u64::MAX)
        .serialize(value)
        .map_err(|e| e.to_string())
}

/// Writes `value` with bincode to `path` in `format`, atomically.
pub fn save_bincode<T: Serialize>(
    path: &Path,
    format: &FileFormat,
    value: &T,
) -> Result<(), FileError> {
    save_with(path, format, |writer| {
        bincode_options(format.max_payload)
            .serialize_into(writer, value)
            .map_err(|e| match *e {
                bincode::ErrorKind::Io(io) => io,
                other => std::io::Error::other(other.to_string()),
            })
    })
}

/// Reads a value written by [`save_bincode`] in `format`.
pub fn load_bincode<T: DeserializeOwned>(path: &Path, format: &FileFormat) -> Result<T, FileError> {
    load_with(path, format, |reader, length| {
        bincode_options(length)
            .deserialize_from(reader)
            .map_err(|e| e.to_string())
    })
}

/// Writes a file of `format` whose payload `write_payload` streams, atomically: the header's
/// length and checksum are filled in after the payload.
pub fn save_with(
    path: &Path,
    format: &FileFormat,
    write_payload: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), FileError> {
    write_atomic(path, |file| {
        file.write_all(&[0; HEADER_BYTES])?;
        let mut writer = header::CrcWriter::new(std::io::BufWriter::new(&mut *file));
        write_payload(&mut writer)?;
        let (length, crc32) = writer.finish()?;
        if length > format.max_payload {
            return Err(std::io::Error::other(format!(
                "the payload is {length} bytes, over the format's limit of {}",
                format.max_payload
            )));
        }
        file.seek(SeekFrom::Start(0))?;
        let header = Header {
            magic: format.magic,
            version: format.version,
            length,
            crc32,
        };
        file.write_all(&header.to_bytes())
    })
}

/// Reads a file of `format`: checks the header against the format and the file's size, then
/// hands `read_payload` a reader of exactly the payload and its length (the most it may
/// allocate); its value is returned only if the checksum matches and it read every byte.
pub fn load_with<T>(
    path: &Path,
    format: &FileFormat,
    read_payload: impl FnOnce(&mut dyn Read, u64) -> Result<T, String>,
) -> Result<T, FileError> {
    let fail = |problem| FileError::new(path, format, problem);
    let file = std::fs::File::open(path).map_err(|e| fail(FileProblem::Io(e)))?;
    let size = file.metadata().map_err(|e| fail(FileProblem::Io(e)))?.len();
    let mut reader = std::io::BufReader::new(file);
    let mut bytes = [0; HEADER_BYTES];
    let available = usize::try_from(size)
        .unwrap_or(usize::MAX)
        .min(HEADER_BYTES);
    reader
        .read_exact(&mut bytes[..available])
        .map_err(|e| fail(FileProblem::Io(e)))?;
    let header = Header::check(&bytes[..available], format, size).map_err(fail)?;
    // Buffered above the checksum: decoders read a byte at a time, the checksum is taken a
    // block at a time (a 1.25 GB database: seconds, not half a minute).
    let mut payload = std::io::BufReader::with_capacity(
        1 << 16,
        header::CrcReader::new((&mut reader).take(header.length)),
    );
    let value =
        read_payload(&mut payload, header.length).map_err(|e| fail(FileProblem::Payload(e)));
    let unread =
        std::io::copy(&mut payload, &mut std::io::sink()).map_err(|e| fail(FileProblem::Io(e)))?;
    let crc32 = payload.get_ref().crc32();
    if crc32 != header.crc32 {
        return Err(fail(FileProblem::Checksum {
            stored: header.crc32,
            computed: crc32,
        }));
    }
    let value = value?;
    if unread > 0 {
        return Err(fail(FileProblem::Payload(format!(
            "{unread} bytes of the payload were not read"
        ))));
    }
    Ok(value)
}

/// Reads a whole file of `format` into memory (its payload, checked).
pub fn load_bytes(path: &Path, format: &FileFormat) -> Result<Vec<u8>, FileError> {
    load_with(path, format, |reader, length| {
        let mut payload = Vec::with_capacity(usize::try_from(length).map_err(|e| e.to_string())?);
        reader
            .read_to_end(&mut payload)
            .map_err(|e| e.to_string())?;
        Ok(payload)
    })
}

/// Writes `payload` as a file of `format`, atomically.
pub fn save_bytes(path: &Path, format: &FileFormat, payload: &[u8]) -> Result<(), FileError> {
    save_with(path, format, |writer| writer.write_all(payload))
}

/// Checks a whole file held in memory (header and payload) and returns its payload: what
/// [`load_bytes`] does to a file, for bytes from elsewhere (and for fuzzing).
pub fn decode<'a>(bytes: &'a [u8], format: &FileFormat) -> Result<&'a [u8], FileProblem> {
    let header_bytes = &bytes[..bytes.len().min(HEADER_BYTES)];
    let header = Header::check(header_bytes, format, bytes.len() as u64)?;
    let payload = &bytes[HEADER_BYTES..];
    let crc32 = crc32fast::hash(payload);
    if crc32 != header.crc32 {
        return Err(FileProblem::Checksum {
            stored: header.crc32,
            computed: crc32,
        });
    }
    Ok(payload)
}

/// The whole file [`save_bytes`] writes for `payload`, in memory.
pub fn encode(format: &FileFormat, payload: &[u8]) -> Vec<u8> {
    let header = Header {
        magic: format.magic,
        version: format.version,
        length: payload.len() as u64,
        crc32: crc32fast::hash(payload),
    };
    let mut bytes = header.to_bytes().to_vec();
    bytes.extend_from_slice(payload);
    bytes
}
