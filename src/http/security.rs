//! Security headers on every response. The CSP allows no inline script or style: the
//! web app is built so that it needs neither.

use axum::http::{HeaderName, HeaderValue, header};
use tower::ServiceBuilder;
use tower::layer::util::{Identity, Stack};
use tower_http::set_header::SetResponseHeaderLayer;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'; manifest-src 'self'";

type Layer = SetResponseHeaderLayer<HeaderValue>;

pub fn headers() -> ServiceBuilder<
    Stack<
        Layer,
        Stack<
            Layer,
            Stack<Layer, Stack<Layer, Stack<Layer, Stack<Layer, Stack<Layer, Identity>>>>>,
        >,
    >,
> {
    let set = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    ServiceBuilder::new()
        .layer(set(
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        ))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(set(header::X_FRAME_OPTIONS, "DENY"))
        .layer(set(
            header::REFERRER_POLICY,
            "strict-origin-when-cross-origin",
        ))
        .layer(set(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()",
        ))
        .layer(set(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ))
        .layer(set(
            HeaderName::from_static("cross-origin-resource-policy"),
            "same-origin",
        ))
}
