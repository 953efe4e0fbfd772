//! The search as a player: minimax, alpha-beta or PVS with a named evaluator, a budget and a
//! transposition table kept from move to move.

use super::{Choice, Limits, Player, PlayerError, Thought, Turn, legal_moves};
use crate::games::GameRecord;
use crate::search::{
    Algorithm, Database, Evaluators, SearchInfo, SearchOptions, Searcher, Table, TieBreak,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A player that searches: [`Searcher`] with fixed options, a default budget, and the choice
/// among equal-best moves (the first in natural order, or a uniformly random one drawn by the
/// player's own seeded generator, so that successive moves draw differently).
///
/// ```
/// use ponder::players::{Limits, Player, SearchPlayer, StopSignal, Turn};
/// use ponder::search::{Algorithm, SearchOptions};
/// use ponder::{Game, GameRecord, Kalah};
/// let options = SearchOptions { algorithm: Algorithm::AlphaBeta, eval: "store-diff".into(), ..Default::default() };
/// let mut player = SearchPlayer::<Kalah>::new(options, Limits::depth(2), None).unwrap();
/// let record = Kalah::parse_position(&Default::default(), "123551234220105241").unwrap();
/// let choice = player.choose(&record, Turn::quiet(&StopSignal::new())).unwrap();
/// assert_eq!(choice.mv.to_string(), "0"); // the classroom's test position
/// ```
pub struct SearchPlayer<G: Evaluators> {
    searcher: Searcher<G>,
    limits: Limits,
    random: Option<SmallRng>,
    label: String,
}

impl<G: Evaluators> SearchPlayer<G> {
    /// A player searching with `options` (its tie-break is replaced by the player's: first, or
    /// random when `random_seed` is given) within `limits` unless a turn gives others.
    pub fn new(
        options: SearchOptions,
        limits: Limits,
        random_seed: Option<u64>,
    ) -> Result<SearchPlayer<G>, PlayerError> {
        SearchPlayer::with_database(options, limits, random_seed, None)
    }

    /// [`SearchPlayer::new`] whose searches consult `database` (an endgame database).
    pub fn with_database(
        mut options: SearchOptions,
        limits: Limits,
        random_seed: Option<u64>,
        database: Option<Database<G>>,
    ) -> Result<SearchPlayer<G>, PlayerError> {
        options.tiebreak = TieBreak::First;
        let label = label(&options, &limits, random_seed.is_some());
        let searcher = Searcher::with_new_table_and_database(options, database)
            .map_err(|e| PlayerError::Search(e.to_string()))?;
        Ok(SearchPlayer {
            searcher,
            limits,
            random: random_seed.map(SmallRng::seed_from_u64),
            label,
        })
    }

    /// The searcher (its options and table).
    pub fn searcher(&self) -> &Searcher<G> {
        &self.searcher
    }
}

/// `pvs:depth=8,eval=default,tiebreak=random`
fn label(options: &SearchOptions, limits: &Limits, random: bool) -> String {
    let mut parts = label_params(limits, &options.eval, random);
    if options.threads > 1 {
        parts.push(format!("threads={}", options.threads));
    }
    for (key, value) in [("without", &options.without), ("tune", &options.tune)] {
        if !value.is_empty() {
            parts.push(format!("{key}={value}"));
        }
    }
    format!("{}:{}", options.algorithm, parts.join(","))
}

/// The spec parameters that name a searching player's budget, evaluator and tie-break, as in
/// `depth=8,eval=default,tiebreak=random` (its label, less the kind and its own extras).
pub(crate) fn label_params(limits: &Limits, eval: &str, random: bool) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(depth) = limits.depth {
        parts.push(format!("depth={depth}"));
    }
    if let Some(time) = limits.movetime {
        parts.push(format!("movetime={}", time.as_millis()));
    }
    if let Some(nodes) = limits.nodes {
        parts.push(format!("nodes={nodes}"));
    }
    parts.push(format!("eval={eval}"));
    parts.push(format!(
        "tiebreak={}",
        if random { "random" } else { "first" }
    ));
    parts
}

/// A search report as a player's thought.
pub(crate) fn thought_of<G: crate::Game>(info: &SearchInfo<G>) -> Thought<G> {
    Thought {
        depth: info.depth,
        score: Some(info.score.value()),
        exact: info.exact,
        nodes: info.nodes,
        time: info.time,
        pv: info.pv.clone(),
    }
}

impl<G: Evaluators> Player<G> for SearchPlayer<G> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn new_game(&mut self) {
        self.searcher.table().clear();
    }

    fn choose(
        &mut self,
        record: &GameRecord<G>,
        mut turn: Turn<'_, G>,
    ) -> Result<Choice<G>, PlayerError> {
        let legal = legal_moves(record)?;
        let limits = turn.limits.clone().unwrap_or_else(|| self.limits.clone());
        let stop = turn.stop;
        let mut on_info = |info: &SearchInfo<G>| turn.report(&thought_of(info));
        let report = self.searcher.search(record, &limits, stop, &mut on_info);
        let first = report
            .best_move
            .or(legal.first().copied())
            .ok_or(PlayerError::GameOver)?;
        let (mv, pv) = match &mut self.random {
            Some(rng) if report.equal_best.len() > 1 => {
                let pick = report.equal_best[rng.random_range(0..report.equal_best.len())];
                if pick == first {
                    (first, report.pv.clone())
                } else {
                    (pick, vec![pick])
                }
            }
            _ => (first, report.pv.clone()),
        };
        Ok(Choice {
            mv,
            thought: Thought {
                depth: report.depth,
                score: Some(report.score.value()),
                exact: report.exact,
                nodes: report.nodes,
                time: report.time,
                pv,
            },
        })
    }
}

/// The algorithm a player kind names.
pub(crate) fn algorithm_of(kind: &str) -> Option<Algorithm> {
    kind.parse().ok()
}
