//! "Glemt passord?": `POST /api/auth/password-reset` sends a one-hour, single-use link to
//! an active user's address when the server sends e-mail (FAGFOLK_SMTP_URL); without
//! e-mail it says to ask an administrator, who sets a new password under Brukere.
//! `POST /api/auth/password-reset/confirm` sets the new password through the link and
//! ends every session of the user. The answer to a request never says whether the
//! address belongs to a user.

use std::net::SocketAddr;

use anyhow::Context;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use lettre::message::Mailbox;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{password, throttle};
use crate::http::ApiJson;
use crate::http::error::{ApiResult, ErrorBody, FieldErrors};
use crate::mail::{Letterhead, Mailer};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::auth::{LINK_GONE, Refused, reset};
use fagfolk_data::text::is_email;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    pub email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResetAnswer {
    /// Whether this server sends e-mail: then a link went to the address if it is a user's;
    /// if not, an administrator sets a new password under Brukere.
    pub by_email: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPassword {
    /// The token from the link.
    pub token: Option<String>,
    pub password: Option<String>,
}

/// Ask for a link to set a new password.
#[utoipa::path(
    post, path = "/api/auth/password-reset", tag = "auth", request_body = ResetRequest,
    responses(
        (status = 202, description = "Tatt imot; en lenke er sendt om adressen hører til en bruker", body = ResetAnswer),
        (status = 403, description = "Mangler CSRF-beskyttelse", body = ErrorBody),
        (status = 422, description = "Ugyldig e-post", body = ErrorBody),
        (status = 429, description = "For mange forsøk", body = ErrorBody),
    )
)]
pub(super) async fn request_reset(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ApiJson(input): ApiJson<ResetRequest>,
) -> ApiResult<(StatusCode, Json<ResetAnswer>)> {
    let email = input.email.unwrap_or_default().trim().to_lowercase();
    if !is_email(&email) {
        return Err(Refused::ResetEmail.into());
    }
    let Some(notifier) = state.notifier.clone() else {
        return Ok((StatusCode::ACCEPTED, Json(ResetAnswer { by_email: false })));
    };
    // Counted like sign-ins, so the form cannot flood an inbox or probe many addresses.
    let now = state.clock.now();
    let address = crate::http::client::client_address(&headers, peer, state.config.trust_proxy_hops);
    throttle::reserve(&state.db, &format!("tilbakestill:{email}"), &address, now).await?;
    let user = fagfolk_data::users::store::credentials(&state.db, &email).await?;
    if let Some((user_id, _, true, _)) = user {
        let token = reset::create(&state.db, user_id, now).await?;
        let link = format!("{}/admin/nytt-passord#{token}", state.config.base_url());
        // In the background: the answer takes as long whether or not the address is a user's.
        let state = state.clone();
        tokio::spawn(async move {
            let letterhead = crate::mail::send::letterhead(&state).await;
            match send(&notifier, &email, &link, &letterhead).await {
                Ok(()) => tracing::info!("lenke for nytt passord sendt"),
                Err(err) => {
                    tracing::error!(error = %format!("{err:#}"), "kunne ikke sende lenke for nytt passord")
                }
            }
        });
    }
    Ok((StatusCode::ACCEPTED, Json(ResetAnswer { by_email: true })))
}

/// Set a new password through the link.
#[utoipa::path(
    post, path = "/api/auth/password-reset/confirm", tag = "auth", request_body = NewPassword,
    responses(
        (status = 204, description = "Passordet er endret; alle økter er avsluttet"),
        (status = 403, description = "Mangler CSRF-beskyttelse", body = ErrorBody),
        (status = 422, description = "Lenken virker ikke lenger, eller passordet holder ikke", body = ErrorBody),
    )
)]
pub(super) async fn confirm_reset(
    State(state): State<AppState>,
    ApiJson(input): ApiJson<NewPassword>,
) -> ApiResult<StatusCode> {
    let token = input.token.unwrap_or_default();
    let new_password = input.password.unwrap_or_default();
    let now = state.clock.now();
    let user_id = if token.is_empty() || token.len() > 100 {
        None
    } else {
        reset::user_of(&state.db, &token, now).await?
    };
    let mut errors = FieldErrors::default();
    if user_id.is_none() {
        errors.add("token", LINK_GONE);
    }
    fagfolk_data::users::input::check_new_password(&mut errors, &new_password, password::policy_error);
    errors.finish()?;
    let Some(user_id) = user_id else { return Err(Refused::LinkGone.into()) };
    let email =
        fagfolk_data::users::store::get(&state.db, user_id).await?.map(|user| user.email).unwrap_or_default();
    let hash = password::hash(new_password).await?;
    let entry =
        NewAudit::new(now, AuditAction::Password, AuditEntity::AdminUsers, Some(user_id), &email, None);
    if !reset::use_link(&state.db, &token, user_id, &hash, now, &entry).await? {
        return Err(Refused::LinkGone.into());
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The letter with the link that sets a new password ("Glemt passord?"), from the firm's
/// notification address.
async fn send(mailer: &Mailer, to: &str, link: &str, letterhead: &Letterhead) -> anyhow::Result<()> {
    let to: Mailbox = to.parse().context("ugyldig e-postadresse")?;
    let body = format!(
        "Noen ba om å sette nytt passord for denne adressen i administrasjonen.\n\n\
         Sett nytt passord her (lenken virker i én time, én gang):\n{link}\n\n\
         Ba du ikke om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.\n"
    );
    let message = mailer
        .message()
        .to(to)
        .subject("Nytt passord")
        .multipart(letterhead.body(&body))
        .context("kunne ikke lage e-posten")?;
    mailer.send(message).await
}
