//! The header every file ponder reads back starts with, and the checksumming reader and
//! writer of its payload.

use super::{FileFormat, FileProblem};
use std::io::{Read, Write};

/// The header's size in bytes: magic 8, version 4, length 8, CRC-32 4.
pub const HEADER_BYTES: usize = 24;

/// A file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The magic number naming the format.
    pub magic: [u8; 8],
    /// The format version.
    pub version: u32,
    /// The payload's length in bytes.
    pub length: u64,
    /// The CRC-32 (IEEE) of the payload.
    pub crc32: u32,
}

impl Header {
    /// The header's bytes.
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut bytes = [0; HEADER_BYTES];
        bytes[..8].copy_from_slice(&self.magic);
        bytes[8..12].copy_from_slice(&self.version.to_le_bytes());
        bytes[12..20].copy_from_slice(&self.length.to_le_bytes());
        bytes[20..].copy_from_slice(&self.crc32.to_le_bytes());
        bytes
    }

    /// Reads the header at the start of a file of `file_size` bytes (`bytes` holds its first
    /// bytes, up to [`HEADER_BYTES`]) and checks it against `format`: the magic, the version,
    /// the length against the format's limit and against what the file holds.
    pub fn check(bytes: &[u8], format: &FileFormat, file_size: u64) -> Result<Header, FileProblem> {
        let Ok(bytes) = <&[u8; HEADER_BYTES]>::try_from(bytes) else {
            return Err(FileProblem::NoHeader { size: file_size });
        };
        let mut magic = [0; 8];
        magic.copy_from_slice(&bytes[..8]);
        if magic != format.magic {
            return Err(FileProblem::Magic {
                expected: format.magic,
                found: magic,
            });
        }
        let word = |range: std::ops::Range<usize>| {
            let mut value = [0; 8];
            value[..range.len()].copy_from_slice(&bytes[range]);
            u64::from_le_bytes(value)
        };
        let header = Header {
            magic,
            version: word(8..12) as u32,
            length: word(12..20),
            crc32: word(20..24) as u32,
        };
        if header.version != format.version {
            return Err(FileProblem::Version {
                expected: format.version,
                found: header.version,
            });
        }
        if header.length > format.max_payload {
            return Err(FileProblem::TooLarge {
                length: header.length,
                limit: format.max_payload,
            });
        }
        let held = file_size - HEADER_BYTES as u64;
        if held != header.length {
            return Err(FileProblem::Length {
                header: header.length,
                held,
            });
        }
        Ok(header)
    }
}

/// A writer that counts and checksums what passes through it.
pub(super) struct CrcWriter<W: Write> {
    inner: W,
    hasher: crc32fast::Hasher,
    length: u64,
}

impl<W: Write> CrcWriter<W> {
    pub(super) fn new(inner: W) -> CrcWriter<W> {
        CrcWriter {
            inner,
            hasher: crc32fast::Hasher::new(),
            length: 0,
        }
    }

    /// Flushes and answers the length and CRC-32 of everything written.
    pub(super) fn finish(mut self) -> std::io::Result<(u64, u32)> {
        self.inner.flush()?;
        Ok((self.length, self.hasher.finalize()))
    }
}

impl<W: Write> Write for CrcWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(bytes)?;
        self.hasher.update(&bytes[..written]);
        self.length += written as u64;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// A reader that checksums what passes through it.
pub(super) struct CrcReader<R: Read> {
    inner: R,
    hasher: crc32fast::Hasher,
}

impl<R: Read> CrcReader<R> {
    pub(super) fn new(inner: R) -> CrcReader<R> {
        CrcReader {
            inner,
            hasher: crc32fast::Hasher::new(),
        }
    }

    /// The CRC-32 of everything read so far.
    pub(super) fn crc32(&self) -> u32 {
        self.hasher.clone().finalize()
    }
}

impl<R: Read> Read for CrcReader<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        self.hasher.update(&buffer[..read]);
        Ok(read)
    }
}
