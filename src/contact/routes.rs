//! The contact routes (`super::router`): the handlers and what they read and answer.

use super::limit;
use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use fagfolk_data::contact::*;

use crate::http::ApiJson;
use crate::http::client::{client_ip, rate_key};
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
    OpenApiRouter::new().routes(routes!(create_contact))
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
    // Only what would be stored (and robots caught by the honeypot) counts against the
    // limit: a customer who mistypes the phone number five times can still send.
    let key = rate_key(client_ip(&headers, peer, state.config.trust_proxy_hops));
    let address = key.to_string();
    let too_many = || ApiError::TooManyRequests {
        message: "Du har sendt mange henvendelser på kort tid. Vent litt og prøv igjen, eller ring oss."
            .to_owned(),
        retry_after_secs: state.config.contact_window.as_secs(),
    };
    let form = match ContactForm::parse(input) {
        Ok(form) => form,
        Err(Refused::Fields(fields)) => return Err(fields.into()),
        // A robot caught by the honeypot counts too, though nothing is stored.
        Err(Refused::Spam) => {
            let refused = ApiError::BadRequest(
                "Henvendelsen ble stoppet av spamfilteret. Ring oss om du ikke er en robot.".to_owned(),
            );
            return Err(if limit::allow(&state, &address).await? { refused } else { too_many() });
        }
    };
    let Some((id, lead_id)) = store_enquiry(&state.db, &form, &address, limit::window(&state)).await? else {
        return Err(too_many());
    };
    if let Some(notifier) = &state.notifier {
        notifier.notify(&state, &form, lead_id);
    }
    tracing::info!(submission = %id, "ny henvendelse fra kontaktskjemaet");
    Ok((
        StatusCode::CREATED,
        Json(ContactReceipt {
            id,
            message: "Takk for henvendelsen! Vi kontakter deg innen 24 timer.".to_owned(),
        }),
    ))
}
