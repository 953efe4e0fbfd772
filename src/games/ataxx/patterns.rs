//! Ataxx's n-tuple patterns for the fitted evaluation: the 36 2×2 windows of the 7×7 board,
//! each cell empty, the side to move's, the opponent's or a blocker (4⁴ = 256 configurations
//! a window), with one weight per class of (window, configuration) pairs that the board's
//! eight symmetries map onto each other.
//!
//! A window's configuration is read from two planes, `A = ours | blockers` and
//! `B = theirs | blockers` (a cell is empty `(0, 0)`, ours `(1, 0)`, theirs `(0, 1)`, a
//! blocker `(1, 1)`): two shifts and masks a plane. [`PATTERN_INDEX`], built at compile
//! time, maps `window * 256 + configuration` to its class's weight.

/// Windows a rank (and a file): 2×2 windows of a 7×7 board.
const SPAN: usize = 6;
/// The number of 2×2 windows.
pub(super) const WINDOWS: usize = SPAN * SPAN;
/// Configurations of one window.
const CONFIGS: usize = 256;
/// Every (window, configuration) pair.
const KEYS: usize = WINDOWS * CONFIGS;

/// The square (bit) of window `w`'s lower-left cell; its cells are that square, the one to
/// its right, the one above and the one above-right (cells 0 to 3).
pub(super) const fn window_base(w: usize) -> u32 {
    ((w / SPAN) * 7 + w % SPAN) as u32
}

/// Cell `(rank, file)` under symmetry `s` of the board (0 to 7: the identity, the mirrors
/// and the rotations).
const fn transform(s: usize, rank: usize, file: usize) -> (usize, usize) {
    let (r, f) = if s & 4 != 0 {
        (file, rank)
    } else {
        (rank, file)
    };
    let r = if s & 1 != 0 { 6 - r } else { r };
    let f = if s & 2 != 0 { 6 - f } else { f };
    (r, f)
}

/// The key of (window, configuration) pair `key` under symmetry `s`.
const fn transform_key(s: usize, key: usize) -> usize {
    let (w, config) = (key / CONFIGS, key % CONFIGS);
    let (rank, file) = (w / SPAN, w % SPAN);
    let mut cells = [(0, 0); 4];
    let (mut low_rank, mut low_file) = (6, 6);
    let mut k = 0;
    while k < 4 {
        let (r, f) = transform(s, rank + k / 2, file + k % 2);
        cells[k] = (r, f);
        if r < low_rank {
            low_rank = r;
        }
        if f < low_file {
            low_file = f;
        }
        k += 1;
    }
    let mut image = 0;
    let mut k = 0;
    while k < 4 {
        let (r, f) = cells[k];
        let to = (r - low_rank) * 2 + (f - low_file);
        image |= ((config >> k) & 1) << to;
        image |= ((config >> (k + 4)) & 1) << (to + 4);
        k += 1;
    }
    (low_rank * SPAN + low_file) * CONFIGS + image
}

/// The smallest key of `key`'s class under the eight symmetries.
const fn canonical(key: usize) -> usize {
    let mut best = key;
    let mut s = 1;
    while s < 8 {
        let image = transform_key(s, key);
        if image < best {
            best = image;
        }
        s += 1;
    }
    best
}

/// Each key's weight index: classes numbered by their smallest key, in order.
const fn build_index() -> ([u16; KEYS], usize) {
    let mut index = [0u16; KEYS];
    let mut classes = 0;
    let mut key = 0;
    while key < KEYS {
        let canon = canonical(key);
        if canon == key {
            index[key] = classes as u16;
            classes += 1;
        } else {
            // The smallest key of the class came earlier and is numbered already.
            index[key] = index[canon];
        }
        key += 1;
    }
    (index, classes)
}

const BUILT: ([u16; KEYS], usize) = build_index();

/// The weight index of each `window * 256 + configuration`.
pub(super) static PATTERN_INDEX: [u16; KEYS] = BUILT.0;

/// The number of pattern weights (classes of symmetric window configurations).
pub(super) const PATTERN_CLASSES: usize = BUILT.1;

/// Window `w`'s configuration in the planes `a` (ours or blocked) and `b` (theirs or
/// blocked): bits 0 to 3 the cells' `a` bits, bits 4 to 7 their `b` bits.
#[inline(always)]
pub(super) fn window_config(a: u64, b: u64, w: usize) -> usize {
    let base = window_base(w);
    let low = |plane: u64| ((plane >> base) & 3) | (((plane >> (base + 7)) & 3) << 2);
    (low(a) | (low(b) << 4)) as usize
}

/// Calls `visit` with the weight index of each of the 36 windows of the position with our
/// stones `us`, theirs `them` and the blockers `blockers`.
#[inline(always)]
pub(super) fn for_each_pattern(us: u64, them: u64, blockers: u64, mut visit: impl FnMut(usize)) {
    let (a, b) = (us | blockers, them | blockers);
    for w in 0..WINDOWS {
        visit(usize::from(
            PATTERN_INDEX[w * CONFIGS + window_config(a, b, w)],
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ataxx::{Ataxx, Cell, Square};
    use crate::{Game, Seat};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn symmetries_form_a_group_on_keys_and_classes_are_about_an_eighth() {
        for key in (0..KEYS).step_by(7) {
            // The identity, and each symmetry applied twice or its inverse, come back.
            assert_eq!(transform_key(0, key), key);
            for s in 0..8 {
                let image = transform_key(s, key);
                assert!(image < KEYS);
                assert_eq!(canonical(image), canonical(key));
            }
        }
        // The classes counted at run time, and their indices dense and shared within a class.
        let mut seen = std::collections::HashMap::new();
        for (key, &index) in PATTERN_INDEX.iter().enumerate() {
            let canon = (0..8).map(|s| transform_key(s, key)).min().unwrap();
            assert_eq!(*seen.entry(canon).or_insert(index), index);
        }
        assert_eq!(seen.len(), PATTERN_CLASSES);
        // Burnside: more than KEYS / 8 classes (some keys are fixed by a symmetry).
        assert!(seen.len() > KEYS / 8 && seen.len() < KEYS / 4);
    }

    /// The board of `fen` under symmetry `s`, as a FEN (built square by square).
    fn transformed_fen(position: &Ataxx, s: usize) -> String {
        let mut ranks = Vec::new();
        for rank in (0..7).rev() {
            let mut text = String::new();
            let mut gap = 0;
            for file in 0..7 {
                // The square that lands on (rank, file) under s: apply s's inverse by search.
                let from = (0..49)
                    .find(|&i| transform(s, i / 7, i % 7) == (rank, file))
                    .unwrap();
                let cell = position.cell(Square::from_index(from as u8).unwrap());
                let c = match cell {
                    Cell::Empty => None,
                    Cell::Blocker => Some('-'),
                    Cell::Stone(seat) if seat == Seat::FIRST => Some('x'),
                    Cell::Stone(_) => Some('o'),
                };
                match c {
                    None => gap += 1,
                    Some(c) => {
                        if gap > 0 {
                            text.push_str(&gap.to_string());
                            gap = 0;
                        }
                        text.push(c);
                    }
                }
            }
            if gap > 0 {
                text.push_str(&gap.to_string());
            }
            ranks.push(text);
        }
        let turn = if position.turn() == Seat::FIRST {
            'x'
        } else {
            'o'
        };
        format!("{} {turn} 0 1", ranks.join("/"))
    }

    /// The pattern indices of `position`, counted: by the bitboards.
    fn indices(position: &Ataxx) -> Vec<usize> {
        let me = position.turn();
        let mut out = Vec::new();
        for_each_pattern(
            position.stone_bits(me),
            position.stone_bits(me.opponent()),
            position.blockers().bits(),
            |i| out.push(i),
        );
        out.sort_unstable();
        out
    }

    /// The same, read square by square through [`Ataxx::cell`] and canonicalised by trying
    /// every symmetry on the window's cells directly.
    fn indices_by_cells(position: &Ataxx) -> Vec<usize> {
        let mut out = Vec::new();
        for w in 0..WINDOWS {
            let (rank, file) = (w / SPAN, w % SPAN);
            let mut config = 0;
            for k in 0..4 {
                let square = Square::from_index(((rank + k / 2) * 7 + file + k % 2) as u8);
                let (a, b) = match position.cell(square.unwrap()) {
                    Cell::Empty => (0, 0),
                    Cell::Blocker => (1, 1),
                    Cell::Stone(seat) if seat == position.turn() => (1, 0),
                    Cell::Stone(_) => (0, 1),
                };
                config |= (a << k) | (b << (k + 4));
            }
            let key = w * CONFIGS + config;
            let canon = (0..8).map(|s| transform_key(s, key)).min().unwrap();
            out.push(usize::from(PATTERN_INDEX[canon]));
        }
        out.sort_unstable();
        out
    }

    fn random_position(rng: &mut SmallRng) -> Ataxx {
        let mut position = Ataxx::start(&Default::default()).unwrap();
        let mut moves = Vec::new();
        for _ in 0..rng.random_range(0..60) {
            if position.outcome().is_some() {
                break;
            }
            position.legal_moves(&mut moves);
            position = position.play(moves[rng.random_range(0..moves.len())]);
        }
        position
    }

    #[test]
    fn symmetric_positions_have_the_same_patterns() {
        let mut rng = SmallRng::seed_from_u64(11);
        let weights: Vec<i64> = (0..PATTERN_CLASSES)
            .map(|_| rng.random_range(-1000..1000))
            .collect();
        let sum = |p: &Ataxx| indices(p).iter().map(|&i| weights[i]).sum::<i64>();
        for _ in 0..40 {
            let position = random_position(&mut rng);
            assert_eq!(indices(&position), indices_by_cells(&position));
            for s in 1..8 {
                let fen = transformed_fen(&position, s);
                let image = Ataxx::parse_position(&Default::default(), &fen)
                    .unwrap()
                    .current();
                assert_eq!(indices(&image), indices(&position), "{fen}, symmetry {s}");
                assert_eq!(sum(&image), sum(&position));
            }
        }
    }

    #[test]
    fn blockers_are_their_own_state() {
        let blocked = Ataxx::parse_position(&Default::default(), "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
            .unwrap()
            .current();
        let open = Ataxx::parse_position(&Default::default(), "x5o/7/7/7/7/7/o5x x 0 1")
            .unwrap()
            .current();
        assert_ne!(indices(&blocked), indices(&open));
        assert_eq!(indices(&blocked), indices_by_cells(&blocked));
    }
}
