//! The contact form's limit: `FAGFOLK_CONTACT_LIMIT` enquiries per client address (an
//! IPv6 client by its /64, `crate::http::client::rate_key`) in any
//! `FAGFOLK_CONTACT_WINDOW_SECS`. Attempts are rows in the database, so the limit holds
//! across every instance behind a load balancer (tests/api/scale.rs).

use chrono::{DateTime, Utc};

use crate::config::Config;
use fagfolk_data::clock::Clock;
use fagfolk_data::db::Db;

pub use fagfolk_data::contact::limit_key as key;

/// Now, the start of the window, and the limit, as `fagfolk_data::contact::writer` and
/// `fagfolk_data::contact::store::record_attempt` take them.
pub fn window(clock: &Clock, config: &Config) -> fagfolk_data::contact::Window {
    let now = clock.now();
    let since = now
        - chrono::Duration::from_std(config.contact_window).unwrap_or_else(|_| chrono::Duration::days(365));
    fagfolk_data::contact::Window { now, since, limit: i64::from(config.contact_limit.get()) }
}

/// Counts an attempt from `address` unless it has used up the limit: `false` then. (An
/// enquiry that is stored counts in its own transaction instead, `fagfolk_data::contact::writer`.)
pub async fn allow(
    db: &Db,
    window: fagfolk_data::contact::Window,
    address: &str,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_one_at_a_time(&key(address)).await?;
    let allowed = fagfolk_data::contact::store::record_attempt(&mut tx, address, window).await?;
    tx.commit().await?;
    Ok(allowed)
}

/// Refused posts (a field missing or wrong) allowed from one address in the window, per
/// enquiry the limit allows, and at least: a customer who mistypes can try many times, a
/// client that posts nonsense in a loop is answered 429 without the page being rendered
/// again (docs/BENCHMARKS.md, "Refused enquiries").
const REFUSED_PER_ENQUIRY: i64 = 4;
const REFUSED_AT_LEAST: i64 = 20;

/// The addresses that have used up their refused posts on this instance, each for a whole
/// window from the post that found it so: a flood is answered from here, without a write.
#[derive(Default)]
pub struct UsedUp(std::sync::Mutex<std::collections::HashMap<String, DateTime<Utc>>>);

impl UsedUp {
    fn until(&self, address: &str, now: DateTime<Utc>) -> bool {
        let mut used = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        used.retain(|_, until| *until > now);
        used.contains_key(address)
    }

    fn remember(&self, address: &str, until: DateTime<Utc>) {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(address.to_owned(), until);
    }
}

/// Counts a refused post from `address`, under a key of its own (`avvist:<address>`): `false`
/// once the address has used up its refusals in the window. Then the instance remembers it
/// for the rest of the window, and answers the next ones without the database.
pub async fn allow_refused(
    db: &Db,
    used_up: &UsedUp,
    window: fagfolk_data::contact::Window,
    address: &str,
) -> Result<bool, sqlx::Error> {
    let fagfolk_data::contact::Window { now, since, .. } = window;
    if used_up.until(address, now) {
        return Ok(false);
    }
    let refused = format!("avvist:{address}");
    let mut tx = db.begin_one_at_a_time(&key(&refused)).await?;
    let allowed = fagfolk_data::contact::store::record_attempt(
        &mut tx,
        &refused,
        fagfolk_data::contact::Window {
            limit: window.limit.saturating_mul(REFUSED_PER_ENQUIRY).max(REFUSED_AT_LEAST),
            ..window
        },
    )
    .await?;
    tx.commit().await?;
    if !allowed {
        // A whole window from now: by then every post it counted has left the window.
        used_up.remember(address, now + (now - since));
    }
    Ok(allowed)
}

/// Forgets attempts older than `before`; run now and then by the server.
pub async fn forget(db: &Db, before: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    fagfolk_data::contact::store::forget_attempts(db, before).await
}
