//! The layers of an endgame database: one byte a value, layer `n` holding the positions of
//! `n` seeds. A layer is either held in memory (built here, merged from parts, read from a
//! stream) or read in place from a memory-mapped file ([`MappedFile`]): opening a database
//! file maps it and finds its layers without reading them.

use crate::files::MappedFile;
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::{Index, Range};
use std::sync::Arc;

/// A database's layers, in order of seeds.
#[derive(Clone, Default)]
pub(crate) struct Layers {
    layers: Vec<Layer>,
}

/// One layer.
#[derive(Clone)]
enum Layer {
    /// Values held in memory.
    Owned(Vec<i8>),
    /// Values read in place: `range` of `file`'s payload.
    Mapped {
        file: Arc<MappedFile>,
        range: Range<usize>,
    },
}

impl Layer {
    #[inline]
    fn values(&self) -> &[i8] {
        match self {
            Layer::Owned(values) => values,
            Layer::Mapped { file, range } => as_values(&file.payload()[range.clone()]),
        }
    }
}

/// Bytes as the one-byte values they store.
#[inline]
fn as_values(bytes: &[u8]) -> &[i8] {
    // SAFETY: `i8` has the size, alignment and valid bit patterns of `u8`.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<i8>(), bytes.len()) }
}

/// One-byte values as their bytes.
#[inline]
fn as_bytes(values: &[i8]) -> &[u8] {
    // SAFETY: `u8` has the size, alignment and valid bit patterns of `i8`.
    unsafe { std::slice::from_raw_parts(values.as_ptr().cast::<u8>(), values.len()) }
}

impl Layers {
    /// No layer, room for `capacity`.
    pub(crate) fn with_capacity(capacity: usize) -> Layers {
        Layers {
            layers: Vec::with_capacity(capacity),
        }
    }

    /// The layers of `file` that `slices` are (byte strings borrowed from its payload, as
    /// decoded in place): nothing is read or copied.
    pub(crate) fn mapped(file: &Arc<MappedFile>, slices: &[&[u8]]) -> Layers {
        let base = file.payload().as_ptr() as usize;
        let layers = slices
            .iter()
            .map(|slice| {
                let start = slice.as_ptr() as usize - base;
                Layer::Mapped {
                    file: file.clone(),
                    range: start..start + slice.len(),
                }
            })
            .collect();
        Layers { layers }
    }

    /// Appends a layer held in memory.
    pub(crate) fn push(&mut self, values: Vec<i8>) {
        self.layers.push(Layer::Owned(values));
    }

    /// How many layers there are.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.layers.len()
    }

    /// Layer `seeds`, if there is one.
    #[inline]
    pub(crate) fn get(&self, seeds: usize) -> Option<&[i8]> {
        self.layers.get(seeds).map(Layer::values)
    }

    /// Every layer, from 0 seeds up.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[i8]> {
        self.layers.iter().map(Layer::values)
    }

    /// Checks the checksum of every file a layer is read from (each read whole, once).
    pub(crate) fn verify_files(&self) -> Result<(), crate::files::FileError> {
        let mut checked: Vec<&Arc<MappedFile>> = Vec::new();
        for layer in &self.layers {
            if let Layer::Mapped { file, .. } = layer {
                if !checked.iter().any(|seen| Arc::ptr_eq(seen, file)) {
                    file.verify()?;
                    checked.push(file);
                }
            }
        }
        Ok(())
    }
}

impl Index<usize> for Layers {
    type Output = [i8];

    #[inline]
    fn index(&self, seeds: usize) -> &[i8] {
        self.layers[seeds].values()
    }
}

impl PartialEq for Layers {
    fn eq(&self, other: &Layers) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Layers {}

impl fmt::Debug for Layers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|layer| format!("{} values", layer.len())))
            .finish()
    }
}

/// Written as a sequence of byte strings: in the files' bincode encoding, the same bytes as a
/// sequence of sequences of `i8` (a length, then one byte a value), which
/// `byte_layers::deserialize` reads back.
impl Serialize for Layers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Bytes<'a>(&'a [i8]);
        impl Serialize for Bytes<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_bytes(as_bytes(self.0))
            }
        }
        serializer.collect_seq(self.iter().map(Bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_encode_as_sequences_of_i8() {
        let mut layers = Layers::default();
        layers.push(vec![]);
        layers.push(vec![0, -1, 1]);
        layers.push((-128..=127).collect());
        let plain: Vec<Vec<i8>> = layers.iter().map(<[i8]>::to_vec).collect();
        assert_eq!(
            crate::files::encode_bincode(&layers).unwrap(),
            crate::files::encode_bincode(&plain).unwrap()
        );
        assert_eq!(&layers[1], &[0, -1, 1]);
        assert_eq!(layers.get(3), None);
    }
}
