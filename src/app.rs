//! The server put together: every resource's routes with the OpenAPI document, the web
//! app's pages and files, and the layers every response passes through (request ids,
//! tracing, limits, security headers, cross-site checks, the pages catching up after a
//! write). It sits above the resources; they get their extractors from `crate::http`.

use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderName, Request, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::http::error::ApiError;
use crate::http::{JSON_BODY_LIMIT, drop_unsafe_request_id, logged_path, security};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Fagfolk API",
        description = "Offentlig API og administrasjons-API for Fagfolk. Feil har formen \
                       {\"error\": string, \"fields\"?: {felt: melding}} med norske tekster."
    ),
    // A parameter's type is only referenced; its schema is registered here.
    components(schemas(
        fagfolk_data::services::CategorySlug,
        fagfolk_data::content::TeamMember,
        fagfolk_data::content::Project,
        fagfolk_data::content::Review,
        fagfolk_data::content::Figure,
        fagfolk_data::content::Platform,
        fagfolk_data::content::Promise,
    )),
    tags(
        (name = "public", description = "Det offentlige nettstedet"),
        (name = "auth", description = "Innlogging for ansatte"),
        (name = "admin", description = "Administrasjon (krever innlogging)"),
    ),
)]
struct ApiDoc;

/// Documents the session cookie that every admin operation requires.
struct SessionCookie;

impl utoipa::Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        // What every operation of a kind shares is documented once, here, not on each
        // handler: the session of everything under /api/admin/ (a handler elsewhere that
        // needs it says so itself), the Norwegian 400 of malformed input everywhere (a
        // query parameter of the wrong type, broken JSON), the 401 and the role's 403 of
        // every operation that needs the session, the 404 of every path with an id (an id
        // that is not one is answered so by `ApiPath`, as is one that is not there), and
        // the 422 of a control character wherever a JSON body is taken.
        use utoipa::openapi::security::SecurityRequirement;
        for (path, item) in openapi.paths.paths.iter_mut() {
            for operation in [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete]
                .into_iter()
                .flatten()
            {
                if path.starts_with("/api/admin/") && operation.security.is_none() {
                    operation.security =
                        Some(vec![SecurityRequirement::new("session", Vec::<String>::new())]);
                }
                if path.contains('{') {
                    operation
                        .responses
                        .responses
                        .entry("404".to_owned())
                        .or_insert_with(|| error_body("Finnes ikke"));
                }
                operation
                    .responses
                    .responses
                    .entry("400".to_owned())
                    .or_insert_with(|| error_body("Ugyldig forespørsel"));
                if operation.security.as_ref().is_some_and(|needs| !needs.is_empty()) {
                    operation
                        .responses
                        .responses
                        .entry("401".to_owned())
                        .or_insert_with(|| error_body("Ikke innlogget"));
                    // A montør is refused everything but their own jobs and hours
                    // (`CurrentUser`'s extractor, src/auth/routes.rs).
                    operation
                        .responses
                        .responses
                        .entry("403".to_owned())
                        .or_insert_with(|| error_body("Ingen tilgang for rollen"));
                }
                // A JSON body's text with a control character is refused with the field
                // it was in (`crate::http::extract::ApiJson`), on every operation that takes one.
                let takes_json = matches!(
                    &operation.request_body,
                    Some(utoipa::openapi::RefOr::T(body)) if body.content.contains_key("application/json")
                );
                if takes_json {
                    operation
                        .responses
                        .responses
                        .entry("422".to_owned())
                        .or_insert_with(|| error_body("Ugyldige felt"));
                }
            }
        }
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                fagfolk_data::auth::session::COOKIE,
                "Settes av POST /api/auth/login. Endrende kall krever også headeren X-Fagfolk-Csrf.",
            ))),
        );
    }
}

/// A documented answer with the Norwegian `ErrorBody`.
fn error_body(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::Response> {
    utoipa::openapi::ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            utoipa::openapi::ContentBuilder::new()
                .schema(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
        .into()
}

/// Every resource's routes with its part of the OpenAPI document, each by its name. The
/// document is these parts merged, where two schemas of one name would silently become
/// one (tests/api/access_ends.rs holds every name to one type).
pub fn resources() -> Vec<(&'static str, OpenApiRouter<AppState>)> {
    vec![
        ("site", crate::site::routes::router()),
        ("contact", crate::contact::routes::router()),
        ("auth", crate::auth::routes::router()),
        ("dashboard", crate::dashboard::routes::router()),
        ("leads", crate::leads::routes::router()),
        ("search", crate::search::routes::router()),
        ("audit", crate::audit::routes::router()),
        ("privacy", crate::privacy::routes::router()),
        ("categories", crate::categories::routes::router()),
        ("services", crate::services::routes::router()),
        ("content", crate::content::routes::router()),
        ("media", crate::media::routes::router()),
        ("users", crate::users::routes::router()),
        ("settings", crate::settings::routes::router()),
        ("quotes", crate::quotes::routes::router()),
        ("visits", crate::visits::routes::router()),
        ("jobs", crate::jobs::routes::router()),
        ("planning", crate::planning::routes::router()),
        ("invoices", crate::invoices::routes::router()),
        ("payments", crate::payments::routes::router()),
        ("reminders", crate::reminders::routes::router()),
        ("declarations", crate::declarations::routes::router()),
        ("documents", crate::documents::routes::router()),
    ]
}

/// The API routes together with their OpenAPI document.
fn api() -> OpenApiRouter<AppState> {
    resources()
        .into_iter()
        .fold(OpenApiRouter::with_openapi(ApiDoc::openapi()), |api, (_, resource)| api.merge(resource))
}

/// The OpenAPI document, as `GET /api/openapi.json` serves it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    document(api().split_for_parts().1)
}

/// Completes the document once every route is in it.
fn document(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::Modify;
    SessionCookie.modify(&mut doc);
    doc
}

pub fn router(state: AppState) -> Router {
    let (api, doc) = api().split_for_parts();
    // The document is written out once: its JSON (about 270 KB) is all a request needs,
    // where the structure it is written from held 3-4 MB for the server's life
    // (docs/BENCHMARKS.md, "Memory back").
    let doc = axum::body::Bytes::from(serde_json::to_vec(&document(doc)).unwrap_or_default());
    let request_id = HeaderName::from_static("x-request-id");

    Router::new()
        .merge(api)
        .route(
            "/api/openapi.json",
            get(move || async move { ([(axum::http::header::CONTENT_TYPE, "application/json")], doc.clone()) }),
        )
        .route("/healthz", get(crate::health::healthz))
        .route("/readyz", get(crate::health::readyz))
        .route("/metrics", get(crate::health::metrics))
        .fallback(crate::site::pages::serve)
        .layer(axum::middleware::from_fn_with_state((state.pages.clone(), state.db.clone()), pages_caught_up))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(state.config.clone(), crate::auth::csrf::protect))
        .layer(axum::middleware::from_fn_with_state(state.config.clone(), security::headers))
        .layer(axum::middleware::from_fn_with_state(
            Lifecycle { metrics: state.metrics.clone(), requests: state.requests.clone() },
            run_to_completion,
        ))
        .with_state(state)
        .layer(
            ServiceBuilder::new()
                .layer(tower::util::MapRequestLayer::new(drop_unsafe_request_id))
                .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
                .layer(TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                    let id = request
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default();
                    let path = logged_path(request.uri().path());
                    tracing::info_span!("request", method = %request.method(), uri = %path, request_id = %id)
                }))
                .layer(PropagateRequestIdLayer::new(request_id))
                .layer(CatchPanicLayer::custom(|payload: Box<dyn std::any::Any + Send>| {
                    let detail = payload
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    tracing::error!(%detail, "en forespørsel fikk panikk");
                    ApiError::Internal(anyhow::anyhow!("panic")).into_response()
                }))
                .layer(TimeoutLayer::with_status_code(
                    StatusCode::SERVICE_UNAVAILABLE,
                    Duration::from_secs(30),
                ))
                .layer(CompressionLayer::new()),
        )
}

/// A request runs to its end in a task of its own, even when its client goes away (or
/// the 30 s timeout answers first). Otherwise hyper drops the handler half-way, perhaps
/// with a database transaction open and a statement in flight, and sqlx can put that
/// connection back in the pool still inside the transaction ("idle in transaction",
/// holding its locks; tests/api/faults.rs `clients_that_give_up`). A stop waits for these
/// tasks too (`serve::serve`). A panic is passed on to `CatchPanicLayer` as before.
///
/// The public reads (pages, pictures, the service list: GET and HEAD outside `/api/admin`
/// and `/api/auth`) write nothing and open no transaction, so they run in place: the task
/// would cost the cached pages about a fifth of their speed (docs/BENCHMARKS.md). Staff
/// reads do get a task: some write (a lead export writes its audit entry).
///
/// Every request is counted for `/metrics` here too: one layer where two cost the cached
/// pages a tenth of their speed.
async fn run_to_completion(
    State(lifecycle): State<Lifecycle>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let tracked = crate::metrics::Tracked::start(&request);
    let read = matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD);
    let path = request.uri().path();
    let response = if read && !path.starts_with("/api/admin") && !path.starts_with("/api/auth") {
        next.run(request).await
    } else {
        match lifecycle.requests.spawn(next.run(request)).await {
            Ok(response) => response,
            Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
            Err(_) => ApiError::Internal(anyhow::anyhow!("forespørselen ble avbrutt")).into_response(),
        }
    };
    tracked.finish(&lifecycle.metrics, response.status());
    response
}

/// After a staff write that succeeded, the pages catch up with it before the answer goes:
/// a change the public site shows moved the change counter in its own transaction (its
/// audit entry is marked `on_site`, `fagfolk_data::audit::store`), and the render task renders it
/// now (`site::cache::PageCache::caught_up`). Every write passes here, so no handler
/// renders the pages by hand (`scripts/house-rules.sh` checks it).
async fn pages_caught_up(
    State((pages, db)): State<(std::sync::Arc<crate::site::cache::PageCache>, fagfolk_data::db::Db)>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let writes = !matches!(*request.method(), axum::http::Method::GET | axum::http::Method::HEAD)
        && request.uri().path().starts_with("/api/admin");
    let response = next.run(request).await;
    if writes && response.status().is_success() {
        pages.caught_up(&db).await;
    }
    response
}

/// What [`run_to_completion`] needs of the state.
#[derive(Clone)]
struct Lifecycle {
    metrics: std::sync::Arc<crate::metrics::Metrics>,
    requests: tokio_util::task::TaskTracker,
}
