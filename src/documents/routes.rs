//! The office's side of a job's documents link (`fagfolk_data::documents`): whether the
//! job has one and until when, a new one (replacing the old, optionally e-mailed to the
//! customer), and taking it back. The office's: a montør is refused by `CurrentUser`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use fagfolk_data::auth::CurrentUser;
use fagfolk_data::documents::store as link;
use fagfolk_data::documents::{DocumentLink, Refused};
use fagfolk_data::jobs::{self, Job};
use fagfolk_data::oslo;

use super::link::{link_entry, new_link};
use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_link, make_link, revoke_link))
        // The customer's page of the documents, and each document as a PDF.
        .route("/dokumenter/{token}", get(super::customer::show))
        .route("/dokumenter/{token}/{id}", get(super::customer::document))
}

/// A job's link as the office sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct LinkState {
    /// The link, when the job has one (its address is shown only when it is made).
    link: Option<DocumentLink>,
    /// Where "Send på e-post" sends it: the customer's address from the quote or the
    /// lead, if any.
    email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MakeLink {
    /// E-mail the new link to the customer (`LinkState::email`).
    #[serde(default)]
    send: bool,
}

/// A new link: its address, shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct LinkMade {
    url: String,
    expires_at: DateTime<Utc>,
    /// Whether it was e-mailed to the customer.
    emailed: bool,
    /// Why it was not, when it was asked to be.
    notice: Option<String>,
}

/// Job `id`'s documents link, if it has one, and the customer's e-mail address.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/documents-link", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 200, description = "Lenken til kundens dokumentside", body = LinkState),
    )
)]
async fn get_link(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<LinkState>> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let link = link::of_job(&state.db, id).await?;
    Ok(Json(LinkState { link, email: crate::jobs::customer_email(&state.db, &job).await? }))
}

/// A new link to the customer's page of the job's documents, valid for 90 days, replacing
/// the one the job had (which stops working at once); e-mailed to the customer when asked.
/// Only for a job that is done or invoiced.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/documents-link", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")), request_body = MakeLink,
    responses(
        (status = 201, description = "Ny lenke", body = LinkMade),
        (status = 409, description = "Oppdraget er ikke ferdig", body = ErrorBody),
    )
)]
async fn make_link(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(request): ApiJson<MakeLink>,
) -> ApiResult<(StatusCode, Json<LinkMade>)> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    if job.status.is_open() {
        return Err(Refused::NotDone.into());
    }
    let (url, expires_at) = new_link(&state, &user, &job).await?;
    let (emailed, notice) =
        if request.send { mail(&state, &job, &user, &url, expires_at).await } else { (false, None) };
    Ok((StatusCode::CREATED, Json(LinkMade { url, expires_at, emailed, notice })))
}

/// E-mails `url` to the customer of `job`, answered to `user`; whether it went, and what
/// to do when it did not.
async fn mail(
    state: &AppState,
    job: &Job,
    user: &CurrentUser,
    url: &str,
    expires: DateTime<Utc>,
) -> (bool, Option<String>) {
    let Some(notifier) = &state.notifier else {
        return (false, Some("E-post er ikke satt opp på serveren. Send lenken til kunden selv.".to_owned()));
    };
    let to = match crate::jobs::customer_email(&state.db, job).await {
        Ok(Some(to)) => to,
        Ok(None) => {
            return (false, Some("Kunden har ingen e-postadresse. Send lenken til kunden selv.".to_owned()));
        }
        // The link is made by now: an address that could not be read is a mail not sent,
        // never a customer without one.
        Err(err) => {
            tracing::error!(error = %err, job = %job.id, "kunne ikke lese kundens e-postadresse");
            return (
                false,
                Some("E-posten til kunden kunne ikke sendes. Send lenken til kunden selv.".to_owned()),
            );
        }
    };
    let firm = crate::mail::send::letterhead(state).await.firm;
    let subject = format!("Dokumentene fra oppdraget: {}", job.title);
    let text = format!(
        "Hei {},\n\nHer er dokumentene fra oppdraget «{}», som PDF:\n\n{url}\n\nLenken virker til {}. \
         Last ned det du vil ta vare på.\n\nMed vennlig hilsen\n{firm}\n",
        job.customer_name,
        job.title,
        oslo::date(oslo::day_of(expires)),
    );
    match crate::mail::send::send(state, notifier, &to, &subject, &text, None, job.lead_id, Some(&user.email))
        .await
    {
        Ok(()) => (true, None),
        Err(_) => {
            (false, Some("E-posten til kunden kunne ikke sendes. Send lenken til kunden selv.".to_owned()))
        }
    }
}

/// Takes the job's link back: its address stops working at once.
#[utoipa::path(
    delete, path = "/api/admin/jobs/{id}/documents-link", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses(
        (status = 204, description = "Tatt tilbake"),
        (status = 404, description = "Oppdraget eller lenken finnes ikke", body = ErrorBody),
    )
)]
async fn revoke_link(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let before = link::of_job(&state.db, id).await?;
    let entry = link_entry(&user, state.clock.now(), &job, before.as_ref(), None);
    if before.is_some() && link::revoke(&state.db, id, &entry).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Refused::NoLink.into())
    }
}
