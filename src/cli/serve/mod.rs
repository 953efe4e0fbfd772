//! `ponder serve`: the browser game (server-held games with seats, tokens, bots that ponder,
//! live updates over WebSocket), the classroom's `GET /getmove/<depth>,<trace>` and the JSON
//! API, on axum and tokio.
//!
//! - `app`: the router and the request limits; `routes`: the classroom and `/v1` answers;
//! - `api`, `game_request`, `ws`, `types`, `error`: the game API (`docs/web-api.md`);
//! - `registry`, `session`, `live`, `played`, `bots`: the live games, their
//!   seats and engines;
//! - `persist`: the games on disk; `limits`: requests per client; `assets`: the page;
//!   `databases`: the endgame databases (`--egdb`), handed to each game's searches.

mod api;
mod app;
mod assets;
mod bots;
mod databases;
mod error;
mod game_request;
mod limits;
mod live;
mod oneshot;
mod persist;
mod played;
mod registry;
mod reply;
mod routes;
mod session;
mod state;
mod types;
mod ws;

pub use app::{Peer, percent_decode, router};
pub use assets::{asset, asset_names};
/// The router type [`router`] builds.
pub use axum::Router;
pub use databases::DatabaseShelf;
pub use error::{ApiError, parse_body};
pub use limits::RateLimiter;
pub use oneshot::{answer, replay_record};
pub use persist::{SAVED_GAME, SavedGame, StateDir};
pub use registry::{GameLimits, Registry};
pub use reply::Reply;
pub use routes::{ROUTES, ServeConfig};
pub use state::AppState;
pub use types::{
    CreateRequest, GameRecordJson, JoinRequest, LoadRequest, MoveRequest, OptionsRequest, SeatKind,
    SeatRequest, State, TokenRequest,
};

use super::CliError;
use crate::games::GameSpec;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Arguments of `ponder serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the line `listening on http://...` says which).
    #[arg(long, short = 'p', default_value_t = 8000)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The deepest search a request may ask for (deeper requests are capped).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=64))]
    max_depth: u32,
    /// The longest any search may take, in milliseconds (requests and bots alike).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    max_movetime: u64,
    /// The most nodes any request may search.
    #[arg(long, default_value_t = 50_000_000)]
    max_nodes: u64,
    /// The depth of a JSON request that gives no budget.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    default_depth: u32,
    /// Threads answering requests (tokio's workers). Default: the number of cores.
    #[arg(long, short = 'w', value_parser = clap::value_parser!(u32).range(1..=1024))]
    workers: Option<u32>,
    /// Searches running at the same time (requests and bots; the CPU-bound part). Default:
    /// the number of cores.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    searches: Option<u32>,
    /// Open connections at most; beyond, new ones are answered `503` at once.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    queue: u32,
    /// The game of `/getmove` (the classroom's Kalah(6,4) by default).
    #[arg(long, default_value = "kalah")]
    getmove_game: GameSpec,
    /// The player `/getmove` asks: `pvs` (ponder's search), or e.g. `instructor` to answer
    /// as the classroom's instructor AI (alpha-beta with store-diff); the request's depth
    /// (capped) is its budget.
    #[arg(long, default_value = "pvs")]
    getmove_player: crate::players::PlayerSpec,
    /// Transposition-table size of each request's search, MiB.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1024))]
    hash: u32,
    /// Endgame databases the searches consult (repeatable): a Kalah database (`ponder solve
    /// --game kalah --egdb N --egdb-only --save FILE`) or an Awari one (`ponder solve --egdb N
    /// --save FILE`) or an Abapa one (`ponder solve --game oware --egdb N --save FILE`); covered
    /// positions get exact scores (`score_text` `win by 4`, `exact`), in the classroom and JSON
    /// routes and in the browser games' engines alike.
    #[arg(long)]
    egdb: Vec<std::path::PathBuf>,
    /// Opening books the browser games' engines probe (repeatable, one per game and
    /// configuration; `ponder book build`): each learns from every game its engines finish
    /// and is written back to its file.
    #[arg(long)]
    book: Vec<std::path::PathBuf>,
    /// Probe the books without teaching them anything.
    #[arg(long)]
    book_frozen: bool,

    /// Live games at most; at the cap the oldest idle game is dropped for a new one.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_games: u32,
    /// Engines pondering at once at most (the most recently active games ponder).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=1024))]
    max_pondering: u32,
    /// Table and tree memory of each game's engine, MiB (a quarter table, the rest tree).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(2..=4096))]
    game_memory: u32,
    /// All the games' engines' memory at most, MiB.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    memory: u32,
    /// The largest request body, bytes.
    #[arg(long, default_value_t = 64 * 1024, value_parser = clap::value_parser!(u32).range(64..=16_777_216))]
    max_body: u32,
    /// Requests to the game API (`/api`) a second per client address (bursts of twice
    /// that); 0: no limit. The classroom routes are bounded by `--searches` and the caps.
    #[arg(long, default_value_t = 50)]
    rate: u32,
    /// The largest WebSocket message a client may send, bytes.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(16..=16_777_216))]
    ws_message: u32,
    /// A game nobody touches or watches for this many seconds is dropped.
    #[arg(long, default_value_t = 6 * 3600)]
    idle_expiry: u64,
    /// A finished game nobody touches or watches for this many seconds is dropped.
    #[arg(long, default_value_t = 600)]
    finished_expiry: u64,
    /// At a cap, a game idle this many seconds may be dropped for a new one.
    #[arg(long, default_value_t = 60)]
    evict_after: u64,
    /// Where the games are kept across restarts (default
    /// `~/.local/state/ponder/server`).
    #[arg(long)]
    state_dir: Option<PathBuf>,
    /// Keep no games on disk.
    #[arg(long)]
    no_state: bool,
}

/// How long a connection may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(3);

/// The driver's period: bots' moves and thinking are read this often.
const DRIVE_EVERY: Duration = Duration::from_millis(20);

/// Serves until the process is stopped.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    // Check the /getmove game now rather than on the first request.
    crate::with_game!(args.getmove_game, G => <G as crate::Game>::config_from_spec(&args.getmove_game).map(|_| ()))?;
    crate::with_game!(args.getmove_game, G => crate::players::build_player::<G>(&args.getmove_player, 0).map(|_| ()).map_err(CliError::from))?;
    let databases = Arc::new(
        DatabaseShelf::open(&args.egdb)
            .and_then(|shelf| shelf.with_books(&args.book, args.book_frozen))
            .map_err(CliError::Usage)?,
    );

    let cores = super::matches::default_concurrency();
    let slots = Arc::new(Semaphore::new(args.searches.map_or(cores, |s| s as usize)));
    let config = ServeConfig {
        max_depth: args.max_depth,
        max_movetime: Duration::from_millis(args.max_movetime),
        max_nodes: args.max_nodes.max(1),
        default_depth: args.default_depth,
        getmove_game: args.getmove_game.clone(),
        getmove_player: args.getmove_player.clone(),
        hash_mib: args.hash,
        search_slots: slots.clone(),
        databases: databases.clone(),
    };
    let state_dir = if args.no_state {
        None
    } else {
        let dir = args
            .state_dir
            .clone()
            .unwrap_or_else(StateDir::default_path);
        Some(
            StateDir::open(&dir)
                .map_err(|e| CliError::Usage(format!("--state-dir {}: {e}", dir.display())))?,
        )
    };
    let registry = Arc::new(
        Registry::new(game_limits(args), state_dir, slots.clone()).with_databases(databases),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.workers.map_or(cores, |w| w as usize))
        .enable_all()
        .build()?;
    let state = AppState {
        config,
        registry: registry.clone(),
        rate: Arc::new(limits::RateLimiter::new(args.rate)),
        max_body_bytes: args.max_body as usize,
        ws_message_bytes: args.ws_message as usize,
    };
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .map_err(|e| {
                CliError::Usage(format!("cannot listen on {}:{}: {e}", args.host, args.port))
            })?;
        let (restored, problems) = registry.restore();
        for problem in problems {
            eprintln!("serve: {problem}");
        }
        let address = listener.local_addr()?;
        writeln!(
            out,
            "listening on http://{address} ({} searches at a time, max depth {}, max {} ms a search, {restored} games restored)",
            slots.permits(),
            args.max_depth,
            args.max_movetime
        )?;
        out.flush()?;
        tokio::spawn(drive(registry));
        serve(listener, router(state), args.queue as usize).await;
        Ok(())
    })
}

fn game_limits(args: &ServeArgs) -> GameLimits {
    GameLimits {
        max_games: args.max_games as usize,
        max_pondering: args.max_pondering as usize,
        engine_mib: args.game_memory as usize,
        memory_mib: args.memory as usize,
        idle_expiry: Duration::from_secs(args.idle_expiry),
        finished_expiry: Duration::from_secs(args.finished_expiry),
        evict_after: Duration::from_secs(args.evict_after),
        hard_time: Duration::from_millis(args.max_movetime),
        thinking_every: Duration::from_millis(100),
    }
}

/// The driver: every game's bots and engine events, a few dozen times a second.
async fn drive(registry: Arc<Registry>) {
    let mut ticks = tokio::time::interval(DRIVE_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let registry = registry.clone();
        let _ = tokio::task::spawn_blocking(move || registry.drive()).await;
    }
}

/// Accepts connections and serves each with hyper (HTTP/1.1, upgrades for WebSocket), the
/// client's address on every request; at `max_connections` open, new ones get `503`.
async fn serve(listener: tokio::net::TcpListener, app: axum::Router, max_connections: usize) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let open = Arc::new(tokio::sync::Semaphore::new(max_connections));
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            // Out of file descriptors or a reset connection: wait a little, go on.
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            let service = app.map_request(move |mut request: axum::extract::Request<_>| {
                request.extensions_mut().insert(Peer(peer.ip()));
                request
            });
            let service = hyper_util::service::TowerToHyperService::new(service);
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .max_buf_size(64 * 1024)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
            drop(permit);
        });
    }
}

/// Answers `503` to a connection over the cap.
async fn refuse(mut stream: tokio::net::TcpStream) {
    use tokio::io::AsyncWriteExt;
    let body = "the server is busy: try again shortly\n";
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(
        Duration::from_millis(200),
        stream.write_all(answer.as_bytes()),
    )
    .await;
}

/// A counting semaphore: at most `permits` holders at a time (searches of requests, which
/// wait, and of bots, which try).
#[derive(Debug)]
pub struct Semaphore {
    permits: usize,
    free: Mutex<usize>,
    released: Condvar,
}

impl Semaphore {
    /// A semaphore with `permits` permits (at least 1).
    pub fn new(permits: usize) -> Semaphore {
        let permits = permits.max(1);
        Semaphore {
            permits,
            free: Mutex::new(permits),
            released: Condvar::new(),
        }
    }

    /// How many holders it allows.
    pub fn permits(&self) -> usize {
        self.permits
    }

    /// Waits for a permit; it is given back when the guard drops.
    pub fn acquire(&self) -> SemaphoreGuard<'_> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.released.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        SemaphoreGuard { semaphore: self }
    }

    /// A permit if one is free now, held until dropped.
    pub fn try_acquire_owned(self: &Arc<Self>) -> Option<OwnedPermit> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        if *free == 0 {
            return None;
        }
        *free -= 1;
        Some(OwnedPermit {
            semaphore: self.clone(),
        })
    }

    fn release(&self) {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        *free += 1;
        self.released.notify_one();
    }
}

/// A permit of a [`Semaphore`], given back on drop.
#[derive(Debug)]
pub struct SemaphoreGuard<'a> {
    semaphore: &'a Semaphore,
}

impl Drop for SemaphoreGuard<'_> {
    fn drop(&mut self) {
        self.semaphore.release();
    }
}

/// A permit of a shared [`Semaphore`], given back on drop.
#[derive(Debug)]
pub struct OwnedPermit {
    semaphore: Arc<Semaphore>,
}

impl Drop for OwnedPermit {
    fn drop(&mut self) {
        self.semaphore.release();
    }
}
