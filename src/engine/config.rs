//! The engine's configuration and the options that change it while it runs.

use crate::search::TieBreak;
use crate::search::multi::MultiAlgorithm;
use std::fmt;

/// How the engine spends the human's thinking time.
///
/// Whatever the mode, each reply pondered is the root of its own iterative deepening (the
/// `go` after it continues from the pondered depth), and the replies are ranked by the
/// opponent model's probability (`src/engine/opponent.rs`). Under `predicted` and `replies`
/// a reply that turns out better for the human, searched at least as deep, also moves first.
///
/// ```
/// use ponder::engine::PonderMode;
/// let mode: PonderMode = "predicted:80".parse().unwrap();
/// assert_eq!(mode, PonderMode::Predicted { share: 80 });
/// assert_eq!(mode.to_string(), "predicted:80");
/// assert_eq!("replies:2".parse(), Ok(PonderMode::Replies { lead: 2 }));
/// assert!("predicted:0".parse::<PonderMode>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PonderMode {
    /// Spend about `share` percent of the pondering nodes on the likeliest reply (the
    /// predicted one), the rest deepening the other replies equally. `share = 100` ponders
    /// only the predicted reply (Stockfish-style) until it is searched to the end.
    Predicted {
        /// The likeliest reply's share of the nodes, percent (1 to 100).
        share: u32,
    },
    /// Deepen each of the human's replies as its own root, in turns: the likeliest reply
    /// is kept `lead` plies ahead of the others. `lead = 0` deepens every reply equally.
    Replies {
        /// How many plies the likeliest reply is kept ahead of the others.
        lead: u32,
    },
    /// Search the human's position as a whole (one principal-variation search of all the
    /// replies, the likeliest getting the most effort).
    Root,
    /// Give each reply the share of the nodes that maximises the expected depth after the
    /// human's move, from the opponent model's probability of each reply (shallow searchers
    /// and the engine's expected reply, weighted by how well each explained the human's
    /// moves so far) and the ratio of the human's thinking time to the engine's.
    Modeled,
}

impl Default for PonderMode {
    /// [`PonderMode::Modeled`] (figures in `docs/engine.md`).
    fn default() -> PonderMode {
        PonderMode::Modeled
    }
}

impl fmt::Display for PonderMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PonderMode::Predicted { share } => write!(f, "predicted:{share}"),
            PonderMode::Replies { lead } => write!(f, "replies:{lead}"),
            PonderMode::Root => f.write_str("root"),
            PonderMode::Modeled => f.write_str("modeled"),
        }
    }
}

impl PonderMode {
    /// What [`PonderMode`]'s parser reads (its `FromStr`): the list help texts and errors
    /// show.
    pub const CHOICES: &'static str =
        "modeled (the default), predicted, predicted:<share %>, replies, replies:<lead> or root";
}

impl std::str::FromStr for PonderMode {
    type Err = String;

    fn from_str(text: &str) -> Result<PonderMode, String> {
        let text = text.trim().to_ascii_lowercase();
        if text == "root" {
            return Ok(PonderMode::Root);
        }
        if text == "modeled" || text == "model" {
            return Ok(PonderMode::Modeled);
        }
        if text == "replies" || text == "all" {
            return Ok(PonderMode::Replies { lead: 0 });
        }
        if text == "likeliest" || text == "predicted" {
            return Ok(PonderMode::Predicted { share: 100 });
        }
        if let Some(share) = text.strip_prefix("predicted:") {
            return match share.parse::<u32>() {
                Ok(share) if (1..=100).contains(&share) => Ok(PonderMode::Predicted { share }),
                _ => Err(format!(
                    "predicted:{share}: the share must be a whole number from 1 to 100"
                )),
            };
        }
        if let Some(lead) = text.strip_prefix("replies:") {
            return lead
                .parse()
                .map(|lead| PonderMode::Replies { lead })
                .map_err(|_| format!("replies:{lead}: the lead must be a whole number"));
        }
        Err(format!("{text:?}: expected {}", PonderMode::CHOICES))
    }
}

/// Everything that configures an [`Engine`](super::Engine). Every field can also be changed
/// while the engine runs with [`Command::SetOption`](super::Command::SetOption).
///
/// ```
/// use ponder::engine::{EngineConfig, EngineOption};
/// let mut config = EngineConfig::default();
/// EngineOption::parse("Hash", "32").unwrap().apply(&mut config);
/// assert_eq!(config.hash_mib, 32);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Size of the shared transposition table, MiB.
    pub hash_mib: usize,
    /// Memory bound of the stored tree, MiB.
    pub tree_mib: usize,
    /// Think while the human thinks.
    pub ponder: bool,
    /// How pondering spends the human's time.
    pub ponder_mode: PonderMode,
    /// Keep the tree across moves, re-rooted on the move played (`false`: a fresh tree for
    /// every search; the table is kept either way).
    pub reuse_tree: bool,
    /// How to choose among equal-best moves: [`TieBreak::Random`] (the default, seeded from
    /// the OS unless set; each search draws its own seed from it, so a game is reproducible
    /// from the seed) or [`TieBreak::First`] (deterministic).
    pub tie_break: TieBreak,
    /// The evaluator's name (see [`crate::search::Evaluators`]), used unless the engine was
    /// given an evaluator value ([`Knowledge::with_evaluator`](super::Knowledge::with_evaluator));
    /// setting it replaces that value.
    pub eval: String,
    /// Let the search below the tree prune forward (late-move reductions, cut-offs by deeper
    /// table entries): stronger; off, every value is the exact fixed-depth minimax value.
    pub forward_pruning: bool,
    /// Nodes with less remaining depth than this are left to the search below the tree
    /// (smaller: a bigger tree that remembers more; larger: a smaller, cheaper tree).
    pub tree_min_depth: u32,
    /// Pin the search thread to one core where the OS allows it (the last core).
    pub pin_thread: bool,
    /// Search threads of a `go`: the search thread plus `threads - 1` Lazy SMP helpers over
    /// the shared table (the search's own helper pool); pondering uses the search thread only.
    pub threads: usize,
    /// The multi-player search of games of three and four seats (two seats: negamax, the
    /// search of every other field here). Its table takes `hash_mib`; `reuse_tree: false`
    /// makes each of its searches deepen from depth 1 even where the table holds its root.
    pub seated_algorithm: MultiAlgorithm,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            hash_mib: 64,
            tree_mib: 8,
            ponder: true,
            ponder_mode: PonderMode::default(),
            reuse_tree: true,
            tie_break: TieBreak::Random {
                seed: rand::random(),
            },
            eval: "default".to_string(),
            forward_pruning: true,
            tree_min_depth: 6,
            pin_thread: true,
            threads: 1,
            seated_algorithm: EngineConfig::DEFAULT_SEATED_ALGORITHM,
        }
    }
}

impl EngineConfig {
    /// The multi-player search of three and four seats by default: BRS+, the best of
    /// `ponder match` over four seats (`docs/search.md`).
    pub const DEFAULT_SEATED_ALGORITHM: MultiAlgorithm = MultiAlgorithm::BrsPlus;
}

/// One change to an [`EngineConfig`], as a front end receives it (`setoption name Hash value
/// 64`).
#[derive(Clone, Debug, PartialEq)]
pub enum EngineOption {
    /// [`EngineConfig::hash_mib`].
    HashMib(usize),
    /// [`EngineConfig::tree_mib`].
    TreeMib(usize),
    /// [`EngineConfig::ponder`].
    Ponder(bool),
    /// [`EngineConfig::ponder_mode`].
    PonderMode(PonderMode),
    /// [`EngineConfig::reuse_tree`].
    ReuseTree(bool),
    /// [`EngineConfig::tie_break`].
    TieBreak(TieBreak),
    /// [`EngineConfig::eval`].
    Eval(String),
    /// [`EngineConfig::forward_pruning`].
    ForwardPruning(bool),
    /// [`EngineConfig::tree_min_depth`].
    TreeMinDepth(u32),
    /// [`EngineConfig::threads`].
    Threads(usize),
    /// [`EngineConfig::seated_algorithm`].
    SeatedAlgorithm(MultiAlgorithm),
}

/// The most search threads [`EngineOption::Threads`] accepts (as `threads=` of the players).
pub const MAX_THREADS: usize = 64;

/// The names [`EngineOption::parse`] knows, with what each value means.
pub const OPTION_NAMES: &[(&str, &str)] = &[
    ("Hash", "transposition table size, MiB (1..=65536)"),
    ("Tree", "stored tree memory bound, MiB (1..=65536)"),
    ("Ponder", "true or false"),
    ("PonderMode", PonderMode::CHOICES),
    ("ReuseTree", "true or false"),
    ("TieBreak", "random, first, or random:<seed>"),
    ("Seed", "a whole number: random choice with this seed"),
    ("Eval", "an evaluator of the game (e.g. default)"),
    ("ForwardPruning", "true or false"),
    ("TreeMinDepth", "1..=64"),
    ("Threads", "search threads of a go, 1..=64"),
    (
        "SeatedAlgorithm",
        "maxn, paranoid, brs, brsplus or greedy (games of 3 or 4 seats)",
    ),
];

impl EngineOption {
    /// Reads an option from its name (case-insensitive, see [`OPTION_NAMES`]) and value.
    pub fn parse(name: &str, value: &str) -> Result<EngineOption, String> {
        let value = value.trim();
        let number = |range: std::ops::RangeInclusive<u64>| -> Result<u64, String> {
            let n: u64 = value
                .parse()
                .map_err(|_| format!("{name}={value}: not a whole number"))?;
            if range.contains(&n) {
                Ok(n)
            } else {
                Err(format!(
                    "{name}={value}: must be from {} to {}",
                    range.start(),
                    range.end()
                ))
            }
        };
        let boolean = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" | "1" => Ok(true),
                "false" | "off" | "no" | "0" => Ok(false),
                _ => Err(format!("{name}={value}: expected true or false")),
            }
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => Ok(EngineOption::HashMib(number(1..=65536)? as usize)),
            "tree" => Ok(EngineOption::TreeMib(number(1..=65536)? as usize)),
            "ponder" => Ok(EngineOption::Ponder(boolean()?)),
            "pondermode" => value.parse().map(EngineOption::PonderMode),
            "reusetree" => Ok(EngineOption::ReuseTree(boolean()?)),
            "tiebreak" => {
                let lower = value.to_ascii_lowercase();
                match lower.as_str() {
                    "random" => Ok(EngineOption::TieBreak(TieBreak::Random {
                        seed: rand::random(),
                    })),
                    "first" => Ok(EngineOption::TieBreak(TieBreak::First)),
                    _ => match lower.strip_prefix("random:").map(str::parse::<u64>) {
                        Some(Ok(seed)) => Ok(EngineOption::TieBreak(TieBreak::Random { seed })),
                        _ => Err(format!(
                            "{name}={value}: expected random, first or random:<seed>"
                        )),
                    },
                }
            }
            "seed" => Ok(EngineOption::TieBreak(TieBreak::Random {
                seed: number(0..=u64::MAX)?,
            })),
            "eval" => Ok(EngineOption::Eval(value.to_string())),
            "forwardpruning" => Ok(EngineOption::ForwardPruning(boolean()?)),
            "treemindepth" => Ok(EngineOption::TreeMinDepth(number(1..=64)? as u32)),
            "threads" => Ok(EngineOption::Threads(
                number(1..=MAX_THREADS as u64)? as usize
            )),
            "seatedalgorithm" => MultiAlgorithm::from_name(&value.to_ascii_lowercase())
                .map(EngineOption::SeatedAlgorithm)
                .ok_or_else(|| {
                    format!("{name}={value}: expected one of {}", MultiAlgorithm::NAMES)
                }),
            _ => Err(crate::games::unknown_name(
                "option",
                name,
                OPTION_NAMES.iter().map(|(n, _)| *n),
            )),
        }
    }

    /// Writes the option into `config`.
    pub fn apply(&self, config: &mut EngineConfig) {
        match *self {
            EngineOption::HashMib(mib) => config.hash_mib = mib,
            EngineOption::TreeMib(mib) => config.tree_mib = mib,
            EngineOption::Ponder(on) => config.ponder = on,
            EngineOption::PonderMode(mode) => config.ponder_mode = mode,
            EngineOption::ReuseTree(on) => config.reuse_tree = on,
            EngineOption::TieBreak(tie_break) => config.tie_break = tie_break,
            EngineOption::Eval(ref name) => config.eval.clone_from(name),
            EngineOption::ForwardPruning(on) => config.forward_pruning = on,
            EngineOption::TreeMinDepth(depth) => config.tree_min_depth = depth,
            EngineOption::Threads(threads) => config.threads = threads,
            EngineOption::SeatedAlgorithm(algorithm) => config.seated_algorithm = algorithm,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{EngineConfig, EngineOption};
    use crate::search::multi::MultiAlgorithm;

    #[test]
    fn the_seated_algorithm_is_an_option_by_name() {
        let mut config = EngineConfig::default();
        assert_eq!(config.seated_algorithm, MultiAlgorithm::BrsPlus);
        let option = EngineOption::parse("SeatedAlgorithm", " MaxN ").unwrap();
        assert_eq!(option, EngineOption::SeatedAlgorithm(MultiAlgorithm::MaxN));
        option.apply(&mut config);
        assert_eq!(config.seated_algorithm, MultiAlgorithm::MaxN);
        let refused = EngineOption::parse("seatedalgorithm", "minimax").unwrap_err();
        assert!(
            refused.contains("minimax") && refused.contains("brsplus"),
            "{refused}"
        );
    }
}
