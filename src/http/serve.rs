//! The accept loop: HTTP/1.1 connections with a header-read deadline and a cap on how
//! many are open at once, and a graceful stop.
//!
//! `axum::serve` sets neither a header timeout nor a connection cap, so a client that
//! opens a connection and never finishes its headers holds it for ever, and a few
//! thousand of them exhaust the server's file descriptors. Here a client that has not
//! sent a request's headers within `header_timeout` (also between requests on a
//! kept-alive connection) is disconnected, and past `max_connections` new connections
//! wait in the kernel's accept queue until one closes. A request body that stops coming
//! (headers sent, body never) is given up after the same time without a byte, and one
//! client address may hold at most `per_address` connections, so that one client cannot
//! take every slot (behind a trusted proxy every connection has the proxy's address:
//! the proxy limits its clients, see docs/DEPLOY.md). The server speaks HTTP/1.1 only:
//! a TLS front (nginx, Caddy) speaks HTTP/2 to browsers.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;
use tower_http::timeout::TimeoutBody;

/// How long a stop waits for requests in flight before it gives up on them.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Limits {
    pub max_connections: usize,
    /// For a request's headers, and between the pieces of its body.
    pub header_timeout: Duration,
    /// Connections one client address may hold at once; `None` behind a trusted proxy.
    pub per_address: Option<usize>,
}

/// Open connections per client address; a connection's [`AddressSlot`] gives its place
/// back when the connection ends.
#[derive(Default)]
struct PerAddress(std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>);

struct AddressSlot {
    table: Arc<PerAddress>,
    address: std::net::IpAddr,
}

impl PerAddress {
    fn take(self: &Arc<Self>, address: std::net::IpAddr, limit: usize) -> Option<AddressSlot> {
        let mut open = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(address).or_default();
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(AddressSlot { table: self.clone(), address })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self.table.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves; then stops accepting, lets the
/// requests in flight finish (at most [`DRAIN_TIMEOUT`]) and returns. `requests` tracks
/// the handlers, which go on when their client has left: they are waited for as well.
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    limits: Limits,
    requests: tokio_util::task::TaskTracker,
    shutdown: impl Future<Output = ()> + Send + 'static,
) where
    S: tower::Service<Request<Body>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let per_address = Arc::new(PerAddress::default());
    let body_timeout = limits.header_timeout;
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    // half_close: a client that closes its side once it has sent a request (a visitor
    // closing the page after sending an enquiry) still has that request read and handled;
    // without it hyper drops the request as soon as it reads the end (tests/api/faults.rs).
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true)
        .half_close(true);
    tokio::pin!(shutdown);

    loop {
        let permit = tokio::select! {
            permit = open.clone().acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors or a connection reset before it was
                    // accepted: the listener itself is fine, so wait a moment and go on.
                    tracing::warn!(error = %err, "kunne ikke ta imot en tilkobling");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let slot = match limits.per_address {
            Some(limit) => match per_address.take(peer.ip(), limit) {
                Some(slot) => Some(slot),
                None => {
                    // Closed at once: the client has its share open already.
                    tracing::debug!(%peer, "for mange tilkoblinger fra samme adresse");
                    continue;
                }
            },
            None => None,
        };
        let _ = stream.set_nodelay(true);
        let service = app.clone().map_request(move |request: Request<Incoming>| {
            let mut request = request.map(|body| Body::new(TimeoutBody::new(body_timeout, body)));
            request.extensions_mut().insert(ConnectInfo(peer));
            request
        });
        let service = TowerToHyperService::new(service.map_err(|never: Infallible| match never {}));
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, %peer, "tilkoblingen ble avbrutt");
            }
            drop(permit);
            drop(slot);
        });
    }

    drop(listener);
    requests.close();
    let drained = async {
        graceful.shutdown().await;
        requests.wait().await;
    };
    tokio::select! {
        () = drained => {}
        () = tokio::time::sleep(DRAIN_TIMEOUT) => {
            tracing::warn!("noen forespørsler ble ikke ferdige før stopp");
        }
    }
}
