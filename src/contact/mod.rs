//! The public contact form: `POST /api/contact` stores the submission and creates a lead
//! in the first pipeline status, in one transaction.

mod form;
pub mod limit;
pub mod notify;
pub mod store;

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub use form::{ContactForm, ContactInput, ServiceChoice};

use crate::http::ApiJson;
use crate::http::client::{client_ip, rate_key};
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::leads::model::Lead;
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
        Err(ApiError::Validation(fields)) => return Err(ApiError::Validation(fields)),
        // A robot caught by the honeypot counts too, though nothing is stored.
        Err(refused) => {
            return Err(if limit::allow(&state, &address).await? { refused } else { too_many() });
        }
    };
    let Some((id, lead_id)) = store_enquiry(&state, &form, &address).await? else {
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

/// Stores the enquiry and its lead, and counts it against the limit of `address`, in one
/// transaction: `None`, and nothing stored, when the limit is used up.
async fn store_enquiry(
    state: &AppState,
    form: &ContactForm,
    address: &str,
) -> Result<Option<(Uuid, Uuid)>, sqlx::Error> {
    let window = limit::window(state);
    let now = window.0;
    let submission_id = Uuid::now_v7();
    let lead_id = Uuid::now_v7();
    let tags: Vec<String> = form.service.iter().map(|s| s.label().to_owned()).collect();
    // Read before the transaction: on SQLite a transaction that reads first and writes
    // later cannot wait for the write lock and fails under concurrent submissions.
    let stages = crate::settings::stages(&state.db).await?;
    let status = stages.first().map_or_else(|| "Ny".to_owned(), |stage| stage.name.clone());
    let mut lead = Lead {
        id: lead_id,
        name: form.name.clone(),
        email: Some(form.email.clone()),
        phone: Some(form.phone.clone()),
        status,
        kilde: crate::leads::model::DEFAULT_SOURCE.to_owned(),
        beskrivelse: Some(form.message.clone()),
        adresse: None,
        postnr: None,
        tags,
        follow_up: None,
        assignee_id: None,
        duplicate_of: None,
        created_at: now,
        updated_at: now,
    };
    // A returning customer's enquiry is flagged against their open lead
    // (src/leads/duplicates.rs).
    let open = crate::settings::open_names(&stages);
    lead.duplicate_of = crate::leads::store::duplicate_of(&state.db, &lead, &open).await?;
    let mut tx = state.db.begin_one_at_a_time(&limit::key(address)).await?;
    if !store::record_attempt(&mut tx, address, window).await? {
        return Ok(None);
    }
    crate::leads::store::insert_in(&mut tx, &lead).await?;
    let submission = store::NewSubmission {
        id: submission_id,
        name: &form.name,
        email: &form.email,
        phone: &form.phone,
        service: form.service.map(|s| s.value()),
        message: &form.message,
        lead_id,
        created_at: now,
    };
    store::insert_submission(&mut tx, &submission).await?;
    tx.commit().await?;
    Ok(Some((submission_id, lead_id)))
}
