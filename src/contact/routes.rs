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
    let address = crate::auth::client_address(&state, &headers, peer);
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

/// The visitor's answer when the per-address limit is reached.
pub(super) const TOO_MANY: &str =
    "Du har sendt mange henvendelser på kort tid. Vent litt og prøv igjen, eller ring oss.";
/// The answer to a sender the honeypot caught.
pub(super) const SPAM: &str = "Henvendelsen ble stoppet av spamfilteret. Ring oss om du ikke er en robot.";

/// What became of an enquiry, whichever way it came (the JSON API or the page's form).
pub(super) enum Outcome {
    Stored(Uuid),
    Fields(fagfolk_data::fields::FieldErrors),
    Spam,
    TooMany,
    /// The address has had more refused posts than a person makes (`limit::allow_refused`).
    TooManyRefused,
}

/// Checks and stores an enquiry from `address` (the sender's rate key): the same rules
/// for the API and the form posted without JavaScript (`super::form_post`). Only what
/// would be stored (and robots caught by the honeypot) counts against the limit: a
/// customer who mistypes the phone number five times can still send. Refused posts count
/// against a larger budget of their own.
pub(super) async fn accept(state: &AppState, address: &str, input: ContactInput) -> ApiResult<Outcome> {
    // The days the firm offers are read only when the visitor offered some.
    let offered = if input.offers_days() {
        let facts = fagfolk_data::settings::store::facts(&state.db).await?;
        facts.map(|facts| facts.visit_days).unwrap_or_default().offered(state.clock.today())
    } else {
        Vec::new()
    };
    let form = match ContactForm::parse(input, &offered) {
        Ok(form) => form,
        // Refused posts have a budget of their own, well above a customer's mistakes.
        Err(Refused::Fields(fields)) => {
            return Ok(if limit::allow_refused(state, address).await? {
                Outcome::Fields(fields)
            } else {
                Outcome::TooManyRefused
            });
        }
        // A robot caught by the honeypot counts too, though nothing is stored.
        Err(Refused::Spam) => {
            return Ok(if limit::allow(state, address).await? { Outcome::Spam } else { Outcome::TooMany });
        }
    };
    // The notice is written from the form after it is stored: kept only when one goes out.
    let noticed = state.notifier.as_ref().map(|notifier| (notifier.clone(), form.clone()));
    let (id, lead_id) = match state.enquiries.store(form, address, limit::window(state)).await? {
        Stored::Done { submission, lead } => (submission, lead),
        Stored::LimitReached => return Ok(Outcome::TooMany),
        Stored::PhotoGone => {
            let mut fields = fagfolk_data::fields::FieldErrors::default();
            fields.add("photos", PHOTO_GONE);
            return Ok(Outcome::Fields(fields));
        }
    };
    if let Some((notifier, form)) = noticed {
        notifier.notify(state, &form, lead_id);
    }
    tracing::info!(submission = %id, "ny henvendelse fra kontaktskjemaet");
    Ok(Outcome::Stored(id))
}
