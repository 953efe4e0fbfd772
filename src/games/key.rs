//! The exact, compact 14-byte position key.

use crate::games::debug_as_display;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of bytes in a [`Key`].
pub const KEY_BYTES: usize = 14;

/// An exact, canonical, compact encoding of everything that decides a position's future.
///
/// Two positions of the same game configuration share a key exactly when they are the same
/// position, so a transposition table keyed by it never has a false hit. Each game documents
/// its bit layout; [`crate::Game::from_key`] is the inverse.
///
/// ```
/// use ponder::Key;
/// let mut writer = ponder::KeyWriter::new();
/// writer.push(5, 3);
/// writer.push(1, 1);
/// let key = writer.finish();
/// let mut reader = key.reader();
/// assert_eq!(reader.take(3), 5);
/// assert_eq!(reader.take(1), 1);
/// assert_eq!(key, Key::from_bytes(*key.as_bytes()));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct Key([u8; KEY_BYTES]);

impl Key {
    /// The key with these bytes.
    #[inline]
    pub const fn from_bytes(bytes: [u8; KEY_BYTES]) -> Key {
        Key(bytes)
    }

    /// The key's bytes.
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; KEY_BYTES] {
        &self.0
    }

    /// The key as a 128-bit integer (little-endian, the two top bytes zero): handy for
    /// hashing and for bit-level layouts.
    #[inline]
    pub fn to_u128(&self) -> u128 {
        let mut bytes = [0u8; 16];
        bytes[..KEY_BYTES].copy_from_slice(&self.0);
        u128::from_le_bytes(bytes)
    }

    /// The key from a 128-bit integer, or `None` when bits above bit 111 are set.
    #[inline]
    pub fn from_u128(value: u128) -> Option<Key> {
        if value >> (8 * KEY_BYTES) != 0 {
            return None;
        }
        let bytes = value.to_le_bytes();
        let mut key = [0u8; KEY_BYTES];
        key.copy_from_slice(&bytes[..KEY_BYTES]);
        Some(Key(key))
    }

    /// A 64-bit hash of the key, for indexing tables. Not a substitute for comparing keys.
    #[inline]
    pub fn hash64(&self) -> u64 {
        Key::hash_bits(self.to_u128())
    }

    /// [`Key::hash64`] of a key as a number ([`Key::to_u128`]), for keys of up to 128 bits
    /// (the seated search's wide table).
    #[inline]
    pub fn hash_bits(v: u128) -> u64 {
        let lo = v as u64;
        let hi = (v >> 64) as u64;
        let mixed = lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        // splitmix64 finaliser
        let mut z = mixed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A reader that takes bit fields back out in the order a [`KeyWriter`] pushed them.
    pub fn reader(&self) -> KeyReader {
        KeyReader {
            bits: self.to_u128(),
            used: 0,
        }
    }
}

debug_as_display!(Key);

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

/// Packs bit fields, least significant first, into a [`Key`].
#[derive(Debug, Default, Clone)]
pub struct KeyWriter {
    bits: u128,
    used: u32,
}

impl KeyWriter {
    /// An empty writer.
    pub const fn new() -> KeyWriter {
        KeyWriter { bits: 0, used: 0 }
    }

    /// Appends the low `width` bits of `value`.
    ///
    /// # Panics
    /// Panics in debug builds if the field overflows its width or the 112 key bits; games size
    /// their layouts when a configuration is validated, so this is a programming error.
    #[inline]
    pub fn push(&mut self, value: u64, width: u32) {
        debug_assert!(
            width == 64 || value >> width == 0,
            "key field overflows its width"
        );
        debug_assert!(
            self.used + width <= 8 * KEY_BYTES as u32,
            "key overflows 112 bits"
        );
        self.bits |= (value as u128) << self.used;
        self.used += width;
    }

    /// Bits pushed so far.
    pub fn bits_used(&self) -> u32 {
        self.used
    }

    /// The finished key.
    #[inline]
    pub fn finish(self) -> Key {
        Key::from_u128(self.bits).unwrap_or_default()
    }
}

/// Reads bit fields back out of a [`Key`], in the order they were pushed.
#[derive(Debug, Clone)]
pub struct KeyReader {
    bits: u128,
    used: u32,
}

impl KeyReader {
    /// Takes the next `width` bits (at most 64).
    #[inline]
    pub fn take(&mut self, width: u32) -> u64 {
        let mask = if width >= 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let value = ((self.bits >> self.used) as u64) & mask;
        self.used += width;
        value
    }

    /// Whether every bit after the fields taken so far is zero (a canonical key).
    pub fn rest_is_zero(&self) -> bool {
        self.used >= 128 || self.bits >> self.used == 0
    }
}
