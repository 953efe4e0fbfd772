//! Ataxx's embedded evaluation weights: the files of `weights/` (written by
//! `ponder fit-eval`, each named by its contents and with its provenance note beside it),
//! parsed once, at their first use.
//!
//! To embed a refit, name its file here in place of the one it replaces and remove the old
//! file and its note from `weights/` (the tests refuse a weights file that is not embedded).

use super::Ataxx;
use crate::eval::{
    EmbeddedFile, EmbeddedWeights, LinearWeights, NetworkWeights, WeightsKind,
    embedded_weights_file,
};
use std::sync::LazyLock;

/// The `fitted` evaluation's weights.
const FITTED: EmbeddedFile = embedded_weights_file!("fitted-40562996c0c6.bin");
/// The `patterns` evaluation's weights.
const PATTERNS: EmbeddedFile = embedded_weights_file!("patterns-27e9c2e83e46.bin");
/// The `network` evaluation's weights (the `default`).
const NETWORK: EmbeddedFile = embedded_weights_file!("network-87cbf2b12e67.bin");

static FITTED_WEIGHTS: LazyLock<LinearWeights> =
    LazyLock::new(|| FITTED.linear::<Ataxx>(WeightsKind::Fitted));
static PATTERN_WEIGHTS: LazyLock<LinearWeights> =
    LazyLock::new(|| PATTERNS.linear::<Ataxx>(WeightsKind::Patterns));
static NETWORK_WEIGHTS: LazyLock<NetworkWeights> = LazyLock::new(|| NETWORK.network::<Ataxx>());

impl EmbeddedWeights for Ataxx {
    const WEIGHTS_FOLDER: &'static str = "src/games/ataxx/weights";
    const EMBEDDED_FILES: &'static [EmbeddedFile] = &[FITTED, PATTERNS, NETWORK];

    #[inline]
    fn fitted_weights() -> &'static LinearWeights {
        &FITTED_WEIGHTS
    }

    #[inline]
    fn pattern_weights() -> Option<&'static LinearWeights> {
        Some(&PATTERN_WEIGHTS)
    }

    #[inline]
    fn network_weights() -> Option<&'static NetworkWeights> {
        Some(&NETWORK_WEIGHTS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::{WeightsProblem, check_embedded, decode_weights};

    #[test]
    fn every_embedded_file_loads_under_its_name_with_its_note() {
        check_embedded::<Ataxx>();
    }

    #[test]
    fn a_flipped_byte_of_an_embedded_file_is_refused() {
        for file in <Ataxx as EmbeddedWeights>::EMBEDDED_FILES {
            let mut corrupt = file.bytes.to_vec();
            let middle = corrupt.len() / 2;
            corrupt[middle] ^= 0x40;
            let problem = decode_weights::<Ataxx>(&corrupt).unwrap_err();
            assert!(matches!(problem, WeightsProblem::File(_)), "{problem}");
        }
    }
}
