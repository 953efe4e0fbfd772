//! A seated game as a two-sided one: the root seat against the rest, so that paranoid, BRS and
//! BRS+ run on the crate's one node loop (`search/pvs.rs`, with its table, ordering, limits
//! and stop signal) rather than on a loop of their own.
//!
//! [`Sided`] wraps a position of a [`SeatedGame`] with the root seat and the [`Rule`]: its side
//! to move is [`Seat::FIRST`] when the root seat is to move, [`Seat::SECOND`] when any other
//! seat is (the other seats moving one after another are one side moving several times, which
//! PVS handles as it handles Kalah's extra turns: no sign change). Its evaluation is the root
//! seat's utility from the side to move's point of view, at the horizon and where the game is
//! over alike, so the PVS value at the root is the root seat's utility that the rule's
//! definition gives:
//! - **paranoid**: every seat plays its own moves in turn;
//! - **BRS**: where the others are to move, the moves of every other seat still in play, each
//!   played from the position with that seat to move ([`SeatedGame::with_turn`]) and the turn
//!   handed back to the root seat (one layer, the reply worst for the root seat counting);
//! - **BRS+**: as BRS, but the seats between the one searched and the root seat play their
//!   first move by the static ordering (the highest [`Game::move_order_hint`], the first in
//!   natural order among equals) instead of passing.
//!
//! A move is the seat that plays it and its move ([`SeatMove`]). Positions are filed in the
//! table by [`Game::table_key`]: the seated game's exact [`SeatedGame::search_key`] with the
//! rule and the root seat in its four top bits, so the rules and the root seats share one table
//! without mixing values (max-n keeps the tag 0). Nothing here allocates.

use super::{MultiAlgorithm, SeatedGame};
use crate::eval::Evaluator;
use crate::games::{Game, GameError, Key, Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The two-sided searches of a seated game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum Rule {
    /// Paranoid: the others play their moves in turn, minimising the root seat's utility.
    Paranoid,
    /// Best-reply search: one layer of every other seat's moves, the turn handed back.
    Brs,
    /// BRS+: BRS where the seats not searched play their ordering's first move.
    BrsPlus,
}

impl Rule {
    /// The rule of a two-sided algorithm; `None` for max-n and greedy.
    pub(crate) fn of(algorithm: MultiAlgorithm) -> Option<Rule> {
        match algorithm {
            MultiAlgorithm::Paranoid => Some(Rule::Paranoid),
            MultiAlgorithm::Brs => Some(Rule::Brs),
            MultiAlgorithm::BrsPlus => Some(Rule::BrsPlus),
            MultiAlgorithm::MaxN | MultiAlgorithm::Greedy => None,
        }
    }

    /// The rule's tag in the table key (1 to 3; max-n's entries have 0).
    fn tag(self) -> u128 {
        match self {
            Rule::Paranoid => 1,
            Rule::Brs => 2,
            Rule::BrsPlus => 3,
        }
    }
}

/// A move of the two-sided view: the seat that plays it and its move in the seated game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct SeatMove<M> {
    /// The seat that plays it.
    pub seat: Seat,
    /// Its move.
    pub mv: M,
}

impl<M: fmt::Display> fmt::Display for SeatMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.mv, f)
    }
}

/// A position of a seated game seen by its root seat under a [`Rule`] (see the module
/// documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Sided<G> {
    position: G,
    root: Seat,
    rule: Rule,
}

impl<G: SeatedGame> Sided<G> {
    /// `position` searched for its seat to move under `rule`.
    pub(crate) fn new(position: G, rule: Rule) -> Sided<G> {
        Sided {
            root: position.side_to_move(),
            position,
            rule,
        }
    }

    /// Whether the root seat is to move.
    #[inline]
    fn root_to_move(&self) -> bool {
        self.position.side_to_move() == self.root
    }

    /// Whether the node is a layer of the other seats' best replies (BRS, BRS+).
    #[inline]
    fn replies(&self) -> bool {
        self.rule != Rule::Paranoid && !self.root_to_move()
    }

    /// The position `seat` plays its replies from, or `None` when it cannot move before the
    /// root seat: BRS hands it the turn, BRS+ plays the ordering's moves of the seats to move
    /// before it.
    #[inline]
    fn mover(&self, seat: Seat) -> Option<G> {
        match self.rule {
            Rule::BrsPlus => self.forward_to(seat),
            _ => self.position.with_turn(seat),
        }
    }

    /// Wraps a position reached from this one.
    #[inline]
    fn with(&self, position: G) -> Sided<G> {
        Sided { position, ..*self }
    }

    /// The position after the seats to move play their ordering's first move until `seat` is
    /// to move; `None` when the root seat's turn or the game's end comes first.
    fn forward_to(&self, seat: Seat) -> Option<G> {
        let mut position = self.position;
        for _ in 0..position.seat_count() {
            let mover = position.side_to_move();
            if mover == seat {
                return Some(position);
            }
            if mover == self.root {
                return None;
            }
            position = position.play_unchecked(ordering_move(&position)?);
        }
        None
    }

    /// `position` after the seats to move play their ordering's first move until the root
    /// seat is to move (or the game ends, or the turn has gone round once: the root seat is
    /// out).
    fn back_to_root(&self, mut position: G) -> G {
        for _ in 1..position.seat_count() {
            if position.side_to_move() == self.root {
                break;
            }
            match ordering_move(&position) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            }
        }
        position
    }
}

/// The first move of `position`'s seat to move by the static ordering (the highest
/// [`Game::move_order_hint`], the first in natural order among equals); `None` when the game
/// is over.
fn ordering_move<G: SeatedGame>(position: &G) -> Option<G::Move> {
    let mut best: Option<(G::Move, i32)> = None;
    position.for_each_move(|mv| {
        let hint = position.move_order_hint(mv);
        if best.is_none_or(|(_, old)| hint > old) {
            best = Some((mv, hint));
        }
    });
    best.map(|(mv, _)| mv)
}

impl<G: SeatedGame> fmt::Display for Sided<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position, f)
    }
}

impl<G: SeatedGame> Game for Sided<G> {
    type Move = SeatMove<G::Move>;
    type Config = G::Config;

    const NAME: &'static str = G::NAME;

    /// The seated game's start, searched for its first seat under paranoid.
    fn start(config: &G::Config) -> Result<Sided<G>, GameError> {
        Ok(Sided::new(G::start(config)?, Rule::Paranoid))
    }

    /// [`Seat::FIRST`] when the root seat is to move, else [`Seat::SECOND`].
    #[inline]
    fn side_to_move(&self) -> Seat {
        if self.root_to_move() {
            Seat::FIRST
        } else {
            Seat::SECOND
        }
    }

    /// The seat to move's moves; in a layer of best replies, every other seat's that can
    /// move, in seat order. None when the game is over.
    #[inline]
    fn legal_moves(&self, moves: &mut Vec<SeatMove<G::Move>>) {
        moves.clear();
        if !self.replies() {
            let seat = self.position.side_to_move();
            self.position
                .for_each_move(|mv| moves.push(SeatMove { seat, mv }));
            return;
        }
        for seat in (0..self.position.seat_count()).map(Seat::new) {
            if seat == self.root {
                continue;
            }
            if let Some(mover) = self.mover(seat) {
                mover.for_each_move(|mv| moves.push(SeatMove { seat, mv }));
            }
        }
    }

    /// The move played; in a layer of best replies, from the replying seat's position, the
    /// turn then handed back to the root seat (BRS: given back, BRS+: after the ordering's
    /// moves of the seats between).
    #[inline]
    fn play_unchecked(&self, sm: SeatMove<G::Move>) -> Sided<G> {
        if !self.replies() {
            return self.with(self.position.play_unchecked(sm.mv));
        }
        let child = self
            .mover(sm.seat)
            .unwrap_or(self.position)
            .play_unchecked(sm.mv);
        self.with(match self.rule {
            Rule::BrsPlus => self.back_to_root(child),
            _ => child.with_turn(self.root).unwrap_or(child),
        })
    }

    /// Always `None`: a finished position has no moves and is valued, as every leaf, by the
    /// root seat's utility ([`Game::evaluate`]), so that the search's values are the seated
    /// game's utilities and not decisive scores.
    fn outcome(&self) -> Option<Outcome> {
        None
    }

    /// The seated game's 14-byte key with the rule and the root seat mixed in: not exact for
    /// four seats; the search files positions by [`Game::table_key`], which is.
    #[inline]
    fn key(&self) -> Key {
        let wide = self.table_key();
        Key::from_u128((wide & ((1 << 112) - 1)) ^ (wide >> 112)).unwrap_or_default()
    }

    /// [`SeatedGame::search_key`] with the rule (two bits) and the root seat (two bits) in
    /// its top four bits.
    #[inline]
    fn table_key(&self) -> u128 {
        let tag = self.rule.tag() << 2 | self.root.index() as u128;
        self.position.search_key() | tag << 124
    }

    /// The root seat's utility, from the side to move's point of view.
    #[inline]
    fn evaluate(&self) -> i32 {
        let utility = self.position.utility(self.root);
        if self.root_to_move() {
            utility
        } else {
            -utility
        }
    }

    /// The seated game's hint for the move, in the position with the moving seat to move.
    #[inline]
    fn move_order_hint(&self, sm: SeatMove<G::Move>) -> i32 {
        if self.position.side_to_move() == sm.seat {
            return self.position.move_order_hint(sm.mv);
        }
        self.position
            .with_turn(sm.seat)
            .map_or(0, |mover| mover.move_order_hint(sm.mv))
    }
}

/// The evaluation of [`Sided`] positions: the root seat's utility ([`Game::evaluate`]).
pub(crate) struct RootUtility;

impl<G: SeatedGame> Evaluator<Sided<G>> for RootUtility {
    #[inline]
    fn evaluate(&self, position: &Sided<G>, _last_move: Option<SeatMove<G::Move>>) -> i32 {
        position.evaluate()
    }
}
