//! What the server counts for whoever runs it (Prometheus/OpenMetrics text at `/metrics`):
//! requests by route and status, their latency, the database pool, page renders and the
//! sign-in queue. `/metrics` exists only when `FAGFOLK_METRICS_TOKEN` is set, and answers
//! only requests that send that token (`Authorization: Bearer ...`), so it is never public
//! (`crate::health` answers it).

use std::borrow::Cow;
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::http::{Method, StatusCode};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use fagfolk_data::db::Db;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    /// The route's pattern (`/api/admin/leads/{id}`), or `page` for the public pages and
    /// files, so ids and paths typed by visitors never become labels.
    route: Cow<'static, str>,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: Cow<'static, str>,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    state: &'static str,
}

pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    pool: Family<PoolLabels, Gauge>,
    /// Times the public pages were rendered (`crate::site::cache`).
    pub page_renders: Counter,
    login_queue: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("fagfolk");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "HTTP-forespørsler etter rute og status", requests.clone());
        // 1 ms to about 8 s.
        let latency = Family::<RouteLabels, Histogram>::new_with_constructor(|| {
            Histogram::new(exponential_buckets(0.001, 2.0, 14))
        });
        registry.register("http_request_duration_seconds", "Svartid etter rute", latency.clone());
        let pool = Family::<PoolLabels, Gauge>::default();
        registry.register("db_pool_connections", "Databasetilkoblinger i bruk og ledige", pool.clone());
        let page_renders = Counter::default();
        registry.register("page_renders", "Ganger de offentlige sidene er laget", page_renders.clone());
        let login_queue = Gauge::default();
        registry.register("login_queue", "Innlogginger som venter på passordsjekk", login_queue.clone());
        Self { registry, requests, latency, pool, page_renders, login_queue }
    }
}

impl Metrics {
    /// The text a scrape gets, with the pool and queue read now.
    pub fn encode(&self, db: &Db) -> String {
        let (size, idle) = fagfolk_data::db_run!(db, pool => (pool.size() as i64, pool.num_idle() as i64));
        self.pool.get_or_create(&PoolLabels { state: "idle" }).set(idle);
        self.pool.get_or_create(&PoolLabels { state: "busy" }).set(size - idle);
        self.login_queue.set(crate::auth::password::waiting() as i64);
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }

    fn record(&self, method: &'static str, route: Cow<'static, str>, status: StatusCode, took: Duration) {
        self.latency.get_or_create(&RouteLabels { route: route.clone() }).observe(took.as_secs_f64());
        let labels = RequestLabels { method, route, status: status.as_u16() };
        self.requests.get_or_create(&labels).inc();
    }
}

/// A request being counted: its route, method and start, taken before it runs
/// (`crate::http` `run_to_completion`, which every request passes). A public page, the
/// most common request by far, allocates nothing here.
pub struct Tracked {
    started: Instant,
    method: &'static str,
    route: Cow<'static, str>,
}

impl Tracked {
    pub fn start(request: &Request) -> Self {
        let method = match *request.method() {
            Method::GET => "GET",
            Method::HEAD => "HEAD",
            Method::POST => "POST",
            Method::PUT => "PUT",
            Method::PATCH => "PATCH",
            Method::DELETE => "DELETE",
            Method::OPTIONS => "OPTIONS",
            _ => "other",
        };
        let route = request
            .extensions()
            .get::<MatchedPath>()
            .map_or(Cow::Borrowed("page"), |p| Cow::Owned(p.as_str().to_owned()));
        Self { started: Instant::now(), method, route }
    }

    /// A GET of `route` (as the router names it, or "page"), started now.
    pub fn get(route: &'static str) -> Self {
        Self { started: Instant::now(), method: "GET", route: Cow::Borrowed(route) }
    }

    /// Counts the request with the status it was answered with.
    pub fn finish(self, metrics: &Metrics, status: StatusCode) {
        metrics.record(self.method, self.route, status, self.started.elapsed());
    }
}
