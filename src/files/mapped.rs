//! Files read in place: a file of a [`FileFormat`] mapped into memory, its header checked once
//! at open, its payload read where it lies (several processes share one copy in the page
//! cache), its checksum taken only when asked ([`MappedFile::verify`]).

use super::{FileError, FileFormat, FileProblem, HEADER_BYTES, Header};
use std::path::{Path, PathBuf};

/// A file of one [`FileFormat`], memory-mapped read-only.
///
/// [`MappedFile::open`] reads only the header: the magic, the version, the payload's length
/// against the format's limit and against the file's size. The payload's CRC-32 is checked by
/// [`MappedFile::verify`], which reads every byte: a database's builder checks its file when
/// it saves it, and a tool that copies a file's values into another (a merge) verifies it
/// first; opening a file to play with never reads it whole.
///
/// ponder writes its files atomically (a new file renamed over the old one), so a mapped file
/// is never changed under a reader by ponder; another program that truncates it in place
/// would make the reader fail (a bus error), as with every mapped file.
///
/// ```
/// use ponder::files::{FileFormat, MappedFile, save_bytes};
/// const NOTE: FileFormat = FileFormat::new(*b"PNDnotes", 1, 1 << 20, "note");
/// let dir = std::env::temp_dir().join(format!("ponder-mapped-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("note.bin");
/// save_bytes(&path, &NOTE, b"hello").unwrap();
/// let file = MappedFile::open(&path, &NOTE).unwrap();
/// assert_eq!(file.payload(), b"hello");
/// file.verify().unwrap();
/// std::fs::write(&path, b"short").unwrap();
/// let error = MappedFile::open(&path, &NOTE).unwrap_err();
/// assert!(error.to_string().contains("note.bin"), "{error}");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug)]
pub struct MappedFile {
    map: memmap2::Mmap,
    header: Header,
    path: PathBuf,
    format: FileFormat,
}

impl MappedFile {
    /// Maps the file at `path` and checks its header against `format` and the file's size.
    pub fn open(path: &Path, format: &FileFormat) -> Result<MappedFile, FileError> {
        let fail = |problem| FileError::new(path, format, problem);
        let file = std::fs::File::open(path).map_err(|e| fail(FileProblem::Io(e)))?;
        let size = file.metadata().map_err(|e| fail(FileProblem::Io(e)))?.len();
        if size < HEADER_BYTES as u64 {
            return Err(fail(FileProblem::NoHeader { size }));
        }
        // SAFETY: the map is read-only and private to this value; ponder never changes a
        // file in place (it writes a new file and renames it), so the bytes stay as mapped
        // while the map lives (the type's documentation names the exception).
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| fail(FileProblem::Io(e)))?;
        let header = Header::check(&map[..HEADER_BYTES], format, map.len() as u64).map_err(fail)?;
        #[cfg(unix)]
        {
            // Probes land anywhere: read no more than the page asked for.
            let _ = map.advise(memmap2::Advice::Random);
        }
        Ok(MappedFile {
            map,
            header,
            path: path.to_path_buf(),
            format: *format,
        })
    }

    /// The payload, in place.
    pub fn payload(&self) -> &[u8] {
        &self.map[HEADER_BYTES..]
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// An error about this file.
    pub fn error(&self, problem: FileProblem) -> FileError {
        FileError::new(&self.path, &self.format, problem)
    }

    /// Checks the payload's CRC-32 against the header's, reading the whole payload: from
    /// start to end with the kernel reading ahead in large blocks (a file not in the page
    /// cache comes at the disk's sequential speed, not one 4 KiB page a fault), then the map
    /// goes back to reading no more than a probe asks for.
    pub fn verify(&self) -> Result<(), FileError> {
        #[cfg(unix)]
        {
            let _ = self.map.advise(memmap2::Advice::Sequential);
            let _ = self.map.advise(memmap2::Advice::WillNeed);
        }
        let computed = crc32fast::hash(self.payload());
        #[cfg(unix)]
        {
            let _ = self.map.advise(memmap2::Advice::Random);
        }
        if computed != self.header.crc32 {
            return Err(self.error(FileProblem::Checksum {
                stored: self.header.crc32,
                computed,
            }));
        }
        Ok(())
    }
}
