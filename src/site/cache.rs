//! The page cache: every public page, the 404 page, the admin shell and the public
//! service lists, rendered together and kept ready to send, plain and gzip-compressed,
//! with an ETag. GETs only read it: pages are rendered at start-up, after a change on
//! this instance (`PageCache::changed`), and when the change counter in the database
//! shows a change made through another instance, or the date moves on.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use chrono::{NaiveDate, Utc};
use tokio::sync::watch;

use super::SiteDeps;
use super::render::{Build, render_all};
use super::rendered::{Made, Rendered};
use super::store;
use crate::http::error::ApiError;

/// How often an instance looks at the change counter: a change made through another
/// instance reaches this one's pages within about this long plus a render (the content
/// edits of "Innhold" are to show everywhere within 2 s). One indexed one-row read.
const POLL: Duration = Duration::from_millis(500);
/// How long a request waits for the first render after start-up before it gets a 503.
const FIRST_RENDER_WAIT: Duration = Duration::from_secs(5);
/// How long the request that made a change waits for it to reach the pages. A render is
/// a fraction of a second, so the answer normally comes with the change in the HTML; a
/// render that takes longer goes on in the background and the request returns.
const CHANGE_WAIT: Duration = Duration::from_secs(5);

/// What the pages in service were rendered from.
struct Seen {
    revision: i64,
    date: NaiveDate,
}

/// The rendered pages: read without waiting by every request, rendered by one task at a time.
pub struct PageCache {
    build: Option<Build>,
    /// Render at start-up (`Config::render_at_start`), or only once something needs the
    /// pages: until then nothing is rendered, not even after a change.
    at_start: bool,
    current: watch::Sender<Option<Arc<Rendered>>>,
    /// Held while rendering, so renders never overlap.
    seen: tokio::sync::Mutex<Option<Seen>>,
    /// The change counter the pages in service were rendered at.
    rendered_at: watch::Sender<i64>,
    /// Wakes the render task (`keep_fresh`) at once after a change on this instance.
    /// Changes that come while it renders wake it once more: they are rendered together.
    wake: tokio::sync::Notify,
    /// Pages made on request (`super::form_page`), by the SHA-256 of their path and data:
    /// a customer's quote page is rendered once per state, not once per visit.
    pub(super) made: Made,
}

impl PageCache {
    /// Loads the web build and starts the engine. Without a build (`web/dist` not built)
    /// every page says so.
    pub fn load(at_start: bool) -> Self {
        let build = Build::load()
            .inspect_err(|err| tracing::error!(error = %err, "kan ikke lage sidene: nettappen mangler eller er ugyldig"))
            .ok();
        Self {
            build,
            at_start,
            current: watch::Sender::new(None),
            seen: tokio::sync::Mutex::new(None),
            rendered_at: watch::Sender::new(i64::MIN),
            wake: tokio::sync::Notify::new(),
            made: Default::default(),
        }
    }

    /// The pages in service. Right after start-up this starts the first render if it has
    /// not begun, and waits for it; if there is none within a few seconds (the database is
    /// unreachable) it fails.
    pub async fn current(&self) -> Result<Arc<Rendered>, ApiError> {
        if let Some(rendered) = self.ready() {
            return Ok(rendered);
        }
        self.wake.notify_one();
        self.first_render().await
    }

    /// Waits for the first render without asking for it: `None` if there is none within
    /// a few seconds.
    pub async fn first_render(&self) -> Result<Arc<Rendered>, ApiError> {
        let mut receiver = self.current.subscribe();
        match tokio::time::timeout(FIRST_RENDER_WAIT, receiver.wait_for(Option::is_some)).await {
            Ok(Ok(rendered)) => rendered.clone().ok_or(ApiError::Busy),
            _ => Err(ApiError::Busy),
        }
    }

    /// The change counter the pages in service were rendered at, as it moves (the
    /// enquiry writer reads the pipeline again then, `fagfolk_data::contact::writer`).
    pub fn revision(&self) -> watch::Receiver<i64> {
        self.rendered_at.subscribe()
    }

    /// The pages in service, without waiting: `None` until the first render.
    pub fn ready(&self) -> Option<Arc<Rendered>> {
        self.current.borrow().clone()
    }

    /// The web build, when there is one.
    pub(super) fn build(&self) -> Option<&Build> {
        self.build.as_ref()
    }

    /// Whether the pages have been rendered, so requests for them are answered (`/readyz`,
    /// which starts the first render when the server renders on demand).
    pub fn is_ready(&self) -> bool {
        let ready = self.current.borrow().is_some();
        if !ready {
            self.wake.notify_one();
        }
        ready
    }

    /// The pages the engine failed on in the last pass, each with whether it still has a
    /// version to serve (its last good one) or answers 503.
    pub fn failing(&self) -> Vec<(String, bool)> {
        let current = self.current.borrow();
        let Some(rendered) = current.as_ref() else { return Vec::new() };
        rendered
            .failing
            .iter()
            .map(|path| {
                let served =
                    rendered.pages.get(path).is_some_and(|p| p.status != StatusCode::SERVICE_UNAVAILABLE);
                (path.clone(), served)
            })
            .collect()
    }

    /// Renders the pages again if the change counter or the date moved since the last
    /// render. On failure the pages in service stay.
    pub async fn refresh(&self, deps: &SiteDeps) -> Result<(), ApiError> {
        let mut seen = self.seen.lock().await;
        let revision = store::revision(&deps.db).await?;
        let date = oslo_today();
        let unchanged = seen.as_ref().is_some_and(|s| s.revision == revision && s.date == date);
        if unchanged {
            return Ok(());
        }
        let started = Instant::now();
        let previous = self.current.borrow().clone();
        let rendered = render_all(deps, self.build.as_ref(), previous.as_deref(), date).await?;
        self.current.send_replace(Some(Arc::new(rendered)));
        // Pages made with the old data can no longer be asked for: their memory goes.
        self.forget_made();
        self.rendered_at.send_replace(revision);
        deps.metrics.page_renders.inc();
        *seen = Some(Seen { revision, date });
        tracing::info!(revision, ms = started.elapsed().as_millis() as u64, "sidene er laget");
        Ok(())
    }

    /// After a write: when the change counter moved past the pages in service (a change
    /// the site shows moves it in its own transaction, `fagfolk_data::audit::store`), wakes the
    /// render task (`keep_fresh`), which renders off the request, and waits for it (at
    /// most [`CHANGE_WAIT`]), so that the change is normally in the HTML by the time the
    /// request that made it is answered. Called for every staff write by the router
    /// (`crate::http`), never by hand.
    pub async fn caught_up(&self, db: &fagfolk_data::db::Db) {
        let wanted = match store::revision(db).await {
            Ok(revision) => revision,
            Err(err) => {
                tracing::error!(error = %err, "kunne ikke lese endringstelleren");
                return;
            }
        };
        let mut rendered = self.rendered_at.subscribe();
        if *rendered.borrow() >= wanted {
            return;
        }
        if !self.at_start && self.untouched() {
            // Nothing rendered, nothing rendering: no page is behind. The counter moves
            // all the same, for those that follow it (the enquiry writer's pipeline).
            self.rendered_at.send_replace(wanted);
            return;
        }
        self.wake.notify_one();
        if tokio::time::timeout(CHANGE_WAIT, rendered.wait_for(|at| *at >= wanted)).await.is_err() {
            tracing::warn!(revision = wanted, "endringen er ikke i sidene ennå; de lages i bakgrunnen");
        }
    }

    /// Whether no render has been asked for yet: none in service and none under way.
    fn untouched(&self) -> bool {
        self.current.borrow().is_none() && self.seen.try_lock().is_ok_and(|seen| seen.is_none())
    }

    /// Forgets the pages made on request. The privacy page's erasure calls it, so a
    /// customer's quote page does not outlive the quote in this instance's memory
    /// (it could not be asked for anyway: its link finds no quote).
    pub fn forget_made(&self) {
        if let Ok(mut made) = self.made.lock() {
            made.clear();
        }
    }

    /// Wakes the render task without waiting (a change made in the background: picture
    /// copies that are ready).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Renders at start-up (or when first woken, `Config::render_at_start`) and then
    /// whenever the counter or the date moves; runs until the server stops. A failure is
    /// logged when it starts and when it ends, not every poll.
    pub async fn keep_fresh(pages: Arc<PageCache>, deps: SiteDeps) {
        let mut every = tokio::time::interval(POLL);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut failing = false;
        let mut asked = pages.at_start;
        loop {
            tokio::select! {
                _ = every.tick() => {}
                () = pages.wake.notified() => asked = true,
            }
            if !asked {
                continue;
            }
            match pages.refresh(&deps).await {
                Ok(()) if failing => {
                    failing = false;
                    tracing::info!("sidene lages igjen");
                }
                Err(err) if !failing => {
                    failing = true;
                    tracing::error!(error = ?err, "kunne ikke lage sidene; de forrige vises");
                }
                _ => {}
            }
        }
    }
}

fn oslo_today() -> NaiveDate {
    fagfolk_data::oslo::day_of(Utc::now())
}
