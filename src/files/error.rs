//! What can be wrong with a file, and the error that names it.

use super::FileFormat;
use std::path::{Path, PathBuf};

/// A file that could not be read or written: which file, what it should hold, what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {problem} (expected a {what})", path = path.display())]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What it should hold (the format's `what`).
    pub what: &'static str,
    /// What is wrong.
    #[source]
    pub problem: FileProblem,
}

impl FileError {
    /// An error about `path`, a file of `format`.
    pub fn new(path: &Path, format: &FileFormat, problem: FileProblem) -> FileError {
        FileError {
            path: path.to_path_buf(),
            what: format.what,
            problem,
        }
    }
}

/// What is wrong with a file.
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Shorter than a header.
    #[error("{size} bytes is too short for a ponder file header (truncated?)")]
    NoHeader {
        /// The file's size.
        size: u64,
    },
    /// The magic number is another format's, or none.
    #[error("magic {found} is not {expected}: not this kind of file", found = show(found), expected = show(expected))]
    Magic {
        /// The format's magic.
        expected: [u8; 8],
        /// The file's first 8 bytes.
        found: [u8; 8],
    },
    /// A version this build does not read.
    #[error("format version {found}, this build reads version {expected}")]
    Version {
        /// The version this build reads.
        expected: u32,
        /// The file's version.
        found: u32,
    },
    /// The header claims a payload over the format's limit.
    #[error("the payload would be {length} bytes, over the limit of {limit}")]
    TooLarge {
        /// The header's length.
        length: u64,
        /// The format's limit.
        limit: u64,
    },
    /// The file holds another length than its header says.
    #[error(
        "the header says {header} bytes of payload, the file holds {held} (truncated or appended to)"
    )]
    Length {
        /// The header's length.
        header: u64,
        /// The bytes after the header.
        held: u64,
    },
    /// The payload's checksum does not match.
    #[error("checksum {computed:08x} does not match the header's {stored:08x} (corrupted)")]
    Checksum {
        /// The header's CRC-32.
        stored: u32,
        /// The payload's CRC-32.
        computed: u32,
    },
    /// The payload does not decode.
    #[error("bad payload: {0}")]
    Payload(String),
}

/// A magic number as text, bytes that are not printable ASCII escaped.
fn show(magic: &[u8; 8]) -> String {
    format!("\"{}\"", magic.escape_ascii())
}
