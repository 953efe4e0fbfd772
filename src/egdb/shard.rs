//! Splitting a build over `N` processes or machines: shard `i` of `N` takes the `i`-th of `N`
//! contiguous, nearly equal ranges of a layer's ranks.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Shard `index` of `count` (written `i/N`, `0 <= i < N`).
///
/// ```
/// use ponder::egdb::Shard;
/// let shard: Shard = "1/4".parse().unwrap();
/// assert_eq!(shard.range(10), 2..5);
/// assert!("4/4".parse::<Shard>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// The whole build as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Shard `index` of `count`; `None` unless `index < count`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index < count).then_some(Shard { index, count })
    }

    /// This shard's number, from 0.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// How many shards there are.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// This shard's part of `0..size`.
    pub fn range(&self, size: u64) -> Range<u64> {
        let cut = |i: u32| (u128::from(size) * u128::from(i) / u128::from(self.count)) as u64;
        cut(self.index)..cut(self.index + 1)
    }
}

/// Checks that `shards` (the `(index, count)` of each part of one job, in any order) are every
/// shard of the job exactly once; the message says which is missing, repeated or impossible.
///
/// ```
/// use ponder::egdb::check_shards;
/// assert!(check_shards(&[(1, 2), (0, 2)]).is_ok());
/// assert!(check_shards(&[(0, 2)]).unwrap_err().contains("1/2 is missing"));
/// assert!(check_shards(&[(0, 2), (0, 2)]).unwrap_err().contains("twice"));
/// ```
pub fn check_shards(shards: &[(u32, u32)]) -> Result<(), String> {
    let Some(&(_, count)) = shards.first() else {
        return Err("no part files".into());
    };
    let mut seen = vec![false; count as usize];
    for &(index, other_count) in shards {
        if other_count != count {
            return Err(format!(
                "the parts disagree on the number of shards: {count} and {other_count}"
            ));
        }
        let Some(slot) = seen.get_mut(index as usize) else {
            return Err(format!("shard {index}/{count} does not exist"));
        };
        if std::mem::replace(slot, true) {
            return Err(format!("shard {index}/{count} is given twice"));
        }
    }
    match seen.iter().position(|&seen| !seen) {
        Some(missing) => Err(format!("shard {missing}/{count} is missing")),
        None => Ok(()),
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("shard {text:?}: expected i/N with 0 <= i < N, e.g. 0/4");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        Shard::new(index, count).ok_or_else(bad)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
