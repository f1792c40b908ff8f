//! Enquiries written in batches (group commit). Every enquiry used to be a write
//! transaction of its own, and on SQLite each waited for the one write lock by sleeping
//! and trying again (the busy timeout): a burst spent its time waiting, not writing. Here
//! one task per lane takes every enquiry waiting (up to [`BATCH`]), writes them in one
//! transaction and commits once; each caller is answered after that commit, never before.
//!
//! Each lane keeps the pipeline (the first status a lead gets, and the open ones) it read,
//! and reads it again when the site's change counter moves, which a save of the pipeline
//! does (`Pipelines`), instead of once per batch.
//!
//! The limit per address and the duplicate lookup stay exact: the batch reads its senders'
//! attempts and the open leads with its numbers and addresses inside the transaction, then
//! takes its enquiries in order, each seeing the attempts and leads of those before it
//! (`super::store_batch`), and writes them in three statements. SQLite has one lane (one writer is all it has). PostgreSQL has
//! [`PG_LANES`], an address always in the same lane; a batch holds the advisory lock of
//! each address it writes (`Db::begin_one_at_a_time_all`), so instances sharing the
//! database still take turns per address.
//!
//! When one enquiry of a batch fails (a statement refused), the batch is undone and each
//! of its enquiries is written again alone, so one bad enquiry fails only itself. When the
//! batch cannot begin or commit (the database is unreachable or busy), nothing of it was
//! stored and every caller is told so.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, SubsecRound, TimeDelta, Utc};
use tokio::sync::{mpsc, oneshot, watch};

use super::{ContactForm, Enquiry, Stored, Window, limit_key, store_batch};
use crate::db::Db;

/// The most enquiries one transaction writes.
pub const BATCH: usize = 64;
/// The lanes on PostgreSQL, each with its own connection.
pub const PG_LANES: usize = 4;

/// What became of one enquiry (`Stored`).
pub type Written = Result<Stored, sqlx::Error>;

struct Job {
    form: ContactForm,
    address: String,
    window: Window,
    answer: oneshot::Sender<Written>,
}

/// The handle the contact routes write through; cheap to clone.
#[derive(Clone)]
pub struct EnquiryWriter {
    lanes: Arc<[mpsc::Sender<Job>]>,
}

impl EnquiryWriter {
    /// Starts the lanes' tasks on the current Tokio runtime. They end when every handle is
    /// gone. `revision` is the site's change counter as the pages in service were rendered
    /// at (the server's page cache): the pipeline is read again when it moves.
    pub fn start(db: &Db, revision: watch::Receiver<i64>) -> Self {
        let lanes = match db {
            Db::Sqlite(_) => 1,
            Db::Postgres(_) => PG_LANES,
        };
        let lanes: Vec<_> = (0..lanes)
            .map(|_| {
                let (sender, receiver) = mpsc::channel(BATCH * 8);
                tokio::spawn(run(db.clone(), receiver, Pipelines::new(revision.clone())));
                sender
            })
            .collect();
        Self { lanes: lanes.into() }
    }

    /// Stores `form` from `address` with its lead and photos, counted against the limit
    /// (`window`), and answers once it is committed.
    pub async fn store(&self, form: ContactForm, address: &str, window: Window) -> Written {
        let lane = &self.lanes[lane_of(address, self.lanes.len())];
        let (answer, answered) = oneshot::channel();
        let job = Job { form, address: address.to_owned(), window, answer };
        lane.send(job).await.map_err(|_| sqlx::Error::PoolClosed)?;
        answered.await.map_err(|_| sqlx::Error::PoolClosed)?
    }
}

/// The lane of `address`: always the same one, so one address's enquiries are never in
/// two batches at once on one instance.
fn lane_of(address: &str, lanes: usize) -> usize {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    address.hash(&mut hasher);
    (hasher.finish() % lanes as u64) as usize
}

async fn run(db: Db, mut jobs: mpsc::Receiver<Job>, mut pipelines: Pipelines) {
    let mut batch = Vec::with_capacity(BATCH);
    let mut last = None;
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        for job in &mut batch {
            job.window = in_turn(job.window, &mut last);
        }
        let batch = std::mem::take(&mut batch);
        let pipeline = match pipelines.current(&db).await {
            Ok(pipeline) => pipeline,
            Err(err) => {
                unavailable(batch, &err);
                continue;
            }
        };
        // In a task of its own: were a batch to panic, its callers are told (their answers
        // are dropped, a 503) and the lane goes on with the next batch.
        let db = db.clone();
        if tokio::spawn(async move { write(&db, batch, &pipeline).await }).await.is_err() {
            tracing::error!("en samlet skriving av henvendelser feilet uventet");
        }
    }
}

/// What a new lead needs of the pipeline: its first status, and the open ones (where a
/// duplicate is looked for).
struct Pipeline {
    first: String,
    open: Vec<String>,
}

/// How long a lane trusts the pipeline it read without the change counter moving: a
/// render that failed leaves the counter where it was, and a lead must not get a status
/// renamed away for longer than this.
const PIPELINE_AT_MOST: Duration = Duration::from_secs(2);

/// The pipeline as a lane last read it: once per change of the site's counter (a save of
/// the pipeline moves it, on this instance and, within the page cache's poll, on every
/// other), not once per batch.
struct Pipelines {
    revision: watch::Receiver<i64>,
    read: Option<(i64, Instant, Arc<Pipeline>)>,
}

impl Pipelines {
    fn new(revision: watch::Receiver<i64>) -> Self {
        Self { revision, read: None }
    }

    async fn current(&mut self, db: &Db) -> Result<Arc<Pipeline>, sqlx::Error> {
        let revision = *self.revision.borrow();
        if let Some((at, when, pipeline)) = &self.read
            && *at == revision
            && when.elapsed() < PIPELINE_AT_MOST
        {
            return Ok(pipeline.clone());
        }
        let stages = crate::settings::stages(db).await?;
        let first = stages.first().map_or_else(|| "Ny".to_owned(), |stage| stage.name.clone());
        let pipeline = Arc::new(Pipeline { first, open: crate::settings::open_names(&stages) });
        self.read = Some((revision, Instant::now(), pipeline.clone()));
        Ok(pipeline)
    }
}

/// Tells every caller of `batch` that nothing of it was stored: an I/O error, which reads
/// as "unavailable" (503).
fn unavailable(batch: Vec<Job>, err: &sqlx::Error) {
    let message = err.to_string();
    for job in batch {
        let _ = job.answer.send(Err(sqlx::Error::Io(std::io::Error::other(message.clone()))));
    }
}

/// The window of an enquiry, its time made later than the one the lane took before it.
/// A request takes its time before it reaches the lane, and two requests on two cores can
/// reach it in the other order; the lead stored second would then be dated before the one
/// it is flagged as a duplicate of. Times are kept to the microsecond, as both databases
/// keep them, and the window's start moves with its time.
fn in_turn(window: Window, last: &mut Option<DateTime<Utc>>) -> Window {
    let Window { now: taken, since, limit } = window;
    let at = match (*last, taken.trunc_subsecs(6)) {
        (Some(before), at) if at <= before => before + TimeDelta::microseconds(1),
        (_, at) => at,
    };
    *last = Some(at);
    Window { now: at, since: since + (at - taken), limit }
}

/// Writes `batch` in one transaction and answers each caller; see the module's comment
/// for what happens on failure.
async fn write(db: &Db, batch: Vec<Job>, pipeline: &Pipeline) {
    match write_together(db, &batch, pipeline).await {
        Ok(written) => {
            for (job, written) in batch.into_iter().zip(written) {
                let _ = job.answer.send(Ok(written));
            }
        }
        Err(failed) if batch.len() == 1 => {
            let _ = batch.into_iter().next().map(|job| job.answer.send(Err(failed.into_error())));
        }
        Err(Failed::Enquiry(_)) => {
            for job in batch {
                let written = write_together(db, std::slice::from_ref(&job), pipeline).await;
                let _ = job.answer.send(written.map(|mut one| one.remove(0)).map_err(Failed::into_error));
            }
        }
        Err(Failed::Transaction(err)) => unavailable(batch, &err),
    }
}

/// Why a batch was not written.
enum Failed {
    /// One of its enquiries was refused; the others may be fine.
    Enquiry(sqlx::Error),
    /// The transaction could not begin or commit: nothing of it is stored.
    Transaction(sqlx::Error),
}

impl Failed {
    fn into_error(self) -> sqlx::Error {
        match self {
            Self::Enquiry(err) | Self::Transaction(err) => err,
        }
    }
}

async fn write_together(db: &Db, batch: &[Job], pipeline: &Pipeline) -> Result<Vec<Stored>, Failed> {
    let keys: Vec<String> = batch.iter().map(|job| limit_key(&job.address)).collect();
    let mut tx = db.begin_one_at_a_time_all(&keys).await.map_err(Failed::Transaction)?;
    let enquiries: Vec<Enquiry> = batch
        .iter()
        .map(|job| Enquiry { form: &job.form, address: &job.address, window: job.window })
        .collect();
    let written =
        store_batch(&mut tx, &enquiries, (&pipeline.first, &pipeline.open)).await.map_err(Failed::Enquiry)?;
    tx.commit().await.map_err(Failed::Transaction)?;
    Ok(written)
}
