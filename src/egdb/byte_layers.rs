//! Layers of one-byte values read as byte strings: `#[serde(deserialize_with =
//! "byte_layers::deserialize")]` on a `Vec<Vec<i8>>` written as a sequence of sequences of `i8`.
//! In the files' bincode encoding a sequence of `i8` and a byte string are the same bytes (a
//! length, then one byte a value), but a byte string is read in one piece instead of a call a
//! value: a 1.25 GB Kalah database loads in seconds.

use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, de};
use std::fmt;

/// Reads a sequence of layers, each a byte string (or a sequence of `i8` in formats that
/// write it so).
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<Vec<i8>>, D::Error> {
    let layers: Vec<ByteLayer> = Vec::deserialize(deserializer)?;
    Ok(layers.into_iter().map(|layer| layer.0).collect())
}

/// One layer.
struct ByteLayer(Vec<i8>);

impl<'de> Deserialize<'de> for ByteLayer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ByteLayer, D::Error> {
        deserializer
            .deserialize_byte_buf(LayerVisitor)
            .map(ByteLayer)
    }
}

struct LayerVisitor;

impl<'de> Visitor<'de> for LayerVisitor {
    type Value = Vec<i8>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a layer of one-byte values")
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Vec<i8>, E> {
        // Same size: the allocation is reused.
        Ok(bytes.into_iter().map(|byte| byte as i8).collect())
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Vec<i8>, E> {
        Ok(bytes.iter().map(|&byte| byte as i8).collect())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<i8>, A::Error> {
        // Not pre-sized from the input's claim: nothing allocated beyond what is read.
        let mut values = Vec::new();
        while let Some(value) = seq.next_element::<i8>()? {
            values.push(value);
        }
        Ok(values)
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize)]
    struct Written {
        layers: Vec<Vec<i8>>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct Read {
        #[serde(deserialize_with = "super::deserialize")]
        layers: Vec<Vec<i8>>,
    }

    #[test]
    fn layers_written_as_sequences_read_back_as_byte_strings() {
        let layers = vec![vec![], vec![0, -1, 1], (-128..=127).collect()];
        let written = Written {
            layers: layers.clone(),
        };
        let payload = crate::files::encode_bincode(&written).unwrap();
        let read: Read = crate::files::decode_bincode(&payload).unwrap();
        assert_eq!(read.layers, layers);
        let json = serde_json::to_string(&written).unwrap();
        let read: Read = serde_json::from_str(&json).unwrap();
        assert_eq!(read.layers, layers);
    }

    #[test]
    fn a_truncated_layer_is_an_error() {
        let written = Written {
            layers: vec![vec![1, 2, 3]],
        };
        let payload = crate::files::encode_bincode(&written).unwrap();
        let short = &payload[..payload.len() - 1];
        assert!(crate::files::decode_bincode::<Read>(short).is_err());
    }
}
