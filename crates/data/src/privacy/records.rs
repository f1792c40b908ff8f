//! What a person's export and erasure answer: everything stored about them, and how much
//! an erasure removed and kept (`super`).

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::audit::AuditEntry;
use crate::leads::history::Note;
use crate::leads::model::Lead;

pub use crate::contact::store::StoredSubmission;

pub use crate::leads::history::SentEmail;

/// Everything stored about a person.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonData {
    /// The e-mail address or phone number asked about.
    pub person: String,
    pub exported_at: DateTime<Utc>,
    pub leads: Vec<Lead>,
    pub notes: Vec<Note>,
    pub submissions: Vec<StoredSubmission>,
    pub emails: Vec<SentEmail>,
    /// The audit log's entries about the leads.
    pub audit: Vec<AuditEntry>,
    /// The quotes made for them: those of their leads, and any other with their e-mail
    /// address or phone number (an accepted quote outlives an erased lead).
    pub quotes: Vec<crate::quotes::Quote>,
    /// The befaringer booked on their leads (cancelled ones too).
    pub visits: Vec<crate::visits::Visit>,
    /// The jobs done for them (of their leads or their quotes). An erasure keeps them: a
    /// job's records and time sheets are bookkeeping documentation, kept 10 years
    /// (bokføringsforskriften § 8-1-2).
    pub jobs: Vec<crate::jobs::Job>,
    /// The invoices and credit notes of those jobs. An erasure keeps them: accounting
    /// records, kept 10 years (bokføringsloven § 13).
    pub invoices: Vec<crate::invoices::Invoice>,
    /// The samsvarserklæringer of those jobs. An erasure keeps them: the firm keeps each
    /// at least 5 years (forskrift om elektriske lavspenningsanlegg § 13).
    pub declarations: Vec<crate::declarations::Declaration>,
    /// The photos from those jobs on their declarations (what they show; the pictures are
    /// in each declaration's PDF). Kept with the declarations.
    pub declaration_photos: Vec<crate::declarations::DeclarationPhoto>,
    /// The § 7 contacts on those jobs, with what the customer said. Kept with the jobs.
    pub job_contacts: Vec<crate::jobs::JobContact>,
    /// The hours entered on those jobs (who worked, when, what). Kept with the jobs: the
    /// time sheet is bookkeeping documentation (bokføringsforskriften § 8-1-2).
    pub time_entries: Vec<crate::jobs::time::TimeEntry>,
    /// The materials used on those jobs. Kept with the jobs.
    pub materials: Vec<crate::jobs::Material>,
    /// The photos sent with their enquiries, each with the JPEG as stored.
    pub photos: Vec<ExportedPhoto>,
}

/// A photo in a person's export: what is stored of it, and the picture itself.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedPhoto {
    #[serde(flatten)]
    pub photo: crate::contact::store::photos::Photo,
    /// The stored JPEG, in base64.
    pub jpeg_base64: String,
}

/// How much an erasure removed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Erased {
    pub leads: usize,
    pub submissions: usize,
    pub notes: usize,
    /// Audit entries whose changes were emptied, or cleared of the person (an entry about
    /// another lead that merged one of theirs in).
    pub audit_entries: usize,
    /// Quotes deleted with the leads (never accepted).
    pub quotes: usize,
    /// Accepted quotes kept: a contract the firm must keep for its accounts
    /// (bokføringsloven), with the customer's name and the acceptance.
    pub quotes_kept: usize,
    /// Jobs kept, with their hours and materials: bookkeeping documentation, kept 10 years
    /// (bokføringsforskriften § 8-1-2), whatever an erasure asks. Each loses only its link
    /// to the erased lead.
    pub jobs_kept: usize,
    /// Invoices and credit notes kept, with the customer's name and address: accounting
    /// records, kept 10 years (bokføringsloven § 13).
    pub invoices_kept: usize,
    /// Samsvarserklæringer kept at least 5 years (forskrift om elektriske
    /// lavspenningsanlegg § 13).
    pub declarations_kept: usize,
}
