//! [`Played<G>`]: what every server game keeps whatever plays its bots (the two-player
//! engine or the seated one): the record from the position given, the turn's clock, the
//! latest thinking, and the `state`'s position part with the result (ranks, resignations).

use super::types::{GameRecordJson, LegalMove, Position, ResultJson, Thinking, WsMessage};
use crate::games::{Game, GameRecord, GameSpec, GameView, Seat, competition_ranks};
use std::time::Instant;

/// The record of one server game and what its driver tracks about turns.
pub struct Played<G: Game> {
    start_text: Option<String>,
    start_ply: usize,
    /// The game from its start position.
    pub record: GameRecord<G>,
    /// When the position came to the seat to move.
    pub turn_started: Instant,
    /// The latest thinking of the bots' engine, while it thinks.
    pub thinking: Option<Thinking>,
}

impl<G: Game> Played<G> {
    /// A game of `spec` from `position` (its notation; `None`: the start).
    pub fn new(spec: &GameSpec, position: Option<&str>) -> Result<Played<G>, String> {
        let config = G::config_from_spec(spec).map_err(|e| e.to_string())?;
        let record = GameRecord::of(&config, position).map_err(|e| match position {
            Some(_) => format!("position: {e}"),
            None => e.to_string(),
        })?;
        Ok(Played {
            start_text: position.map(str::to_string),
            start_ply: record.moves().len(),
            record,
            turn_started: Instant::now(),
            thinking: None,
        })
    }

    /// The moves since the position given, as text.
    fn played(&self) -> Vec<String> {
        self.record.moves()[self.start_ply..]
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Reads a person's move in the current position.
    pub fn parse(&self, text: &str) -> Result<G::Move, String> {
        self.record
            .current()
            .parse_move(text.trim())
            .map_err(|e| e.to_string())
    }

    /// Plays `mv` (checked): the next turn starts, the thinking is over.
    pub fn apply(&mut self, mv: G::Move) -> Result<(), String> {
        self.record.try_play(mv).map_err(|e| e.to_string())?;
        self.turn_started = Instant::now();
        self.thinking = None;
        Ok(())
    }

    /// Takes the last move back (not before the position given).
    pub fn take_back(&mut self) -> Result<(), String> {
        if self.record.moves().len() == self.start_ply {
            return Err("no move to take back".to_string());
        }
        self.record.undo().map_err(|e| e.to_string())?;
        self.turn_started = Instant::now();
        self.thinking = None;
        Ok(())
    }

    /// The `reply` message of a bot's move `mv` now (`pondered`, `kept_depth`: what the
    /// engine had thought on the person's time).
    pub fn reply(&self, seat: usize, mv: G::Move, pondered: bool, kept_depth: u32) -> WsMessage {
        WsMessage::Reply {
            seat,
            mv: mv.to_string(),
            reply_ms: self.turn_started.elapsed().as_millis() as u64,
            pondered,
            kept_depth,
        }
    }
}

/// The record side of a server game as the server asks for it, whatever the game: what
/// [`LiveGame`](super::live::LiveGame) answers from it.
pub trait ServedRecord: Send {
    /// The position part of a `state` (`resigned`: the seat that resigned, if any).
    fn position(&self, resigned: Option<usize>) -> Position;
    /// The record: the start position given and the moves since.
    fn record_json(&self, spec: &GameSpec) -> GameRecordJson;
    /// The seat to move, `None` when the game is over by the rules.
    fn to_move(&self) -> Option<usize>;
    /// Moves played since the position given.
    fn ply(&self) -> usize;
    /// The number of seats.
    fn seat_count(&self) -> usize;
}

impl<G: GameView> ServedRecord for Played<G> {
    /// The position part of a `state` (`resigned`: the seat that resigned, if any).
    fn position(&self, resigned: Option<usize>) -> Position {
        let current = self.record.current();
        let outcome = self.record.outcome();
        let over = outcome.is_some() || resigned.is_some();
        let seats = current.seat_count();
        let mut moves = Vec::new();
        if !over {
            self.record.legal_moves(&mut moves);
        }
        let played = self.played();
        let scores: Vec<u32> = if outcome.is_some() && seats == 2 {
            self.record.scores().to_vec()
        } else {
            (0..seats)
                .map(|s| current.seat_score(Seat::new(s)))
                .collect()
        };
        let result = match (resigned, outcome) {
            (Some(seat), _) => Some(resigned_result(seat, &scores)),
            (None, Some(_)) => Some(finished_result(&current, &scores)),
            _ => None,
        };
        Position {
            game: G::NAME,
            to_move: (!over).then(|| current.side_to_move().index()),
            ply: played.len(),
            last_move: played.last().cloned(),
            moves: played,
            position: current.position_text(),
            board: current.board_view(),
            legal: moves
                .iter()
                .map(|&mv| LegalMove {
                    mv: mv.to_string(),
                    cells: current.move_cells(mv),
                })
                .collect(),
            scores,
            over,
            result,
        }
    }

    /// The record: the start position given and the moves since.
    fn record_json(&self, spec: &GameSpec) -> GameRecordJson {
        GameRecordJson {
            spec: spec.to_string(),
            position: self.start_text.clone(),
            moves: self.played(),
        }
    }

    /// The seat to move, `None` when the game is over by the rules.
    fn to_move(&self) -> Option<usize> {
        self.record
            .outcome()
            .is_none()
            .then(|| self.record.current().side_to_move().index())
    }

    /// Moves played since the position given.
    fn ply(&self) -> usize {
        self.record.moves().len() - self.start_ply
    }

    fn seat_count(&self) -> usize {
        self.record.current().seat_count()
    }
}

/// The result when `seat` resigned: the game ends, the resigning seat ranks last and the
/// others are ranked by their scores (two seats: the other wins).
fn resigned_result(seat: usize, scores: &[u32]) -> ResultJson {
    let seats = scores.len();
    let mut ranks = competition_ranks(scores, |other| other != seat)
        .into_iter()
        .take(seats)
        .collect();
    if seats == 2 {
        ranks = vec![1; 2];
    }
    if let Some(rank) = ranks.get_mut(seat) {
        *rank = seats as u8;
    }
    ResultJson {
        ranks,
        scores: scores.to_vec(),
        text: format!("seat {} resigned", seat + 1),
    }
}

/// The result of a game over by the rules: the game's ranks, or ranks by score.
fn finished_result<G: Game>(current: &G, scores: &[u32]) -> ResultJson {
    let seats = current.seat_count();
    let ranks: Vec<u8> = match current.ranks() {
        Some(ranks) => ranks[..seats].to_vec(),
        None => competition_ranks(scores, |_| true)
            .into_iter()
            .take(seats)
            .collect(),
    };
    let winners: Vec<usize> = (0..seats).filter(|&s| ranks[s] == 1).collect();
    let text = match winners.as_slice() {
        [winner] => {
            let runner_up = (0..seats)
                .filter(|s| s != winner)
                .map(|s| scores.get(s).copied().unwrap_or(0))
                .max()
                .unwrap_or(0);
            let margin = scores
                .get(*winner)
                .copied()
                .unwrap_or(0)
                .saturating_sub(runner_up);
            format!("seat {} wins by {margin}", winner + 1)
        }
        shared if shared.len() < seats => {
            let names: Vec<String> = shared.iter().map(|s| (s + 1).to_string()).collect();
            format!("seats {} share first place", names.join(", "))
        }
        _ => "a draw".to_string(),
    };
    ResultJson {
        ranks,
        scores: scores.to_vec(),
        text,
    }
}
