//! The firm as Innstillinger name it: who a quote, an invoice, a time sheet, a
//! samsvarserklæring and a letter are from. Read here once from the settings row; an invoice
//! keeps it as it was (`invoices::Seller`), a sent quote too (`quotes::store::sent_firm`), and
//! the server draws it on every PDF with the logo (`src/pdf/letterhead.rs`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::model::Settings;
use crate::values::OrgNr;

/// The firm's name and how to reach it, as Innstillinger give them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Firm {
    pub name: String,
    /// As Innstillinger write it (`923 456 783`).
    pub org_nr: Option<String>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
}

impl Firm {
    /// The firm as `settings` give it (a firm with no settings yet has no name).
    pub fn of(settings: Option<&Settings>) -> Self {
        let field = |read: fn(&Settings) -> &Option<String>| settings.and_then(|s| read(s).clone());
        Self {
            name: field(|s| &s.company_name).unwrap_or_default(),
            org_nr: field(|s| &s.orgnr),
            address: field(|s| &s.adresse),
            phone: field(|s| &s.global_phone_primary),
            email: field(|s| &s.email),
        }
    }

    /// The organisation number, when it is one (nine digits whose check digit holds).
    pub fn org_nr(&self) -> Option<OrgNr> {
        self.org_nr.as_deref().and_then(|nr| OrgNr::parse(nr).ok())
    }
}
