//! Structured logs. `RUST_LOG` filters (default `info`); `FAGFOLK_LOG_FORMAT=json`
//! writes one JSON object per line for log collectors.

use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    if std::env::var("FAGFOLK_LOG_FORMAT").is_ok_and(|v| v == "json") {
        builder.json().flatten_event(true).with_current_span(true).with_span_list(false).init();
    } else {
        builder.compact().init();
    }
}
