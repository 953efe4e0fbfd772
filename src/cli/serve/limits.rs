//! Requests per client: a token bucket per client address, refilled at `rate` a second up
//! to a burst of twice that; the table of clients is bounded (full buckets are forgotten).

use parking_lot::Mutex;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Instant;

/// Clients remembered at most before the full buckets are forgotten.
const MAX_CLIENTS: usize = 10_000;

/// One client's bucket.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The rate limiter.
#[derive(Debug)]
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    clients: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    /// `rate` requests a second per client (0: unlimited).
    pub fn new(rate: u32) -> RateLimiter {
        RateLimiter {
            rate: f64::from(rate),
            burst: f64::from(rate) * 2.0,
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `client` may make one more request now (and counts it).
    pub fn allow(&self, client: IpAddr) -> bool {
        if self.rate <= 0.0 {
            return true;
        }
        let now = Instant::now();
        let mut clients = self.clients.lock();
        if clients.len() >= MAX_CLIENTS {
            let (rate, burst) = (self.rate, self.burst);
            clients.retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate < burst);
        }
        let bucket = clients.entry(client).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refill = now.duration_since(bucket.at).as_secs_f64() * self.rate;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
