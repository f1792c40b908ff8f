//! The contact routes (`super::router`): the handlers and what they read and answer.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use fagfolk_data::contact::*;

use super::accept::{Outcome, SPAM, TOO_MANY, accept};
use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactReceipt {
    /// The id of the stored submission.
    pub id: Uuid,
    /// The promise shown to the visitor.
    pub message: String,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(super::photos::upload_photo))
        // A photo's size is enforced while reading, with the form's own message.
        .layer(DefaultBodyLimit::disable())
        .routes(routes!(create_contact))
        .routes(routes!(super::photos::get_photo))
        // The contact page's form posts here without JavaScript; the page itself is the
        // site's. Its photos make the form larger than a form's text: the handler keeps
        // the limits (`super::form_post`).
        .route(
            "/kontakt",
            get(crate::site::pages::serve).post(super::form_post::submit).layer(DefaultBodyLimit::disable()),
        )
}

/// Send the contact form. Stores the submission and creates a lead for staff.
#[utoipa::path(
    post,
    path = "/api/contact",
    tag = "public",
    request_body = ContactInput,
    responses(
        (status = 201, description = "Henvendelsen er mottatt", body = ContactReceipt),
        (status = 400, description = "Ugyldig forespørsel", body = ErrorBody),
        (status = 413, description = "For stor forespørsel", body = ErrorBody),
        (status = 422, description = "Ugyldige felt", body = ErrorBody),
        (status = 429, description = "For mange henvendelser", body = ErrorBody),
    )
)]
async fn create_contact(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(input): ApiJson<ContactInput>,
) -> ApiResult<(StatusCode, Json<ContactReceipt>)> {
    let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
    let id = match accept(&state, &address, input).await? {
        Outcome::Stored(id) => id,
        Outcome::Fields(fields) => return Err(fields.into()),
        Outcome::Spam => return Err(ApiError::BadRequest(SPAM.to_owned())),
        Outcome::TooMany | Outcome::TooManyRefused => {
            return Err(ApiError::TooManyRequests {
                message: TOO_MANY.to_owned(),
                retry_after_secs: state.config.contact_window.as_secs(),
            });
        }
    };
    Ok((
        StatusCode::CREATED,
        Json(ContactReceipt {
            id,
            message: "Takk for henvendelsen! Vi kontakter deg innen 24 timer.".to_owned(),
        }),
    ))
}
