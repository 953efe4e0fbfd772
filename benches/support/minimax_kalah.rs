//! Kalah expressed through the `minimax` crate's own traits (`minimax::Game`,
//! `minimax::Evaluator`), over ponder's Kalah rules, so that both searches run on the same move
//! generator and evaluation and only the search differs.
//!
//! The crate's negamax assumes the side to move changes every ply, so an extra turn is modelled
//! as in the crate's own mancala example: after a move that earns another turn, the opponent
//! must play a pass. A pass costs the crate a ply of depth, so at equal nominal depth the crate
//! looks at no more real moves than ponder does.

use ponder::games::kalah::KalahMove;
use ponder::{Game, Kalah, Seat};

/// The crate's move: a pit, or the forced pass after an extra turn.
pub const PASS: u8 = u8::MAX;

/// A position as the crate sees it: the Kalah position, whether the player on move (in the
/// crate's alternating sense) must pass, and that player.
#[derive(Copy, Clone, Debug)]
pub struct CrateKalah {
    pub position: Kalah,
    pub must_pass: bool,
}

impl CrateKalah {
    pub fn new(position: Kalah) -> CrateKalah {
        CrateKalah {
            position,
            must_pass: false,
        }
    }

    /// The player the crate thinks is on move.
    fn on_move(&self) -> Seat {
        if self.must_pass {
            self.position.side_to_move().opponent()
        } else {
            self.position.side_to_move()
        }
    }
}

/// The rules, through `minimax::Game`.
pub struct CrateGame;

impl minimax::Game for CrateGame {
    type S = CrateKalah;
    type M = u8;

    fn generate_moves(state: &CrateKalah, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(winner) = Self::get_winner(state) {
            return Some(winner);
        }
        if state.must_pass {
            moves.push(PASS);
            return None;
        }
        let mut legal = Vec::with_capacity(8);
        state.position.legal_moves(&mut legal);
        moves.extend(legal.iter().map(|m| m.pit() as u8));
        None
    }

    fn apply(state: &mut CrateKalah, m: u8) -> Option<CrateKalah> {
        if m == PASS {
            return Some(CrateKalah {
                position: state.position,
                must_pass: false,
            });
        }
        let before = state.position;
        let position = before.play_unchecked(KalahMove::new(m));
        let extra_turn =
            position.outcome().is_none() && position.side_to_move() == before.side_to_move();
        Some(CrateKalah {
            position,
            must_pass: extra_turn,
        })
    }

    fn get_winner(state: &CrateKalah) -> Option<minimax::Winner> {
        let outcome = state.position.outcome()?;
        // After the last move the crate's player on move is the one who did not make it.
        let margin = outcome.margin_for(state.on_move());
        Some(match margin.signum() {
            1 => minimax::Winner::PlayerToMove,
            -1 => minimax::Winner::PlayerJustMoved,
            _ => minimax::Winner::Draw,
        })
    }

    fn zobrist_hash(state: &CrateKalah) -> u64 {
        state.position.key().hash64() ^ (u64::from(state.must_pass) * 0x9E37_79B9_7F4A_7C15)
    }

    fn null_move(_state: &CrateKalah) -> Option<u8> {
        None
    }

    fn notation(_state: &CrateKalah, m: u8) -> Option<String> {
        Some(if m == PASS {
            "pass".into()
        } else {
            m.to_string()
        })
    }

    fn table_index(m: u8) -> u16 {
        if m == PASS { 0 } else { u16::from(m) + 1 }
    }

    fn max_table_index() -> u16 {
        16
    }
}

/// Kalah `store-diff` (the mover's store minus the opponent's) for the crate's player on move.
#[derive(Default, Clone, Copy)]
pub struct CrateStoreDiff;

impl minimax::Evaluator for CrateStoreDiff {
    type G = CrateGame;
    fn evaluate(&self, state: &CrateKalah) -> minimax::Evaluation {
        let me = state.on_move();
        let position = &state.position;
        (i32::from(position.store(me)) - i32::from(position.store(me.opponent()))) as i16
    }
}
