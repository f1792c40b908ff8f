//! Invoices: what a finished job is invoiced with. The specified invoice basis
//! (`basis.rs`, håndverkertjenesteloven § 36) is read from the job at any time once it is
//! done; making the invoice ([`issue`]) gives it a number from the year's gapless series,
//! its date and due date, keeps the basis and the firm as they were, and marks the job
//! "fakturert", in one transaction. A credit note ([`credit`]) takes lines of an invoice
//! back under a number of the same series. The server writes each as a PDF, a CSV, JSON
//! and, for a business customer, EHF (`src/invoices/`). The SQL is in `store.rs`.

pub mod basis;
pub mod credit;
pub mod input;
pub mod list;
pub mod model;
pub mod refused;
pub mod sends;
pub mod store;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

pub use model::InvoiceBasis;
pub use refused::Refused;

use crate::audit::NewAudit;
use crate::db::Db;

/// What a request about an invoice that is not there is told.
pub const NOT_FOUND: &str = "Fant ikke fakturaen.";

/// An invoice or a credit note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvoiceKind {
    Invoice,
    CreditNote,
}

impl InvoiceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Invoice => "invoice",
            Self::CreditNote => "credit_note",
        }
    }

    /// "Faktura" or "Kreditnota".
    pub fn name(self) -> &'static str {
        match self {
            Self::Invoice => "Faktura",
            Self::CreditNote => "Kreditnota",
        }
    }
}

impl TryFrom<String> for InvoiceKind {
    type Error = String;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_value(Value::String(text.clone()))
            .map_err(|_| format!("ukjent slag faktura «{text}»"))
    }
}

/// The firm as the invoice was made by it (from Innstillinger then), kept with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Seller {
    /// Stored as its fields beside the invoicing ones, as before `Firm` had a home.
    #[serde(flatten)]
    pub firm: crate::settings::Firm,
    /// Eleven digits.
    pub account_number: Option<String>,
    pub vat_registered: bool,
    /// The invoice carries a KID made from its number (`crate::values::kid`).
    pub kid: bool,
}

impl Seller {
    /// The account to pay to, when the one kept is one (eleven digits whose check digit
    /// holds): read here once for the letter, the e-mail, the EHF, the PDF and the
    /// customer's page.
    pub fn account(&self) -> Option<crate::values::AccountNumber> {
        self.account_number.as_deref().and_then(|text| crate::values::AccountNumber::parse(text).ok())
    }
}

/// A seller reads as its firm: `seller.name`, `seller.org_nr()`.
impl std::ops::Deref for Seller {
    type Target = crate::settings::Firm;
    fn deref(&self) -> &crate::settings::Firm {
        &self.firm
    }
}

/// An invoice or a credit note as stored.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Invoice {
    pub id: Uuid,
    pub job_id: Uuid,
    /// `2026-0007`: the year and a count without gaps, shared by invoices and credit notes.
    pub number: String,
    #[sqlx(try_from = "String")]
    pub kind: InvoiceKind,
    /// The invoice a credit note credits.
    pub credited_id: Option<Uuid>,
    /// Why a credit note was made; empty for an invoice.
    pub reason: String,
    pub issue_date: NaiveDate,
    pub due_date: NaiveDate,
    /// The specified basis as it was when made (a credit note's: the lines it takes back).
    #[sqlx(json)]
    pub basis: InvoiceBasis,
    #[sqlx(json)]
    pub seller: Seller,
    /// Øre: excluding MVA, the MVA, including MVA (a credit note's are positive).
    pub net_total: i64,
    pub vat_total: i64,
    pub total: i64,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    /// A credit note's lines, by their place in the invoice it credits
    /// ([`InvoiceBasis::lines`]); empty for an invoice.
    #[sqlx(json)]
    pub credited_lines: Vec<u32>,
}

impl Invoice {
    /// `Faktura-2026-0007.pdf`, `Kreditnota-2026-0008.xml`.
    pub fn file_name(&self, extension: &str) -> String {
        format!("{}-{}.{extension}", self.kind.name(), self.number)
    }

    /// The KID the customer pays with, when the firm writes one.
    pub fn kid(&self) -> Option<String> {
        (self.seller.kid && self.kind == InvoiceKind::Invoice).then(|| crate::values::kid(&self.number))
    }

    /// What the audit log shows of it.
    pub fn audit_view(&self) -> Value {
        serde_json::json!({
            "number": self.number, "kind": self.kind, "job_id": self.job_id, "credited_id": self.credited_id,
            "reason": self.reason, "issue_date": self.issue_date, "due_date": self.due_date,
            "net_total": self.net_total, "vat_total": self.vat_total, "total": self.total,
        })
    }
}

/// Why no invoice was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotIssued {
    NoJob,
    /// The job is not done (or is invoiced already).
    NotDone,
    /// The job has its invoice.
    Twice,
    /// A change order of the job waits for the customer's answer (its number).
    ChangeWaiting(String),
    /// A change order was accepted after the basis the invoice was made from was read.
    Stale,
    /// A prisoverslag used past its budget with no § 7 contact recorded.
    NeedsContact,
    /// Hours or materials marked as tilleggsarbeid with no change order behind them (how
    /// many records).
    UntaggedExtra(i64),
    /// Material lines from a montør's phone still without the office's price (how many).
    PriceMissing(i64),
}

/// Makes the invoice `made(id, number)` gives for job `job_id` on `today` and marks the job
/// invoiced, with the audit entry `entry(invoice)`, in one transaction: the number is
/// taken in it (no gaps), and a job that is not done, or was invoiced a moment ago, makes
/// none.
pub async fn issue(
    db: &Db,
    job_id: Uuid,
    today: NaiveDate,
    made: impl FnOnce(Uuid, String) -> Invoice,
    entry: impl FnOnce(&Invoice) -> NewAudit,
) -> Result<Result<Invoice, NotIssued>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let Some(job) = crate::jobs::store::take_in(&mut tx, job_id).await? else {
        return Ok(Err(NotIssued::NoJob));
    };
    if job.status != crate::jobs::JobStatus::Done {
        return Ok(Err(NotIssued::NotDone));
    }
    // Past a prisoverslag's budget the customer must have been told (håndverkertjenesteloven
    // § 7 (2)); the gate holds new records out of the invoice until then, and the invoice
    // waits for it too, so nothing held is left unbilled by mistake.
    let (used, contacted) = crate::jobs::store::used_in(&mut tx, &job, None).await?;
    let over = job.pricing() == crate::jobs::Pricing::Ceiling && used > job.budget;
    if (over && !contacted) || crate::jobs::store::held_in(&mut tx, job_id).await? > 0 {
        return Ok(Err(NotIssued::NeedsContact));
    }
    // Tilleggsarbeid is billed by its accepted change order; a record marked as such with
    // none behind it would be worked and never billed, or billed with nothing agreed.
    let untagged = crate::jobs::store::untagged_extra_in(&mut tx, job_id).await?;
    if untagged > 0 {
        return Ok(Err(NotIssued::UntaggedExtra(untagged)));
    }
    // A line typed on a phone has no price until the office sets one; billed at 0 it would
    // be work given away by mistake.
    let unpriced = crate::jobs::store::materials::price_missing_in(&mut tx, job_id).await?;
    if unpriced > 0 {
        return Ok(Err(NotIssued::PriceMissing(unpriced)));
    }
    // A change order sent and not answered would be accepted after the invoice (which
    // `crate::quotes` now refuses): the office answers it or withdraws it first.
    let changes = crate::quotes::store::change_states_in(&mut tx, job_id).await?;
    let waiting =
        |(_, status, valid_until): &&(String, String, NaiveDate)| status == "sent" && *valid_until >= today;
    if let Some((number, ..)) = changes.iter().find(waiting) {
        return Ok(Err(NotIssued::ChangeWaiting(number.clone())));
    }
    let count = store::next_number(&mut tx, today.year()).await?;
    let invoice = made(Uuid::now_v7(), crate::quotes::number(today.year(), count));
    let accepted = changes.iter().filter(|(_, status, _)| status == "accepted").count();
    if invoice.basis.additions.len() != accepted {
        return Ok(Err(NotIssued::Stale));
    }
    if !store::insert_in(&mut tx, &invoice).await? {
        return Ok(Err(NotIssued::Twice));
    }
    if !store::mark_job_invoiced_in(&mut tx, job_id, invoice.created_at).await? {
        return Ok(Err(NotIssued::NotDone));
    }
    tx.audit(&entry(&invoice)).await?;
    tx.commit().await?;
    Ok(Ok(invoice))
}

/// Writes the credit note `made(id, number, basis)` gives for `lines` of `invoice` under the
/// next number of `today`'s year, with `entry(note)`, in one transaction; the lines some
/// credit note took back already, when any of `lines` is one: a line is credited once. The
/// job's row is taken first and the earlier credit notes read after it, so two credit
/// notes at once make one each within what is left to credit (`credit::basis`).
pub async fn credit(
    db: &Db,
    invoice: &Invoice,
    lines: &[u32],
    today: NaiveDate,
    made: impl FnOnce(Uuid, String, InvoiceBasis) -> Invoice,
    entry: impl FnOnce(&Invoice) -> NewAudit,
) -> Result<Result<Invoice, Vec<u32>>, sqlx::Error> {
    let mut tx = db.begin().await?;
    crate::jobs::store::take_in(&mut tx, invoice.job_id).await?;
    let earlier = store::credit_notes_in(&mut tx, invoice.id).await?;
    let twice: Vec<u32> = lines
        .iter()
        .copied()
        .filter(|line| earlier.iter().any(|note| note.credited_lines.contains(line)))
        .collect();
    if !twice.is_empty() {
        return Ok(Err(twice));
    }
    let count = store::next_number(&mut tx, today.year()).await?;
    let basis = credit::basis(invoice, lines, &earlier);
    let note = made(Uuid::now_v7(), crate::quotes::number(today.year(), count), basis);
    store::insert_in(&mut tx, &note).await?;
    tx.audit(&entry(&note)).await?;
    tx.commit().await?;
    Ok(Ok(note))
}
