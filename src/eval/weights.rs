//! Evaluation weights as data: the binary file `ponder fit-eval` writes and the build embeds,
//! and the trait through which a game names its embedded files ([`EmbeddedWeights`]).
//!
//! A weights file is a [`crate::files`] file ([`WEIGHTS_FORMAT`]: magic, version, length,
//! CRC-32) whose payload (bincode, little-endian, fixed-width integers) says what the weights
//! are for: the game, the evaluation ([`WeightsKind`]: `fitted`, `patterns` or `network`), the
//! names of the features in order and the fixed point, then the weights. Reading one checks
//! all of it against this build ([`decode_weights`], [`load_weights`]): weights for another
//! game, other features or another network shape are refused with a typed error, never
//! evaluated.
//!
//! A file is named by its contents, `<kind>-<first 12 hex digits of its SHA-256>.bin`
//! ([`weights_file_name`]), as Stockfish names its networks, and has a provenance note beside it
//! (`<kind>-<hash>.md`: the command and data that produced it, the match that accepted it). A
//! game embeds its files with `include_bytes!` ([`EmbeddedFile`]) and parses each once, at its
//! first use, into a `&'static` struct the evaluators read through one pointer; a corrupt
//! embedded file is a build defect, which the game's tests catch (every embedded file is
//! loaded, its name checked against its hash and its note against the folder).

use super::linear::{LinearFeatures, LinearWeights, WEIGHT_SHIFT};
use super::network::{HIDDEN, HiddenRow, NetworkWeights, OUTPUT_EXTRA_BITS, QA};
use crate::files::{FileError, FileFormat, FileProblem, decode, decode_bincode, encode_bincode};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};

/// The weights files' format (the payload: a network of 1,212 patterns is about 170 KB).
pub const WEIGHTS_FORMAT: FileFormat =
    FileFormat::new(*b"PNDweigh", 1, 64 << 20, "evaluation weights file");

/// Which evaluation a weights file is for (the evaluator's name, and its file name's prefix).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeightsKind {
    /// `fitted`: one weight per feature ([`LinearWeights`] without patterns).
    Fitted,
    /// `patterns`: one weight per feature and one per pattern ([`LinearWeights`]).
    Patterns,
    /// `network`: the pattern evaluation plus one hidden layer ([`NetworkWeights`]).
    Network,
}

impl WeightsKind {
    /// The evaluator's name: `fitted`, `patterns` or `network`.
    pub fn name(self) -> &'static str {
        match self {
            WeightsKind::Fitted => "fitted",
            WeightsKind::Patterns => "patterns",
            WeightsKind::Network => "network",
        }
    }
}

impl fmt::Display for WeightsKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The weights of one evaluation, as a file holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Weights {
    /// The features-only linear evaluation (no pattern weights).
    Fitted(LinearWeights),
    /// The linear evaluation with pattern weights.
    Patterns(LinearWeights),
    /// The network evaluation (boxed: a hidden layer is about 460 bytes beside the rows).
    Network(Box<NetworkWeights>),
}

impl Weights {
    /// Which evaluation the weights are for.
    pub fn kind(&self) -> WeightsKind {
        match self {
            Weights::Fitted(_) => WeightsKind::Fitted,
            Weights::Patterns(_) => WeightsKind::Patterns,
            Weights::Network(_) => WeightsKind::Network,
        }
    }
}

/// What is wrong with a weights file's contents.
#[derive(Debug, thiserror::Error)]
pub enum WeightsProblem {
    /// The container: header, length or checksum (as [`crate::files`] checks them).
    #[error("{0}")]
    File(FileProblem),
    /// The payload does not decode.
    #[error("bad payload: {0}")]
    Payload(String),
    /// The weights are another game's.
    #[error("weights for {found}, not {expected}")]
    Game {
        /// This game.
        expected: &'static str,
        /// The file's game.
        found: String,
    },
    /// The weights are another evaluation's.
    #[error("{found} weights where {expected} weights are wanted")]
    Kind {
        /// The evaluation asked for.
        expected: WeightsKind,
        /// The file's.
        found: WeightsKind,
    },
    /// The weights were fitted to other features (renamed, reordered, added or removed).
    #[error("fitted to the features [{found}], this build has [{expected}]")]
    Features {
        /// This build's feature names, comma-separated.
        expected: String,
        /// The file's.
        found: String,
    },
    /// A part of the weights has another size or scale than this build's evaluation.
    #[error("{part}: {found} in the file, this build has {expected}")]
    Shape {
        /// Which part (`pattern weights`, `hidden units`, `weight shift`...).
        part: &'static str,
        /// This build's.
        expected: i64,
        /// The file's.
        found: i64,
    },
}

/// A weights file that could not be read: which file and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read, or is not a sound ponder file.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file's weights do not fit this build.
    #[error("{path}: {problem}", path = path.display())]
    Weights {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        #[source]
        problem: WeightsProblem,
    },
}

/// The payload of a weights file, as bincode writes it.
#[derive(Debug, Serialize, Deserialize)]
struct Payload {
    game: String,
    kind: WeightsKind,
    feature_names: Vec<String>,
    /// [`WEIGHT_SHIFT`] when written.
    weight_shift: u32,
    features: Vec<i32>,
    patterns: Vec<i32>,
    /// [`HIDDEN`] for a network, 0 otherwise; so are the next two.
    hidden_units: u32,
    /// [`QA`].
    activation_one: i16,
    /// [`OUTPUT_EXTRA_BITS`].
    output_extra_bits: u32,
    /// The hidden rows one after another, `hidden_units` weights a row.
    hidden: Vec<i16>,
    bias: Vec<i16>,
    output: Vec<i32>,
}

/// The whole weights file (header and payload) of `weights` for `game`'s features `names`.
pub fn encode_weights(game: &str, names: &[&str], weights: &Weights) -> Vec<u8> {
    let linear = |w: &LinearWeights| (w.features.clone(), w.patterns.clone());
    let ((features, patterns), network) = match weights {
        Weights::Fitted(w) | Weights::Patterns(w) => (linear(w), None),
        Weights::Network(n) => ((n.features.clone(), n.patterns.clone()), Some(n)),
    };
    let payload = Payload {
        game: game.to_string(),
        kind: weights.kind(),
        feature_names: names.iter().map(|name| name.to_string()).collect(),
        weight_shift: WEIGHT_SHIFT,
        features,
        patterns,
        hidden_units: network.map_or(0, |_| HIDDEN as u32),
        activation_one: network.map_or(0, |_| QA),
        output_extra_bits: network.map_or(0, |_| OUTPUT_EXTRA_BITS),
        hidden: network.map_or_else(Vec::new, |n| {
            n.hidden.iter().flat_map(|row| row.0).collect()
        }),
        bias: network.map_or_else(Vec::new, |n| n.bias.to_vec()),
        output: network.map_or_else(Vec::new, |n| n.output.to_vec()),
    };
    let bytes = encode_bincode(&payload).expect("a weights payload always encodes");
    crate::files::encode(&WEIGHTS_FORMAT, &bytes)
}

/// The weights in the whole file `bytes` (header and payload), checked against game `G`.
pub fn decode_weights<G: LinearFeatures>(bytes: &[u8]) -> Result<Weights, WeightsProblem> {
    let payload = decode(bytes, &WEIGHTS_FORMAT).map_err(WeightsProblem::File)?;
    weights_of::<G>(payload)
}

/// The weights in the file at `path`, checked against game `G`.
pub fn load_weights<G: LinearFeatures>(path: &Path) -> Result<Weights, WeightsError> {
    let payload = crate::files::load_bytes(path, &WEIGHTS_FORMAT)?;
    weights_of::<G>(&payload).map_err(|problem| WeightsError::Weights {
        path: path.to_path_buf(),
        problem,
    })
}

/// The weights of a payload, checked against game `G`.
fn weights_of<G: LinearFeatures>(payload: &[u8]) -> Result<Weights, WeightsProblem> {
    let payload: Payload = decode_bincode(payload).map_err(WeightsProblem::Payload)?;
    if payload.game != G::NAME {
        return Err(WeightsProblem::Game {
            expected: G::NAME,
            found: payload.game,
        });
    }
    if payload.feature_names != G::FEATURE_NAMES {
        return Err(WeightsProblem::Features {
            expected: G::FEATURE_NAMES.join(", "),
            found: payload.feature_names.join(", "),
        });
    }
    let network = payload.kind == WeightsKind::Network;
    let patterns = if payload.kind == WeightsKind::Fitted {
        0
    } else {
        G::PATTERN_COUNT
    };
    let units = if network { HIDDEN } else { 0 };
    let expect = |part, expected: i64, found: i64| {
        if expected == found {
            Ok(())
        } else {
            Err(WeightsProblem::Shape {
                part,
                expected,
                found,
            })
        }
    };
    let size = |part, expected: usize, found: usize| expect(part, expected as i64, found as i64);
    expect(
        "weight shift",
        WEIGHT_SHIFT.into(),
        payload.weight_shift.into(),
    )?;
    size(
        "feature weights",
        G::FEATURE_NAMES.len(),
        payload.features.len(),
    )?;
    size("pattern weights", patterns, payload.patterns.len())?;
    size("hidden units", units, payload.hidden_units as usize)?;
    size("hidden weights", patterns * units, payload.hidden.len())?;
    size("hidden biases", units, payload.bias.len())?;
    size("output weights", units, payload.output.len())?;
    if !network {
        let linear = LinearWeights {
            features: payload.features,
            patterns: payload.patterns,
        };
        return Ok(match payload.kind {
            WeightsKind::Fitted => Weights::Fitted(linear),
            _ => Weights::Patterns(linear),
        });
    }
    expect(
        "the activation's one",
        QA.into(),
        payload.activation_one.into(),
    )?;
    expect(
        "the output's extra bits",
        OUTPUT_EXTRA_BITS.into(),
        payload.output_extra_bits.into(),
    )?;
    let rows = payload.hidden.chunks_exact(HIDDEN);
    Ok(Weights::Network(Box::new(NetworkWeights {
        features: payload.features,
        patterns: payload.patterns,
        hidden: rows
            .map(|row| HiddenRow(row.try_into().expect("rows of HIDDEN")))
            .collect(),
        bias: payload.bias.try_into().expect("checked: HIDDEN biases"),
        output: payload.output.try_into().expect("checked: HIDDEN outputs"),
    })))
}

/// The name a weights file of `kind` whose whole contents are `bytes` has:
/// `<kind>-<the first 12 hex digits of their SHA-256>.bin`.
pub fn weights_file_name(kind: WeightsKind, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..6].iter().map(|b| format!("{b:02x}")).collect();
    format!("{kind}-{hex}.bin")
}

/// The name of the provenance note beside the weights file `file_name` (`.bin` → `.md`).
pub fn note_name(file_name: &str) -> String {
    let stem = file_name.strip_suffix(".bin").unwrap_or(file_name);
    format!("{stem}.md")
}

/// What opens each place of a provenance note that is still to be filled in by hand (the
/// data's origin, the match that accepted the weights); the tests refuse an embedded file
/// whose note still holds one.
pub const NOTE_PLACEHOLDER: &str = "(to be written:";

/// A weights file the build embeds: its name in the game's weights folder and its bytes.
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedFile {
    /// The file's name (`network-<hash>.bin`).
    pub name: &'static str,
    /// Its contents.
    pub bytes: &'static [u8],
}

impl EmbeddedFile {
    /// The file's weights for game `G`.
    ///
    /// # Panics
    ///
    /// When the file is not sound weights of `G`: a defect of the build, which the game's
    /// tests catch; the message names the file.
    pub fn weights<G: LinearFeatures>(&self) -> Weights {
        decode_weights::<G>(self.bytes).unwrap_or_else(|problem| {
            panic!(
                "the embedded weights file {} of {} is defective: {problem}",
                self.name,
                G::NAME
            )
        })
    }

    /// The file's linear weights for game `G`, of `kind` (`fitted` or `patterns`).
    ///
    /// # Panics
    ///
    /// As [`EmbeddedFile::weights`], and when the file holds another kind of weights.
    pub fn linear<G: LinearFeatures>(&self, kind: WeightsKind) -> LinearWeights {
        match (kind, self.weights::<G>()) {
            (WeightsKind::Fitted, Weights::Fitted(w))
            | (WeightsKind::Patterns, Weights::Patterns(w)) => w,
            (_, other) => self.wrong_kind(kind, other.kind()),
        }
    }

    /// The file's network for game `G`.
    ///
    /// # Panics
    ///
    /// As [`EmbeddedFile::weights`], and when the file holds another kind of weights.
    pub fn network<G: LinearFeatures>(&self) -> NetworkWeights {
        match self.weights::<G>() {
            Weights::Network(n) => *n,
            other => self.wrong_kind(WeightsKind::Network, other.kind()),
        }
    }

    /// Panics: the file holds `found` weights where `expected` ones are wanted.
    fn wrong_kind(&self, expected: WeightsKind, found: WeightsKind) -> ! {
        panic!(
            "the embedded weights file {} is defective: {}",
            self.name,
            WeightsProblem::Kind { expected, found }
        )
    }
}

/// An [`EmbeddedFile`] of the `weights/` folder beside the source file that names it:
/// `embedded_weights_file!("network-0123456789ab.bin")`.
macro_rules! embedded_weights_file {
    ($name:literal) => {
        $crate::eval::EmbeddedFile {
            name: $name,
            bytes: include_bytes!(concat!("weights/", $name)),
        }
    };
}
pub(crate) use embedded_weights_file;

/// A game's embedded evaluation weights: the files in its weights folder that the build
/// embeds, each parsed once (at its first use) into the `&'static` weights the fitted
/// evaluators read ([`super::Fitted`], [`super::FittedPatterns`], [`super::Network`]).
pub trait EmbeddedWeights: LinearFeatures {
    /// The game's weights folder from the repository's root (`src/games/<game>/weights`):
    /// where `ponder fit-eval` writes a file and its note by default.
    const WEIGHTS_FOLDER: &'static str;

    /// Every weights file the build embeds for the game.
    const EMBEDDED_FILES: &'static [EmbeddedFile];

    /// The `fitted` evaluation's weights.
    fn fitted_weights() -> &'static LinearWeights;

    /// The `patterns` evaluation's weights; `None` (the default) for a game without.
    fn pattern_weights() -> Option<&'static LinearWeights> {
        None
    }

    /// The `network` evaluation's weights; `None` (the default) for a game without.
    fn network_weights() -> Option<&'static NetworkWeights> {
        None
    }
}

/// Checks every weights file `G` embeds, as a test: it loads, its name is its kind and the
/// hash of its contents, its note stands beside it and says which match accepted it, it is
/// what the game's accessors give, and the weights folder holds no other weights file.
#[cfg(test)]
pub(crate) fn check_embedded<G: EmbeddedWeights>() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join(G::WEIGHTS_FOLDER);
    let mut kinds = Vec::new();
    for file in G::EMBEDDED_FILES {
        let weights = file.weights::<G>();
        let kind = weights.kind();
        assert_eq!(file.name, weights_file_name(kind, file.bytes), "renamed?");
        let note = folder.join(note_name(file.name));
        let text = std::fs::read_to_string(&note)
            .unwrap_or_else(|e| panic!("{}: the note of {}: {e}", note.display(), file.name));
        assert!(text.contains("## Accepted by"), "{}", note.display());
        assert!(!text.contains(NOTE_PLACEHOLDER), "{}", note.display());
        match &weights {
            Weights::Fitted(w) => assert_eq!(w, G::fitted_weights(), "{}", file.name),
            Weights::Patterns(w) => assert_eq!(Some(w), G::pattern_weights(), "{}", file.name),
            Weights::Network(n) => assert_eq!(Some(&**n), G::network_weights(), "{}", file.name),
        }
        assert!(!kinds.contains(&kind), "two {kind} files embedded");
        kinds.push(kind);
    }
    assert!(
        kinds.contains(&WeightsKind::Fitted),
        "no fitted weights embedded"
    );
    assert_eq!(
        G::pattern_weights().is_some(),
        kinds.contains(&WeightsKind::Patterns)
    );
    assert_eq!(
        G::network_weights().is_some(),
        kinds.contains(&WeightsKind::Network)
    );
    let mut on_disk: Vec<String> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".bin"))
        .collect();
    let mut embedded: Vec<String> = G::EMBEDDED_FILES
        .iter()
        .map(|f| f.name.to_string())
        .collect();
    on_disk.sort();
    embedded.sort();
    assert_eq!(on_disk, embedded, "weights files in {}", folder.display());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::games::ataxx::Ataxx;
    use crate::games::oware::Oware;

    fn oware_weights() -> Weights {
        let features = (0..Oware::FEATURE_NAMES.len() as i32).map(|i| i * 7 - 50);
        Weights::Fitted(LinearWeights {
            features: features.collect(),
            patterns: vec![],
        })
    }

    fn ataxx_network() -> NetworkWeights {
        let rows = Ataxx::PATTERN_COUNT;
        NetworkWeights {
            features: vec![3; Ataxx::FEATURE_NAMES.len()],
            patterns: (0..rows as i32).collect(),
            hidden: (0..rows)
                .map(|r| HiddenRow([r as i16 - 600; HIDDEN]))
                .collect(),
            bias: [-2; HIDDEN],
            output: [123_456; HIDDEN],
        }
    }

    #[test]
    fn weights_come_back_as_they_were_written() {
        let fitted = oware_weights();
        let bytes = encode_weights(Oware::NAME, Oware::FEATURE_NAMES, &fitted);
        assert_eq!(decode_weights::<Oware>(&bytes).unwrap(), fitted);
        let network = Weights::Network(Box::new(ataxx_network()));
        let bytes = encode_weights(Ataxx::NAME, Ataxx::FEATURE_NAMES, &network);
        assert_eq!(decode_weights::<Ataxx>(&bytes).unwrap(), network);
    }

    #[test]
    fn a_flipped_byte_anywhere_is_refused() {
        let bytes = encode_weights(Oware::NAME, Oware::FEATURE_NAMES, &oware_weights());
        for at in [0, 9, 13, 21, 30, bytes.len() / 2, bytes.len() - 1] {
            let mut corrupt = bytes.clone();
            corrupt[at] ^= 0x10;
            let problem = decode_weights::<Oware>(&corrupt).unwrap_err();
            assert!(
                matches!(problem, WeightsProblem::File(_)),
                "{at}: {problem}"
            );
        }
        let payload_byte = crate::files::HEADER_BYTES + 40;
        let mut corrupt = bytes.clone();
        corrupt[payload_byte] ^= 1;
        let problem = decode_weights::<Oware>(&corrupt).unwrap_err();
        assert!(
            matches!(problem, WeightsProblem::File(FileProblem::Checksum { .. })),
            "{problem}"
        );
    }

    #[test]
    fn weights_of_another_game_or_other_features_are_refused() {
        let bytes = encode_weights(Oware::NAME, Oware::FEATURE_NAMES, &oware_weights());
        let problem = decode_weights::<Ataxx>(&bytes).unwrap_err();
        assert!(matches!(problem, WeightsProblem::Game { .. }), "{problem}");
        let mut names = Oware::FEATURE_NAMES.to_vec();
        names.swap(1, 2);
        let bytes = encode_weights(Oware::NAME, &names, &oware_weights());
        let problem = decode_weights::<Oware>(&bytes).unwrap_err();
        assert!(
            problem.to_string().contains("captured-by-seeds, captured"),
            "{problem}"
        );
    }

    #[test]
    fn weights_of_another_shape_are_refused() {
        let mut network = ataxx_network();
        network.hidden.pop();
        let bytes = encode_weights(
            Ataxx::NAME,
            Ataxx::FEATURE_NAMES,
            &Weights::Network(Box::new(network)),
        );
        let problem = decode_weights::<Ataxx>(&bytes).unwrap_err();
        let expected = (Ataxx::PATTERN_COUNT * HIDDEN) as i64;
        assert!(
            matches!(problem, WeightsProblem::Shape { part: "hidden weights", expected: e, found }
                if e == expected && found == expected - HIDDEN as i64),
            "{problem}"
        );
        // Pattern weights in a features-only file.
        let patterns = Weights::Fitted(LinearWeights {
            features: vec![1; Ataxx::FEATURE_NAMES.len()],
            patterns: vec![1; 3],
        });
        let bytes = encode_weights(Ataxx::NAME, Ataxx::FEATURE_NAMES, &patterns);
        let problem = decode_weights::<Ataxx>(&bytes).unwrap_err();
        assert_eq!(
            problem.to_string(),
            "pattern weights: 3 in the file, this build has 0"
        );
    }

    #[test]
    fn a_file_is_named_by_its_kind_and_the_hash_of_its_contents() {
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1): ba7816bf8f01cfea414140de5dae2223...
        assert_eq!(
            weights_file_name(WeightsKind::Network, b"abc"),
            "network-ba7816bf8f01.bin"
        );
        assert_eq!(
            note_name("network-ba7816bf8f01.bin"),
            "network-ba7816bf8f01.md"
        );
    }

    #[test]
    fn loading_a_file_names_it_in_the_error() {
        let dir = std::env::temp_dir().join(format!("ponder-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.bin");
        let bytes = encode_weights(Oware::NAME, Oware::FEATURE_NAMES, &oware_weights());
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(load_weights::<Oware>(&path).unwrap(), oware_weights());
        let error = load_weights::<Ataxx>(&path).unwrap_err();
        assert!(matches!(error, WeightsError::Weights { .. }), "{error}");
        assert!(error.to_string().contains("w.bin"), "{error}");
        let mut corrupt = bytes;
        *corrupt.last_mut().unwrap() ^= 4;
        std::fs::write(&path, &corrupt).unwrap();
        let error = load_weights::<Oware>(&path).unwrap_err();
        assert!(matches!(error, WeightsError::File(_)), "{error}");
        assert!(error.to_string().contains("w.bin"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[should_panic(expected = "the embedded weights file fitted-000000000000.bin of oware")]
    fn a_defective_embedded_file_panics_naming_it() {
        let bytes = encode_weights(Oware::NAME, Oware::FEATURE_NAMES, &oware_weights());
        let mut corrupt = bytes.clone();
        corrupt[crate::files::HEADER_BYTES] ^= 1;
        let file = EmbeddedFile {
            name: "fitted-000000000000.bin",
            bytes: Box::leak(corrupt.into_boxed_slice()),
        };
        file.linear::<Oware>(WeightsKind::Fitted);
    }
}
