//! Atomic writes: a temporary file in the target's directory, synced, then renamed over the
//! target (and the directory synced), so that a reader sees the old file or the new one,
//! never a part of one.

use super::{FileError, FileProblem};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a failed write says of its file: no format, a plain `file`.
const PLAIN: super::FileFormat = super::FileFormat::new([0; 8], 0, 0, "file");

/// Writes `path` atomically with what `write` puts in a new file (which it may seek in).
/// On any failure the temporary file is removed and `path` is left as it was.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> Result<(), FileError> {
    let mut pending = PendingFile::create(path)?;
    match write(pending.file()) {
        Ok(()) => pending.commit(),
        Err(e) => {
            pending.discard();
            Err(FileError::new(path, &PLAIN, FileProblem::Io(e)))
        }
    }
}

/// A file being written beside its final name, for writes that take a while (a match's
/// records): [`PendingFile::commit`] renames it into place. Until then the old file stays;
/// if the process dies first, what was written so far stays in the temporary file.
#[derive(Debug)]
pub struct PendingFile {
    file: File,
    temporary: PathBuf,
    path: PathBuf,
}

impl PendingFile {
    /// Starts writing `path` (in a new temporary file beside it).
    pub fn create(path: &Path) -> Result<PendingFile, FileError> {
        let fail = |e: std::io::Error| FileError::new(path, &PLAIN, FileProblem::Io(e));
        let temporary = temporary_path(path).map_err(fail)?;
        let file = File::create_new(&temporary).map_err(fail)?;
        Ok(PendingFile {
            file,
            temporary,
            path: path.to_path_buf(),
        })
    }

    /// The temporary file, to write to.
    pub fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// Syncs the file and renames it over the final name (then syncs the directory). On
    /// failure the temporary file is removed.
    pub fn commit(self) -> Result<(), FileError> {
        let result = self
            .file
            .sync_all()
            .and_then(|()| std::fs::rename(&self.temporary, &self.path));
        match result {
            Ok(()) => {
                sync_directory(&self.path);
                Ok(())
            }
            Err(e) => {
                let _ = std::fs::remove_file(&self.temporary);
                Err(FileError::new(&self.path, &PLAIN, FileProblem::Io(e)))
            }
        }
    }

    /// Gives the write up: removes the temporary file.
    pub fn discard(self) {
        let _ = std::fs::remove_file(&self.temporary);
    }
}

impl std::io::Write for PendingFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.file.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// Writes `bytes` to `path` atomically (outputs for other tools: reports, CSV, SVG, JSON).
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic(path, |file| std::io::Write::write_all(file, bytes))
}

/// A fresh name beside `path`: `.<name>.<pid>.<n>.tmp` in the same directory, so that the
/// rename stays within one file system.
fn temporary_path(path: &Path) -> std::io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temporary = format!(".{}.{}.{n}.tmp", name.to_string_lossy(), std::process::id());
    Ok(path.with_file_name(temporary))
}

/// Syncs the directory holding `path`, so that the rename itself is durable (best effort:
/// not every platform opens directories).
fn sync_directory(path: &Path) {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if let Ok(directory) = File::open(directory) {
        let _ = directory.sync_all();
    }
}
