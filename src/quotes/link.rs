//! The customer's link to a quote, `/tilbud/{token}`: the quote a token opens, through the
//! guesses' limit every secret link shares (`crate::http::secret_link`).

use std::net::SocketAddr;

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use fagfolk_data::quotes::{Quote, store};

pub(super) use crate::http::secret_link::{pdf_response, plain, private};
use crate::state::AppState;

pub(super) fn unknown() -> Response {
    plain(
        StatusCode::NOT_FOUND,
        "Fant ikke tilbudet",
        "Lenken virker ikke. Sjekk at du har kopiert hele lenken fra e-posten, eller ring oss.",
    )
}

/// The quote a token opens, as it stands today.
pub(super) async fn lookup(
    state: &AppState,
    token: &str,
    headers: &HeaderMap,
    peer: SocketAddr,
) -> Result<Quote, Response> {
    let find = async |hash: Vec<u8>| store::by_token(&state.db, &hash).await;
    let quote = crate::http::secret_link::lookup(state, token, headers, peer, find, unknown).await?;
    Ok(quote.settle(state.clock.today()))
}
