//! Oware's embedded evaluation weights: the files of `weights/` (written by
//! `ponder fit-eval`, each named by its contents and with its provenance note beside it),
//! parsed once, at their first use.
//!
//! To embed a refit, name its file here in place of the one it replaces and remove the old
//! file and its note from `weights/` (the tests refuse a weights file that is not embedded).

use super::Oware;
use crate::eval::{
    EmbeddedFile, EmbeddedWeights, LinearWeights, WeightsKind, embedded_weights_file,
};
use std::sync::LazyLock;

/// The `fitted` evaluation's weights (the `default`).
const FITTED: EmbeddedFile = embedded_weights_file!("fitted-8bdaec45406f.bin");

static FITTED_WEIGHTS: LazyLock<LinearWeights> =
    LazyLock::new(|| FITTED.linear::<Oware>(WeightsKind::Fitted));

impl EmbeddedWeights for Oware {
    const WEIGHTS_FOLDER: &'static str = "src/games/oware/weights";
    const EMBEDDED_FILES: &'static [EmbeddedFile] = &[FITTED];

    #[inline]
    fn fitted_weights() -> &'static LinearWeights {
        &FITTED_WEIGHTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::check_embedded;

    #[test]
    fn every_embedded_file_loads_under_its_name_with_its_note() {
        check_embedded::<Oware>();
    }
}
