//! Samsvarserklæring: the declaration of conformity an electrician must issue to the owner
//! for an installation carried out or changed, with its documentation, and keep a copy of
//! for at least 5 years (forskrift om elektriske lavspenningsanlegg §§ 12-13). One per
//! job: written as a draft on the job's page, then signed by the responsible person (their
//! name, certificate and the time), after which it is never changed. Its content is
//! read and checked in `input.rs`; the SQL is in `store.rs`. Photos from the job go with it
//! ([`DeclarationPhoto`]). What a new one starts with is
//! Innstillinger's [`Defaults`].

pub mod input;
pub mod refused;
pub mod store;

pub use refused::Refused;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

/// What a request about a declaration that is not there is told.
pub const NOT_FOUND: &str = "Fant ikke samsvarserklæringen.";

/// The most photos a declaration holds: enough for the board, the cables before they are
/// covered and the finished work, few enough that its PDF stays an e-mail's attachment.
pub const MAX_PHOTOS: i64 = 8;
/// The longest caption under a photo, in characters.
pub const CAPTION: usize = 200;
/// Whether `caption` (trimmed) may stand under a photo: one line, at most [`CAPTION`] characters.
pub fn caption_fits(caption: &str) -> bool {
    caption.chars().count() <= CAPTION && crate::text::is_one_line(caption)
}

/// A photo from the job on its declaration (`declaration_photos`), kept as a JPEG under
/// `erklaering/` (src/declarations/photos.rs).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeclarationPhoto {
    pub id: Uuid,
    pub job_id: Uuid,
    /// What it shows, as the PDF writes it under the photo.
    pub caption: String,
    pub width: i32,
    pub height: i32,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

/// What the work did to the installation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkKind {
    /// Nytt anlegg.
    New,
    /// Utvidelse av eksisterende anlegg.
    Extension,
    /// Endring av eksisterende anlegg.
    Change,
}

impl WorkKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Extension => "extension",
            Self::Change => "change",
        }
    }

    /// As the declaration says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::New => "Nytt anlegg",
            Self::Extension => "Utvidelse av eksisterende anlegg",
            Self::Change => "Endring av eksisterende anlegg",
        }
    }
}

impl TryFrom<String> for WorkKind {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_value(Value::String(text.clone())).map_err(|_| format!("ukjent arbeid «{text}»"))
    }
}

/// A point of a checklist (the risk assessment, the final check) and whether it is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct CheckItem {
    pub text: String,
    pub done: bool,
}

/// A circuit of the circuit list (kursfortegnelse).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Circuit {
    /// "1", "2a".
    pub number: String,
    /// What it feeds: "Stikkontakter bad".
    pub purpose: String,
    /// The overcurrent protection: "C16".
    pub protection: String,
    /// "PFSP 3G2,5".
    pub cable: String,
    /// The earth-fault protection: "30 mA type A"; empty for none.
    pub rcd: String,
}

/// A declaration as stored.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Declaration {
    pub id: Uuid,
    pub job_id: Uuid,
    /// The installation's address.
    pub address: String,
    #[sqlx(try_from = "String")]
    pub kind: WorkKind,
    /// What was done.
    pub description: String,
    /// The norms used: "NEK 400:2022".
    pub norms: String,
    /// The risk assessment (§ 16).
    #[sqlx(json)]
    pub risk: Vec<CheckItem>,
    /// The final check (sluttkontroll) and its result.
    #[sqlx(json)]
    pub checks: Vec<CheckItem>,
    #[sqlx(json)]
    pub circuits: Vec<Circuit>,
    /// The responsible person: one of the users (`None` once that user is deleted; the
    /// name and certificate stay).
    pub responsible_id: Option<Uuid>,
    pub responsible_name: String,
    /// Their qualification: "Autorisert elinstallatør, gruppe L".
    pub responsible_certificate: String,
    /// The firm's registration in DSB's Elvirksomhetsregisteret.
    pub registration: String,
    /// When the responsible person signed it; `None` for a draft.
    pub signed_at: Option<DateTime<Utc>>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Declaration {
    /// `Samsvarserklaering-<job's first 8 characters>.pdf`.
    pub fn file_name(&self) -> String {
        let short: String = self.job_id.simple().to_string().chars().take(8).collect();
        format!("Samsvarserklaering-{short}.pdf")
    }

    /// What the audit log shows of it.
    pub fn audit_view(&self) -> Value {
        serde_json::json!({
            "job_id": self.job_id, "address": self.address, "kind": self.kind, "description": self.description,
            "norms": self.norms, "risk": self.risk, "checks": self.checks, "circuits": self.circuits,
            "responsible_name": self.responsible_name, "responsible_certificate": self.responsible_certificate,
            "registration": self.registration, "signed_at": self.signed_at,
        })
    }
}

/// What a new declaration starts with (Innstillinger → Samsvarserklæring).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct Defaults {
    /// The firm's registration number in DSB's Elvirksomhetsregisteret.
    pub registration: Option<String>,
    pub norms: String,
    /// The risk assessment's points (§ 16).
    pub risk: Vec<String>,
    /// The final check's points.
    pub checks: Vec<String>,
}

impl Default for Defaults {
    fn default() -> Self {
        let list = |items: &[&str]| items.iter().map(|item| (*item).to_owned()).collect();
        Self {
            registration: None,
            norms: "NEK 400:2022".to_owned(),
            risk: list(&[
                "Bruken av rommene og ytre påvirkninger er vurdert (fukt, varme, mekanisk påkjenning)",
                "Vern mot elektrisk sjokk er valgt (jordfeilbryter 30 mA der det kreves)",
                "Brannrisiko er vurdert ved valg av kabel, forlegning og vern",
                "Belastning, spenningsfall og selektivitet er vurdert",
            ]),
            checks: list(&[
                "Visuell kontroll av anlegget",
                "Kontinuitet i beskyttelsesledere er målt",
                "Isolasjonsresistansen er målt",
                "Jordfeilbryterne er prøvd (utløsestrøm og -tid)",
                "Polaritet og fasefølge er kontrollert",
                "Funksjonsprøving er utført",
            ]),
        }
    }
}
