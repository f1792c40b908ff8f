//! The state every handler shares: the database, the configuration, the page cache, the
//! clock, media storage and the e-mail notifier. Built
//! once by `crate::startup::Application`.

use std::sync::Arc;

use crate::config::Config;
use crate::site::SiteDeps;
use crate::site::cache::PageCache;
use fagfolk_data::clock::Clock;
use fagfolk_data::db::Db;

/// A handle: every request's handler gets its own copy (axum's `State`), so a copy is one
/// reference count, not one per part; each part's shared counter was touched by both cores
/// on every page served, a tenth of `GET /`'s time (perf, docs/BENCHMARKS.md).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What [`AppState`] shares.
pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    pub pages: Arc<PageCache>,
    pub clock: Clock,
    pub storage: crate::media::storage::Storage,
    pub notifier: Option<Arc<crate::mail::Mailer>>,
    /// Enquiries are written in batches, each answered after its batch's commit
    /// (`fagfolk_data::contact::writer`).
    pub enquiries: fagfolk_data::contact::writer::EnquiryWriter,
    /// Picture variants are made one at a time (`crate::media::variants`), so the CPU
    /// stays free for the requests.
    pub image_work: Arc<tokio::sync::Semaphore>,
    /// Staff requests that read many rows take turns (`crate::http::heavy`).
    pub heavy: Arc<crate::http::heavy::HeavyWork>,
    /// The office's costly reads, kept while nothing is committed (`crate::http::kept`).
    pub kept: Arc<crate::http::kept::Kept>,
    /// Addresses whose refused contact posts have used up their budget, and until when
    /// (`crate::contact::limit::allow_refused`): answered without the database.
    pub refused: crate::contact::limit::UsedUp,
    /// What `/metrics` reports (`crate::metrics`).
    pub metrics: Arc<crate::metrics::Metrics>,
    /// The requests being handled, each in a task of its own (`crate::http`
    /// `run_to_completion`); a stop waits for them (`crate::http::serve`).
    pub requests: tokio_util::task::TaskTracker,
}

impl Shared {
    /// The parts of the state the page engine renders with (`crate::site::SiteDeps`).
    pub fn site(&self) -> SiteDeps {
        SiteDeps {
            db: self.db.clone(),
            config: self.config.clone(),
            storage: self.storage.clone(),
            image_work: self.image_work.clone(),
            metrics: self.metrics.clone(),
        }
    }
}
