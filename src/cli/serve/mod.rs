//! `ponder serve`: an HTTP move server, a drop-in for the classroom's RemotePlayer, with a
//! JSON API for every game.
//!
//! One thread accepts connections and hands them to a bounded queue; a fixed pool of workers
//! answers them, one request per connection. A full queue is answered `503` at once, every
//! read and write has a timeout, every request's search budget is capped, and a worker
//! survives anything a request does (a panic is answered `500`).

mod http;
mod routes;

pub use http::{MAX_BODY_BYTES, MAX_HEAD_BYTES, Request, Response, percent_decode, read_request};
pub use routes::{ServeConfig, route};

use super::CliError;
use crate::games::GameSpec;
use crossbeam_channel::{Receiver, TrySendError, bounded};
use std::io::Write;
use std::net::{TcpListener, TcpStream};
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
    /// The longest any request may search, in milliseconds.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    max_movetime: u64,
    /// The most nodes any request may search.
    #[arg(long, default_value_t = 50_000_000)]
    max_nodes: u64,
    /// The depth of a JSON request that gives no budget.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    default_depth: u32,
    /// Worker threads reading and answering connections (a bounded pool). Default: 8 per
    /// core, at least 16: slow clients hold a worker until their read timeout.
    #[arg(long, short = 'w', value_parser = clap::value_parser!(u32).range(1..=1024))]
    workers: Option<u32>,
    /// Searches running at the same time (the CPU-bound part). Default: the number of cores.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    searches: Option<u32>,
    /// Connections that may wait for a worker; beyond, `503` at once.
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
    /// --save FILE`); covered positions get exact scores (`score_text` `win by 4`, `exact`).
    #[arg(long)]
    egdb: Vec<std::path::PathBuf>,
}

/// How long a connection may take to send its request, or to take the answer.
const IO_TIMEOUT: Duration = Duration::from_secs(3);

/// Serves until the process is stopped.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    // Check the /getmove game now rather than on the first request.
    crate::with_game!(args.getmove_game, G => <G as crate::Game>::config_from_spec(&args.getmove_game).map(|_| ()))?;
    crate::with_game!(args.getmove_game, G => crate::players::build_player::<G>(&args.getmove_player, 0).map(|_| ()).map_err(CliError::from))?;
    for path in &args.egdb {
        super::solve_kalah::install_egdb_file(path)?;
    }
    let config = ServeConfig {
        max_depth: args.max_depth,
        max_movetime: Duration::from_millis(args.max_movetime),
        max_nodes: args.max_nodes.max(1),
        default_depth: args.default_depth,
        getmove_game: args.getmove_game.clone(),
        getmove_player: args.getmove_player.clone(),
        hash_mib: args.hash,
        search_slots: Arc::new(Semaphore::new(
            args.searches
                .map_or_else(super::matches::default_concurrency, |s| s as usize),
        )),
    };
    let listener = TcpListener::bind((args.host.as_str(), args.port)).map_err(|e| {
        CliError::Usage(format!("cannot listen on {}:{}: {e}", args.host, args.port))
    })?;
    let address = listener.local_addr()?;
    let workers = args.workers.map_or_else(
        || (8 * super::matches::default_concurrency()).max(16),
        |w| w as usize,
    );
    writeln!(
        out,
        "listening on http://{address} ({workers} workers, {} searches at a time, queue {}, max depth {}, max {} ms a request)",
        config.search_slots.permits(),
        args.queue,
        args.max_depth,
        args.max_movetime
    )?;
    out.flush()?;

    let (sender, connections) = bounded::<TcpStream>(args.queue as usize);
    for index in 0..workers {
        let connections = connections.clone();
        let config = config.clone();
        std::thread::Builder::new()
            .name(format!("serve-worker-{index}"))
            .spawn(move || worker(connections, config))?;
    }
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            Err(_) => {
                // Out of file descriptors or a reset connection: wait a little, go on.
                std::thread::sleep(Duration::from_millis(5));
                continue;
            }
        };
        match sender.try_send(stream) {
            Ok(()) => {}
            Err(TrySendError::Full(mut stream)) => {
                let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
                let _ = Response::text(503, "the server is busy: try again shortly")
                    .write_to(&mut stream);
            }
            Err(TrySendError::Disconnected(_)) => break,
        }
    }
    Ok(())
}

/// A worker: answers connections from the queue until the queue closes.
fn worker(connections: Receiver<TcpStream>, config: ServeConfig) {
    for mut stream in connections.iter() {
        let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
        let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
        let _ = stream.set_nodelay(true);
        let mut complete = true;
        let response = match read_request(&mut stream) {
            Ok(request) => {
                let config = &config;
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(&request, config)))
                    .unwrap_or_else(|_| Response::text(500, "internal error"))
            }
            Err(error) => match error.status {
                Some(status) => {
                    complete = false;
                    Response::text(status, error.message)
                }
                None => continue,
            },
        };
        let _ = response.write_to(&mut stream);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        if !complete {
            drain(&mut stream);
        }
    }
}

/// Reads what is left of a refused request for a moment, so that closing the connection does
/// not reset it before the client has read the answer.
fn drain(stream: &mut TcpStream) {
    use std::io::Read;
    let _ = stream.set_read_timeout(Some(Duration::from_millis(50)));
    let mut buffer = [0u8; 4096];
    for _ in 0..64 {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
}

/// A counting semaphore: at most `permits` holders at a time.
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
}

/// A permit of a [`Semaphore`], given back on drop.
#[derive(Debug)]
pub struct SemaphoreGuard<'a> {
    semaphore: &'a Semaphore,
}

impl Drop for SemaphoreGuard<'_> {
    fn drop(&mut self) {
        let mut free = self
            .semaphore
            .free
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        *free += 1;
        self.semaphore.released.notify_one();
    }
}
