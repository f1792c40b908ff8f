//! What becomes of an enquiry, whichever way it came (the JSON API in `super::routes` or
//! the page's form posted without JavaScript in `super::form_post`): checked, counted
//! against the sender's limit, stored with its lead, and the firm told.

use uuid::Uuid;

use fagfolk_data::contact::*;

use super::limit;
use crate::http::error::ApiResult;
use crate::state::AppState;

/// The visitor's answer when the per-address limit is reached.
pub const TOO_MANY: &str =
    "Du har sendt mange henvendelser på kort tid. Vent litt og prøv igjen, eller ring oss.";
/// The answer to a sender the honeypot caught.
pub const SPAM: &str = "Henvendelsen ble stoppet av spamfilteret. Ring oss om du ikke er en robot.";

/// What became of an enquiry, whichever way it came (the JSON API or the page's form).
pub enum Outcome {
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
pub async fn accept(state: &AppState, address: &str, input: ContactInput) -> ApiResult<Outcome> {
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
            return Ok(
                if limit::allow_refused(
                    &state.db,
                    &state.refused,
                    limit::window(&state.clock, &state.config),
                    address,
                )
                .await?
                {
                    Outcome::Fields(fields)
                } else {
                    Outcome::TooManyRefused
                },
            );
        }
        // A robot caught by the honeypot counts too, though nothing is stored.
        Err(Refused::Spam) => {
            return Ok(
                if limit::allow(&state.db, limit::window(&state.clock, &state.config), address).await? {
                    Outcome::Spam
                } else {
                    Outcome::TooMany
                },
            );
        }
    };
    // The notice is written from the form after it is stored: kept only when one goes out.
    let noticed = state.notifier.as_ref().map(|notifier| (notifier.clone(), form.clone()));
    let (id, lead_id) =
        match state.enquiries.store(form, address, limit::window(&state.clock, &state.config)).await? {
            Stored::Done { submission, lead } => (submission, lead),
            Stored::LimitReached => return Ok(Outcome::TooMany),
            Stored::PhotoGone => {
                let mut fields = fagfolk_data::fields::FieldErrors::default();
                fields.add("photos", PHOTO_GONE);
                return Ok(Outcome::Fields(fields));
            }
        };
    if let Some((notifier, form)) = noticed {
        super::notify::enquiry(&notifier, state, &form, lead_id);
    }
    tracing::info!(submission = %id, "ny henvendelse fra kontaktskjemaet");
    Ok(Outcome::Stored(id))
}
