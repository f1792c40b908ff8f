//! Builds the application from a configuration: database, migrations, seed, router and a
//! bound listener. Tests build it on port 0 and read the port back.

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::config::Config;
use crate::db::{Db, seed};
use crate::site::cache::PageCache;
use crate::state::AppState;
use fagfolk_data::clock::Clock;

pub struct Application {
    listener: TcpListener,
    state: AppState,
}

impl Application {
    /// Connects, migrates, seeds and binds. Fails with a readable message.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let db = Db::connect(&config.database_url).await?;
        db.migrate().await?;
        seed::run(&db).await.context("kunne ikke legge inn startdata")?;
        let indexed =
            fagfolk_data::leads::store::index_missing(&db).await.context("kunne ikke gjøre leads søkbare")?;
        if indexed > 0 {
            tracing::info!(leads = indexed, "leads gjort søkbare");
        }
        let relowered = fagfolk_data::invoices::store::search_missing(&db)
            .await
            .context("kunne ikke gjøre fakturaer søkbare")?;
        if relowered > 0 {
            tracing::info!(invoices = relowered, "fakturaer gjort søkbare");
        }
        let clock = Clock::default();
        if let Some((email, password)) = &config.first_admin
            && crate::users::count(&db).await? == 0
        {
            crate::users::create(
                &db,
                "Administrator",
                email,
                password,
                fagfolk_data::users::Role::Admin,
                clock.now(),
                None,
            )
            .await
            .map_err(|err| anyhow::anyhow!("FAGFOLK_ADMIN_EMAIL/FAGFOLK_ADMIN_PASSWORD: {err}"))?;
            tracing::info!(%email, "første administrator opprettet");
        }
        if config.demo {
            crate::leads::demo::run(&db, clock.now()).await.context("kunne ikke legge inn demodata")?;
        }
        Self::with_db(config, db, clock).await
    }

    /// Binds with an existing, migrated database.
    pub async fn with_db(config: Config, db: Db, clock: Clock) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("FAGFOLK_ADDR: kunne ikke lytte på {}", config.addr))?;
        let storage = crate::media::storage::Storage::open(&config.storage, &config.storage_options)?;
        let notifier = match (&config.smtp_url, &config.notify_to) {
            (Some(url), Some(to)) => Some(Arc::new(crate::mail::Mailer::new(url, to, config.base_url())?)),
            _ => None,
        };
        let pages = Arc::new(PageCache::load(config.render_at_start));
        let state = AppState::new(crate::state::Shared {
            // The writer reads the pipeline again when the pages' change counter moves.
            enquiries: fagfolk_data::contact::writer::EnquiryWriter::start(&db, pages.revision()),
            db,
            config: Arc::new(config),
            pages,
            clock,
            storage,
            notifier,
            image_work: Arc::new(tokio::sync::Semaphore::new(1)),
            heavy: Arc::new(crate::http::heavy::HeavyWork::new()),
            kept: Arc::default(),
            refused: crate::contact::limit::UsedUp::default(),
            metrics: Arc::new(crate::metrics::Metrics::default()),
            requests: tokio_util::task::TaskTracker::new(),
        });
        Ok(Self { listener, state })
    }

    pub fn port(&self) -> u16 {
        self.local_addr().port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` resolves, then finishes the requests in flight (see
    /// `crate::http::serve`).
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let db = self.state.db.clone();
        // The contact form's attempts (src/contact/limit.rs) older than its window are
        // forgotten now and then, so the table stays small however many addresses come by.
        let (sweep_db, clock, window) =
            (db.clone(), self.state.clock.clone(), self.state.config.contact_window);
        let sweeper = tokio::spawn(async move {
            let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
            loop {
                every.tick().await;
                let before = clock.now()
                    - chrono::Duration::from_std(window).unwrap_or_else(|_| chrono::Duration::days(365));
                if let Err(err) = crate::contact::limit::forget(&sweep_db, before).await {
                    tracing::warn!(error = %err, "kunne ikke rydde i kontaktskjemaets tellere");
                }
            }
        });
        // The pages are rendered now and kept current (src/site/cache.rs); requests that
        // come before the first render wait for it.
        let pages = tokio::spawn(PageCache::keep_fresh(self.state.pages.clone(), self.state.site()));
        // Once they are, start-up's memory goes back to the system, and freed memory
        // every few seconds after (src/memory.rs).
        let lean = tokio::spawn(crate::memory::keep_lean(self.state.pages.clone()));
        // Pictures whose variants an earlier run did not finish get them now.
        let pictures = tokio::spawn(crate::media::variants::make_missing(self.state.clone()));
        // Won and lost leads past the retention rule are anonymised now and daily.
        let retention =
            tokio::spawn(fagfolk_data::privacy::keep_retention(db.clone(), self.state.clock.clone()));
        // Customers are reminded of tomorrow's befaringer (src/visits/reminders.rs).
        let reminders = tokio::spawn(crate::visits::reminders::keep_sending(self.state.clone()));
        // Photos no enquiry claimed, and discarded ones, go (src/contact/sweep.rs).
        let photos = tokio::spawn(crate::contact::sweep::keep_sweeping(self.state.clone()));
        let limits = crate::http::serve::Limits {
            max_connections: self.state.config.max_connections,
            header_timeout: self.state.config.header_timeout,
            per_address: (self.state.config.trust_proxy_hops == 0)
                .then_some(self.state.config.max_connections_per_address),
        };
        let requests = self.state.requests.clone();
        let app = crate::site::fast::FastPages::new(self.state.clone(), crate::app::router(self.state));
        crate::http::serve::serve(self.listener, app, limits, requests, shutdown).await;
        sweeper.abort();
        pages.abort();
        lean.abort();
        pictures.abort();
        retention.abort();
        reminders.abort();
        photos.abort();
        db.close().await;
        Ok(())
    }
}

/// Resolves on Ctrl+C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("stopper, fullfører forespørsler som pågår");
}
