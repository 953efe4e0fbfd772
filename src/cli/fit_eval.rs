//! `ponder fit-eval`: fit a game's evaluation to self-play outcomes and write the weights file
//! the build embeds, with its provenance note (the library's [`crate::fit`] does the work;
//! this is its command line).

use super::{CliError, progress_bar};
use crate::egdb::Shard;
use crate::eval::weights::NOTE_PLACEHOLDER;
use crate::eval::{EmbeddedWeights, LinearFeatures, LinearWeights, Weights};
use crate::files::{load_bincode, save_bincode};
use crate::fit::{
    DATASET_FORMAT, Dataset, FitError, FitOptions, FitReport, NetworkOptions, Provenance, SelfPlay,
    StartingNetwork, TrainedNetwork, fit, rerun_command, self_play, train_network,
    write_weights_file,
};
use crate::games::ataxx::Ataxx;
use crate::games::oware::Oware;
use crate::games::{Game, GameRecord, GameSpec};
use crate::matches::Balance;
use crate::players::PlayerSpec;
use crate::search::Evaluators;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `ponder fit-eval`.
#[derive(Debug, Clone, clap::Args)]
pub struct FitEvalArgs {
    /// The game: `ataxx` or `oware` (with parameters, e.g. `ataxx:walls=0x7888`).
    #[arg(long, short = 'g')]
    game: GameSpec,
    /// Self-play games (all shards together).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    games: u32,
    /// Nodes each player searches a move (`pvs:nodes=N,tiebreak=random`).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    nodes: u64,
    /// Seeds the openings, the players, the sampling and the train/held-out split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write: the folder of the weights file and its provenance note (default: the
    /// game's weights folder, e.g. `src/games/ataxx/weights`, relative to the current
    /// directory), or with `--shard` the shard's data set.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Play only shard `i/N` of the games and save its data set to `--out` (fit later with
    /// `--data`).
    #[arg(long)]
    shard: Option<Shard>,
    /// Fit on these saved data sets (the shards' `--out` files) instead of playing.
    #[arg(long, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Random plies of each game's opening.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=200))]
    opening_plies: u32,
    /// Random openings drawn for each game; the most even by a quick search is played (1:
    /// plain random openings).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    balance: u32,
    /// The depth of the search that judges openings. Default: the game's (Ataxx: 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    balance_depth: Option<u32>,
    /// The most (quiet) positions sampled from one game.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    samples_per_game: u32,
    /// Sample every position a search moved from, not only the quiet ones (a network is
    /// evaluated at every leaf, quiet or not).
    #[arg(long)]
    all_positions: bool,
    /// The evaluator the fit is compared with and whose units the weights take (Ataxx's
    /// hand-weighted one is `classic`, Oware's `default`).
    #[arg(long)]
    compare: Option<String>,
    /// Passes of Adam.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    epochs: u32,
    /// The L2 penalty on the standardised weights.
    #[arg(long, default_value_t = 1e-4)]
    l2: f64,
    /// The share of games held out for judging, in percent.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=90))]
    held_out: u32,
    /// Fit the game's pattern weights too (Ataxx's 2×2 windows) and write the pattern
    /// evaluation's weights file (`patterns-<hash>.bin`).
    #[arg(long)]
    patterns: bool,
    /// The L2 penalty on the pattern weights (logit units).
    #[arg(long, default_value_t = 3e-3)]
    pattern_l2: f64,
    /// Fit the network evaluation too (one hidden layer over the patterns, on top of the
    /// pattern evaluation) and write its weights file (`network-<hash>.bin`).
    #[arg(long)]
    network: bool,
    /// Passes of the network's training over the training positions.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    network_epochs: u32,
    /// The network's first Adam step size.
    #[arg(long, default_value_t = 2e-3, value_parser = positive_number)]
    network_rate: f32,
    /// The network's decoupled weight decay on its hidden weights (per step, times the step
    /// size).
    #[arg(long, default_value_t = 0.3, value_parser = non_negative_number)]
    network_decay: f32,
    /// With `--network`: refit the network this build embeds rather than fit one anew
    /// (its linear part kept, its hidden layer trained further on the data; the held-out
    /// figures show it as `embedded`).
    #[arg(long, requires = "network")]
    refit: bool,
    /// With `--network`: train the linear part (feature and pattern weights) with the hidden
    /// layer instead of keeping it as the pattern fit (or the refitted network) left it.
    #[arg(long, requires = "network")]
    train_linear: bool,
    /// The share (0 to 1) of each training target taken from the self-play search's value
    /// for the position rather than from the game's result (held-out positions are judged
    /// against the results either way).
    #[arg(long, default_value_t = 0.0, value_parser = unit_share)]
    value_weight: f64,
    /// Print the fit only; write no weights file or note.
    #[arg(long)]
    dry_run: bool,
    /// Games played at the same time. Default: the number of cores.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: Option<u32>,
}

/// Runs the fit for the game the arguments name.
pub fn run(args: &FitEvalArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match args.game.name() {
        name if name == Ataxx::NAME => run_for::<Ataxx>(args, out),
        name if name == Oware::NAME => run_for::<Oware>(args, out),
        other => Err(CliError::Usage(format!(
            "fit-eval: no fitted evaluation for {other}; games: {}, {}",
            Ataxx::NAME,
            Oware::NAME
        ))),
    }
}

/// The fit for game `G`: play (a shard) or load the data, fit, report, write.
fn run_for<G: EmbeddedWeights + Evaluators>(
    args: &FitEvalArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let config = G::config_from_spec(&args.game)?;
    let start = GameRecord::new(G::start(&config)?);
    if let Some(shard) = args.shard {
        let path = args.out.as_deref().ok_or_else(|| {
            CliError::Usage("fit-eval --shard: --out FILE names the shard's data set".into())
        })?;
        let data = play(&start, args, shard)?;
        save_bincode(path, &DATASET_FORMAT, &data)?;
        writeln!(
            out,
            "shard {shard}: {} positions saved to {}",
            data.samples.len(),
            path.display()
        )?;
        return Ok(());
    }
    let data = if args.data.is_empty() {
        play(&start, args, Shard::WHOLE)?
    } else {
        load_all::<G>(&args.data, &compared::<G>(args))?
    };
    let options = FitOptions {
        epochs: args.epochs,
        learning_rate: FitOptions::default().learning_rate,
        l2: args.l2,
        held_out_percent: args.held_out,
        seed: args.seed,
        patterns: args.patterns,
        pattern_l2: args.pattern_l2,
        value_weight: args.value_weight,
    };
    let command_line: Vec<String> = std::iter::once("ponder".to_string())
        .chain(std::env::args().skip(1))
        .collect();
    let command = rerun_command(&command_line);
    if args.patterns && G::PATTERN_COUNT == 0 {
        return Err(CliError::Usage(format!(
            "fit-eval --patterns: {} has no patterns",
            G::NAME
        )));
    }
    let (weights, report) = if args.network {
        let network = fit_network::<G>(&data, &options, args, out)?;
        (Weights::Network(Box::new(network.weights)), network.report)
    } else {
        let fit = fit(&data, G::MATERIAL_FEATURE, &options).map_err(fit_error)?;
        print_report(&fit.report, out)?;
        print_weights::<G>(&fit.weights, out)?;
        let linear = LinearWeights {
            features: fit.weights,
            patterns: fit.pattern_weights,
        };
        let weights = if args.patterns {
            Weights::Patterns(linear)
        } else {
            Weights::Fitted(linear)
        };
        (weights, fit.report)
    };
    if !args.dry_run {
        let folder = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from(G::WEIGHTS_FOLDER));
        let provenance = Provenance {
            command: &command,
            saved_data: !args.data.is_empty(),
            report: &report,
        };
        let written =
            write_weights_file(&folder, G::NAME, G::FEATURE_NAMES, &weights, &provenance)?;
        writeln!(
            out,
            "weights written to {} and their provenance note to {}: fill in the note's places \
             marked \"{NOTE_PLACEHOLDER}\", then embed the file by naming it in \
             src/games/{}/weights.rs (in place of the {} file it replaces, which goes)",
            written.file.display(),
            written.note.display(),
            G::NAME,
            weights.kind()
        )?;
    }
    Ok(())
}

/// Fits the network evaluation, printing each epoch's training loss and the held-out figures.
fn fit_network<G: EmbeddedWeights>(
    data: &Dataset,
    linear: &FitOptions,
    args: &FitEvalArgs,
    out: &mut dyn Write,
) -> Result<TrainedNetwork, CliError> {
    if G::PATTERN_COUNT == 0 {
        return Err(CliError::Usage(format!(
            "fit-eval --network: {} has no patterns to build a network on",
            G::NAME
        )));
    }
    let options = NetworkOptions {
        epochs: args.network_epochs,
        learning_rate: args.network_rate,
        weight_decay: args.network_decay,
        seed: args.seed,
        train_linear: args.train_linear,
        ..NetworkOptions::default()
    };
    let start = match (args.refit, G::network_weights()) {
        (false, _) => None,
        (true, Some(weights)) => Some(StartingNetwork {
            name: "embedded",
            weights,
        }),
        (true, None) => {
            return Err(CliError::Usage(format!(
                "fit-eval --refit: {} embeds no network to start from",
                G::NAME
            )));
        }
    };
    let mut failed = None;
    let network = train_network(
        data,
        G::MATERIAL_FEATURE,
        linear,
        &options,
        start,
        &mut |epoch, loss| {
            if let Err(e) = writeln!(out, "epoch {epoch}: training log-loss {loss:.4}") {
                failed.get_or_insert(e);
            }
        },
    )
    .map_err(fit_error)?;
    if let Some(error) = failed {
        return Err(error.into());
    }
    print_report(&network.report, out)?;
    Ok(network)
}

/// The evaluator compared with: `--compare`, or the game's hand-weighted evaluation (Ataxx's
/// `classic`, its `default` being the fitted one; Oware's `default`).
fn compared<G: LinearFeatures + Evaluators>(args: &FitEvalArgs) -> String {
    args.compare.clone().unwrap_or_else(|| {
        let hand = if G::NAME == Ataxx::NAME {
            "classic"
        } else {
            "default"
        };
        hand.to_string()
    })
}

/// Plays `shard`'s part of the games and samples them.
fn play<G: LinearFeatures + Evaluators>(
    start: &GameRecord<G>,
    args: &FitEvalArgs,
    shard: Shard,
) -> Result<Dataset, CliError> {
    let games = shard.range(u64::from(args.games));
    let player = PlayerSpec::named("pvs")
        .with("nodes", &args.nodes.to_string())
        .with("tiebreak", "random");
    let config = SelfPlay {
        games: (games.end - games.start) as u32,
        player,
        opening_plies: args.opening_plies as usize,
        balance: Balance::of::<G>(args.balance, args.balance_depth),
        samples_per_game: args.samples_per_game as usize,
        all_positions: args.all_positions,
        compared: compared::<G>(args),
        seed: args.seed,
        first_game: games.start,
        concurrency: args.concurrency.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |c| c as usize,
        ),
    };
    let bar = progress_bar(u64::from(config.games), "games");
    let data =
        self_play(start, &config, &|done| bar.set_position(u64::from(done))).map_err(fit_error)?;
    bar.finish_and_clear();
    Ok(data)
}

/// The saved data sets at `paths`, merged (each checked against this build's features).
fn load_all<G: LinearFeatures>(paths: &[PathBuf], compared: &str) -> Result<Dataset, CliError> {
    let mut data = Dataset::new::<G>(compared);
    for path in paths {
        let part: Dataset = load_bincode(path, &DATASET_FORMAT)?;
        data.merge(part, &path.display().to_string())
            .map_err(fit_error)?;
    }
    Ok(data)
}

/// The held-out figures of each model.
fn print_report(report: &FitReport, out: &mut dyn Write) -> Result<(), CliError> {
    writeln!(
        out,
        "{} training, {} held-out positions\nmodel                log-loss  accuracy  K",
        report.train, report.held_out
    )?;
    for model in &report.models {
        writeln!(
            out,
            "{:<20} {:.4}    {:5.1}%    {:.5}",
            model.name,
            model.log_loss,
            100.0 * model.accuracy,
            model.scale
        )?;
    }
    Ok(())
}

/// The feature weights, by name.
fn print_weights<G: LinearFeatures>(weights: &[i32], out: &mut dyn Write) -> Result<(), CliError> {
    for (name, weight) in G::FEATURE_NAMES.iter().zip(weights) {
        writeln!(out, "  {name:<22} {weight}")?;
    }
    Ok(())
}

/// A finite number above 0 (`--network-rate`).
fn positive_number(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("{text:?} is not a finite number above 0")),
    }
}

/// A finite number of at least 0 (`--network-decay`).
fn non_negative_number(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!("{text:?} is not a finite number of at least 0")),
    }
}

/// A number from 0 to 1 (`--value-weight`).
fn unit_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text:?} is not a number from 0 to 1")),
    }
}

/// The command line's error for a fitting error.
fn fit_error(error: FitError) -> CliError {
    match error {
        FitError::Player(e) => CliError::Player(e),
        FitError::File(e) => CliError::File(e),
        other => CliError::Usage(other.to_string()),
    }
}
