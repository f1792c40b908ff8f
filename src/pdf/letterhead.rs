//! Who a PDF is from: the firm from Innstillinger (`fagfolk_data::settings::Firm`) with its
//! logo as the site draws it, read now (`now`), as a sent quote kept it (`as_sent`), or as an
//! invoice kept it with today's logo (`of`). Every document's letterhead comes from here.

use std::ops::Deref;

use fagfolk_data::settings::Firm;

use crate::http::error::ApiResult;
use crate::state::AppState;

/// The firm, and its logo as a square PNG (the site's icon, `crate::site::icons`).
pub struct Letterhead {
    pub firm: Firm,
    pub logo_png: Option<Vec<u8>>,
}

/// A letterhead reads as its firm: `letterhead.name`, `letterhead.org_nr`.
impl Deref for Letterhead {
    type Target = Firm;
    fn deref(&self) -> &Firm {
        &self.firm
    }
}

impl Letterhead {
    /// As the quote keeps it when sent (`quotes.sent_firm`): the firm's fields and the logo in
    /// base64.
    pub fn to_json(&self) -> String {
        use base64::Engine;
        let mut value = serde_json::to_value(&self.firm).unwrap_or_default();
        value["logo_png"] =
            self.logo_png.as_ref().map(|png| base64::engine::general_purpose::STANDARD.encode(png)).into();
        value.to_string()
    }

    /// What `to_json` wrote; `None` when it cannot be read.
    pub fn from_json(text: &str) -> Option<Self> {
        use base64::Engine;
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        let firm: Firm = serde_json::from_value(value.clone()).ok()?;
        let logo_png = match value["logo_png"].as_str() {
            Some(png) => Some(base64::engine::general_purpose::STANDARD.decode(png).ok()?),
            None => None,
        };
        Some(Self { firm, logo_png })
    }
}

/// The logo as the site draws it now, when it has one. It is decoration: without the
/// site's pages (none made yet, the database away at start-up) a PDF goes without it,
/// and the error is logged.
async fn logo(state: &AppState) -> Option<Vec<u8>> {
    match state.pages.current().await {
        Ok(rendered) => rendered.logo_png(192),
        Err(err) => {
            tracing::error!(error = %err, "PDF-en lages uten logo: sidene er ikke klare");
            None
        }
    }
}

/// The firm as Innstillinger say it now, with its logo.
pub async fn now(state: &AppState) -> ApiResult<Letterhead> {
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    Ok(Letterhead { firm: Firm::of(settings.as_ref()), logo_png: logo(state).await })
}

/// `firm` as a document kept it (an invoice's seller), with today's logo.
pub async fn of(state: &AppState, firm: &Firm) -> Letterhead {
    Letterhead { firm: firm.clone(), logo_png: logo(state).await }
}

/// The firm as `quote` was sent (`fagfolk_data::quotes::store::sent_firm`): the accepted
/// copy, its e-mail and the customer's page are drawn from it, so that what the customer
/// accepts is what was sent whatever Innstillinger say now. A quote sent before the firm
/// was kept with it (or a draft) has the firm as it is now.
pub async fn as_sent(state: &AppState, quote: &fagfolk_data::quotes::Quote) -> ApiResult<Letterhead> {
    let kept = fagfolk_data::quotes::store::sent_firm(&state.db, quote.id).await?;
    match kept.as_deref().and_then(Letterhead::from_json) {
        Some(letterhead) => Ok(letterhead),
        None => now(state).await,
    }
}
