//! Forward pruning's numbers: which late moves are reduced and by how much, which are pruned,
//! and the futility margins. The techniques live once in the node loop (`pvs.rs`); the numbers
//! belong to a game's evaluation (margins are in its units), so each [`Evaluator`] says which
//! it wants ([`Evaluator::selectivity`]), from the game's own folder.
//!
//! [`Selectivity::STEPS`], the default, is the search every game had before per-game numbers:
//! late quiet moves reduced one or two plies, nothing pruned. Every technique applies only
//! with forward pruning on, so an exact search is unchanged.
//!
//! [`Evaluator`]: super::Evaluator
//! [`Evaluator::selectivity`]: super::Evaluator::selectivity

use super::EvalError;

/// How late moves are reduced (searched shallower with a null window first, re-searched at full
/// depth when they beat alpha).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Reductions {
    /// Quiet moves (no hint from the game) after the first two by one ply from depth 3, after the
    /// third by two plies from depth 6.
    Steps,
    /// Every move after the first `min_moves` by `base + ln(depth) × ln(move number) / divisor`
    /// plies (rounded), one ply less for moves the game hints at and at principal-variation
    /// nodes; for games with many moves a node (Ataxx).
    Log {
        /// Moves searched at full depth first.
        min_moves: usize,
        /// The constant term.
        base: f32,
        /// The divisor of the logarithms' product.
        divisor: f32,
    },
}

/// A margin that grows with the remaining depth: `base + per_depth × depth`, used up to
/// `max_depth` plies to go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Margin {
    /// The deepest remaining depth it applies at.
    pub max_depth: u32,
    /// The constant part, in evaluation units.
    pub base: i32,
    /// The part per ply of remaining depth, in evaluation units.
    pub per_depth: i32,
}

impl Margin {
    /// The margin at `depth` plies to go, or `None` beyond `max_depth`.
    #[inline]
    pub fn at(&self, depth: u32) -> Option<i32> {
        (depth <= self.max_depth).then(|| self.base + self.per_depth * depth as i32)
    }
}

/// Late-move pruning: at nodes outside the principal variation with at most `max_depth` plies
/// to go, quiet moves (no hint from the game) after the first `moves` are not searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LateMovePruning {
    /// The deepest remaining depth it applies at.
    pub max_depth: u32,
    /// Moves searched before quiet ones may be pruned.
    pub moves: usize,
}

/// Singular extensions, with multi-cut and negative extensions, at nodes outside the principal
/// variation whose table entry holds a move and a lower bound (or exact value) from at least
/// `depth - table_depth_margin` plies: the node is first searched without that move, at half
/// its depth, against the stored value less the margin. When no other move reaches it, the
/// table's move is singular and searched a ply deeper; when that search itself beats beta,
/// several moves do and the node returns its bound (multi-cut); when only the stored value
/// beats beta, the table's move is searched a ply shallower.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Singular {
    /// The shallowest remaining depth it applies at.
    pub min_depth: u32,
    /// How many plies shallower than the node the table's entry may be.
    pub table_depth_margin: u32,
    /// The margin below the stored value, in evaluation units per 8 plies of remaining
    /// depth (at least one unit).
    pub margin_per_8_plies: i32,
}

impl Singular {
    /// Depth 6 and up, an entry at most 3 plies shallower, 2 units per 8 plies: Ataxx's
    /// numbers, and those a `tune=se.*` starts from when the extensions were off.
    pub const STANDARD: Singular = Singular {
        min_depth: 6,
        table_depth_margin: 3,
        margin_per_8_plies: 2,
    };

    /// The margin below the stored value at `depth` plies to go.
    #[inline]
    pub fn margin(&self, depth: u32) -> i32 {
        (self.margin_per_8_plies * depth as i32 / 8).max(1)
    }
}

/// A game's forward-pruning numbers (see the module's documentation).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Selectivity {
    /// Late-move reductions.
    pub reductions: Reductions,
    /// Late-move pruning, if any.
    pub late_move_pruning: Option<LateMovePruning>,
    /// Reverse futility: a node outside the principal variation whose static evaluation beats
    /// beta by the margin returns the evaluation without a search.
    pub reverse_futility: Option<Margin>,
    /// Futility: at a node outside the principal variation whose static evaluation plus the
    /// margin cannot reach alpha, the moves after the first [`Selectivity::futility_moves`]
    /// are not searched.
    pub futility: Option<Margin>,
    /// See [`Selectivity::futility`].
    pub futility_moves: usize,
    /// The first aspiration half-window around the last iteration's value, in evaluation
    /// units (it grows fourfold on each failure).
    pub aspiration: i32,
    /// Killers and history learn from cut-offs by every move, not only quiet ones (for games
    /// where nearly every move has a hint, as Ataxx's captures).
    pub history_all_moves: bool,
    /// A node with a single legal move searches it one ply deeper (forced sequences).
    pub single_reply_extension: bool,
    /// Late-move pruning applies at principal-variation nodes too (all but the root).
    pub late_move_pruning_at_pv: bool,
    /// Internal iterative reduction: a node with at least this many plies to go and no move
    /// from the table is searched a ply shallower (its ordering is a guess; the next visit has
    /// the move). `None`: off.
    pub internal_reduction: Option<u32>,
    /// History by the gravity rule, with a malus for the moves tried before a cut-off, and
    /// late-move reductions one ply less (more) per [`HISTORY_REDUCTION_STEP`] of a move's
    /// good (bad) history.
    pub history_malus: bool,
    /// Singular extensions, if any.
    pub singular: Option<Singular>,
    /// A search with a budget first tries to prove the position's exact value where the
    /// evaluator says it is worth it ([`Evaluator::worth_proving`]: Ataxx with at most three
    /// empty squares).
    ///
    /// [`Evaluator::worth_proving`]: super::eval::Evaluator::worth_proving
    pub proofs: bool,
}

impl Default for Selectivity {
    fn default() -> Selectivity {
        Selectivity::STEPS
    }
}

/// The techniques a [`Selectivity`] may be stripped of, by name (`ponder match` A/B tests:
/// `pvs:without=lmp+rfp`).
pub const TECHNIQUES: &[(&str, &str)] = &[
    (
        "lmr",
        "logarithmic late-move reductions (back to the steps)",
    ),
    ("lmp", "late-move pruning"),
    ("rfp", "reverse futility pruning"),
    ("fp", "futility pruning"),
    ("hist", "history and killers from every move"),
    ("sre", "single-reply extension"),
    ("lmppv", "late-move pruning at principal-variation nodes"),
    ("iir", "internal iterative reduction"),
    (
        "malus",
        "history by gravity with a malus, reductions by history",
    ),
    (
        "se",
        "singular extensions, multi-cut and negative extensions",
    ),
    (
        "prove",
        "the proof search at the root that settles won and lost positions exactly",
    ),
];

/// The names of [`TECHNIQUES`], comma-separated: what help texts and errors list.
pub fn technique_names() -> String {
    TECHNIQUES
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The numbers [`Selectivity::tuned`] may set, by name.
pub const TUNABLES: &[&str] = &[
    "asp",
    "lmr.base",
    "lmr.div",
    "lmr.moves",
    "lmp.depth",
    "lmp.moves",
    "rfp.depth",
    "rfp.base",
    "rfp.margin",
    "fp.depth",
    "fp.base",
    "fp.margin",
    "fp.moves",
    "lmp.pv",
    "iir.depth",
    "malus",
    "se.depth",
    "se.tt",
    "se.margin",
];

impl Selectivity {
    /// The search before per-game numbers: step reductions of quiet moves, nothing pruned.
    pub const STEPS: Selectivity = Selectivity {
        reductions: Reductions::Steps,
        late_move_pruning: None,
        reverse_futility: None,
        futility: None,
        futility_moves: 0,
        aspiration: 2,
        history_all_moves: false,
        single_reply_extension: false,
        late_move_pruning_at_pv: false,
        internal_reduction: None,
        history_malus: false,
        singular: None,
        proofs: true,
    };

    /// This selectivity with numbers changed: `+`-separated `name:value` settings from
    /// [`TUNABLES`] (empty: none), e.g. `lmr.div:1.5+asp:16`, for tuning matches. Setting a
    /// number of a technique that is off turns it on with the other numbers zero.
    ///
    /// # Errors
    /// [`EvalError::InvalidSetting`] for an unknown name or a value that is not a number.
    pub fn tuned(mut self, settings: &str) -> Result<Selectivity, EvalError> {
        for setting in settings.split('+').map(str::trim).filter(|s| !s.is_empty()) {
            let bad = || {
                EvalError::InvalidSetting(format!(
                    "tune setting {setting:?}: expected NAME:NUMBER, NAME one of {}",
                    TUNABLES.join(", ")
                ))
            };
            let (name, value) = setting.split_once(':').ok_or_else(bad)?;
            let value: f32 = value.trim().parse().map_err(|_| bad())?;
            if !value.is_finite() || !(0.0..=1.0e6).contains(&value) {
                return Err(bad());
            }
            self.set(name.trim(), value).ok_or_else(bad)?;
        }
        Ok(self)
    }

    /// Sets the number `name` to `value`; `None` for an unknown name.
    fn set(&mut self, name: &str, value: f32) -> Option<()> {
        let int = value as i32;
        let no_pruning = LateMovePruning {
            max_depth: 0,
            moves: 0,
        };
        let zero = Margin {
            max_depth: 0,
            base: 0,
            per_depth: 0,
        };
        match name {
            "asp" => self.aspiration = int.max(1),
            "fp.moves" => self.futility_moves = int as usize,
            "lmp.depth" => self.late_move_pruning.get_or_insert(no_pruning).max_depth = int as u32,
            "lmp.moves" => self.late_move_pruning.get_or_insert(no_pruning).moves = int as usize,
            "lmp.pv" => self.late_move_pruning_at_pv = int != 0,
            "iir.depth" => self.internal_reduction = (int > 0).then_some(int as u32),
            "malus" => self.history_malus = int != 0,
            "se.depth" | "se.tt" | "se.margin" => self.set_singular(name, int),
            "lmr.base" | "lmr.div" | "lmr.moves" => self.set_reduction(name, value),
            _ => {
                let (technique, field) = name.split_once('.')?;
                let margin = match technique {
                    "rfp" => self.reverse_futility.get_or_insert(zero),
                    "fp" => self.futility.get_or_insert(zero),
                    _ => return None,
                };
                match field {
                    "depth" => margin.max_depth = int as u32,
                    "base" => margin.base = int,
                    "margin" => margin.per_depth = int,
                    _ => return None,
                }
            }
        }
        Some(())
    }

    /// Sets one number of the singular extensions (turning them on; the others keep theirs,
    /// or [`Singular::STANDARD`]'s when they were off).
    fn set_singular(&mut self, name: &str, value: i32) {
        let singular = self.singular.get_or_insert(Singular::STANDARD);
        match name {
            "se.depth" => singular.min_depth = value.max(1) as u32,
            "se.tt" => singular.table_depth_margin = value as u32,
            _ => singular.margin_per_8_plies = value,
        }
    }

    /// Sets one number of the logarithmic reductions (turning them on).
    fn set_reduction(&mut self, name: &str, value: f32) {
        let (mut min_moves, mut base, mut divisor) = match self.reductions {
            Reductions::Log {
                min_moves,
                base,
                divisor,
            } => (min_moves, base, divisor),
            Reductions::Steps => (2, 0.0, 1.0),
        };
        match name {
            "lmr.base" => base = value,
            "lmr.div" => divisor = value.max(0.1),
            _ => min_moves = value as usize,
        }
        self.reductions = Reductions::Log {
            min_moves,
            base,
            divisor,
        };
    }

    /// This selectivity without the techniques named in `names` (`+`-separated names from
    /// [`TECHNIQUES`]; empty: none removed).
    ///
    /// # Errors
    /// [`EvalError::UnknownTechnique`] for a name not in [`TECHNIQUES`].
    pub fn without(mut self, names: &str) -> Result<Selectivity, EvalError> {
        for name in names.split('+').map(str::trim).filter(|n| !n.is_empty()) {
            let unknown = || EvalError::UnknownTechnique {
                name: name.to_string(),
                known: technique_names(),
            };
            if !TECHNIQUES.iter().any(|(known, _)| *known == name) {
                return Err(unknown());
            }
            match name {
                "lmr" => self.reductions = Reductions::Steps,
                "lmp" => self.late_move_pruning = None,
                "rfp" => self.reverse_futility = None,
                "fp" => self.futility = None,
                "hist" => self.history_all_moves = false,
                "sre" => self.single_reply_extension = false,
                "lmppv" => self.late_move_pruning_at_pv = false,
                "iir" => self.internal_reduction = None,
                "malus" => self.history_malus = false,
                "se" => self.singular = None,
                "prove" => self.proofs = false,
                _ => return Err(unknown()),
            }
        }
        Ok(self)
    }

    /// Whether a node needs its static evaluation for the futility tests.
    #[inline]
    pub(crate) fn uses_static_eval(&self) -> bool {
        self.reverse_futility.is_some() || self.futility.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A selectivity with every technique on but futility pruning.
    fn everything_but_futility() -> Selectivity {
        Selectivity {
            reductions: Reductions::Log {
                min_moves: 2,
                base: 0.5,
                divisor: 2.0,
            },
            late_move_pruning: Some(LateMovePruning {
                max_depth: 3,
                moves: 4,
            }),
            reverse_futility: Some(Margin {
                max_depth: 4,
                base: 0,
                per_depth: 3,
            }),
            futility: None,
            futility_moves: 3,
            aspiration: 2,
            history_all_moves: true,
            single_reply_extension: true,
            late_move_pruning_at_pv: true,
            internal_reduction: Some(4),
            history_malus: true,
            singular: Some(Singular {
                min_depth: 6,
                table_depth_margin: 3,
                margin_per_8_plies: 8,
            }),
            proofs: true,
        }
    }

    #[test]
    fn without_removes_named_techniques_and_rejects_unknown_names() {
        let full = everything_but_futility();
        let stripped = full
            .without("lmr+lmp+rfp+hist+sre+lmppv+iir+malus+se")
            .unwrap();
        assert_eq!(stripped.reductions, Reductions::Steps);
        assert_eq!(
            stripped,
            Selectivity {
                futility_moves: 3,
                ..Selectivity::STEPS
            }
        );
        assert_eq!(full.without("").unwrap(), full);
        let error = full.without("lmr+nope").unwrap_err().to_string();
        assert!(error.contains("nope") && error.contains("rfp"), "{error}");
    }

    #[test]
    fn every_listed_technique_is_one_the_search_can_leave_out() {
        // The list help texts and errors show is the list `without` reads: each name in it
        // switches something off in a selectivity that has everything on.
        let full = Selectivity {
            futility: Some(Margin {
                max_depth: 2,
                base: 1,
                per_depth: 2,
            }),
            ..everything_but_futility()
        };
        for (name, _) in TECHNIQUES {
            let stripped = full.without(name).unwrap();
            assert_ne!(stripped, full, "`without={name}` changes nothing");
        }
        let names = technique_names();
        assert!(names.split(", ").all(|name| full.without(name).is_ok()));
    }

    #[test]
    fn margins_apply_up_to_their_depth() {
        assert_eq!(
            Margin {
                max_depth: 3,
                base: 2,
                per_depth: 5
            }
            .at(3),
            Some(17)
        );
        assert_eq!(
            Margin {
                max_depth: 3,
                base: 2,
                per_depth: 5
            }
            .at(4),
            None
        );
    }
}

#[cfg(test)]
mod tuning_tests {
    use super::*;

    #[test]
    fn tuned_sets_named_numbers_and_rejects_others() {
        let tuned = Selectivity::STEPS
            .tuned("lmr.div:1.5+asp:16+lmp.depth:8+lmp.moves:2+fp.margin:3")
            .unwrap();
        assert_eq!(tuned.aspiration, 16);
        assert_eq!(
            tuned.reductions,
            Reductions::Log {
                min_moves: 2,
                base: 0.0,
                divisor: 1.5
            }
        );
        assert_eq!(
            tuned.late_move_pruning,
            Some(LateMovePruning {
                max_depth: 8,
                moves: 2
            })
        );
        assert_eq!(tuned.futility.unwrap().per_depth, 3);
        assert_eq!(tuned.reverse_futility, None);
        let singular = Selectivity::STEPS.tuned("se.margin:16").unwrap().singular;
        assert_eq!(
            singular,
            Some(Singular {
                min_depth: 6,
                table_depth_margin: 3,
                margin_per_8_plies: 16
            })
        );
        assert_eq!(singular.unwrap().margin(4), 8);
        assert_eq!(
            Selectivity::STEPS
                .tuned("se.depth:8")
                .unwrap()
                .singular
                .unwrap()
                .margin(3),
            1
        );
        assert_eq!(Selectivity::STEPS.tuned("").unwrap(), Selectivity::STEPS);
        for bad in ["nope:1", "asp", "asp:x", "rfp.what:2", "asp:-1"] {
            assert!(Selectivity::STEPS.tuned(bad).is_err(), "{bad}");
        }
    }
}
