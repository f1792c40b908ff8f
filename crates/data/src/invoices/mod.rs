//! Invoices: what a finished job is invoiced with. The specified invoice basis
//! (`basis.rs`, håndverkertjenesteloven § 36) is read from the job at any time once it is
//! done; making the invoice ([`issue`]) gives it a number from the year's gapless series,
//! its date and due date, keeps the basis and the firm as they were, and marks the job
//! "fakturert", in one transaction. A credit note ([`credit`]) takes lines of an invoice
//! back under a number of the same series. The server writes each as a PDF, a CSV, JSON
//! and, for a business customer, EHF (`src/invoices/`). The SQL is in `store.rs`.

pub mod basis;
pub mod model;
pub mod store;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

pub use model::InvoiceBasis;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::quotes::QuoteLine;

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
    pub name: String,
    pub org_nr: Option<String>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    /// Eleven digits.
    pub account_number: Option<String>,
    pub vat_registered: bool,
    /// The invoice carries a KID made from its number (`crate::values::kid`).
    pub kid: bool,
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

/// The credit note of `lines` (indexes into [`InvoiceBasis::lines`]) of `invoice`: the
/// lines as they were invoiced, their sums positive (a credit note's are), numbered in
/// the caller's series by [`credit`].
pub fn credit_basis(invoice: &Invoice, lines: &[u32]) -> InvoiceBasis {
    let all: Vec<&QuoteLine> = invoice.basis.lines().collect();
    let taken: Vec<QuoteLine> = lines
        .iter()
        .filter_map(|index| all.get(usize::try_from(*index).ok()?).map(|line| (*line).clone()))
        .collect();
    let net = taken.iter().fold(0i64, |sum, line| sum.saturating_add(line.amounts().net));
    let vat_rates = model::vat_rates(taken.iter(), None);
    let totals = model::totals_of(&vat_rates);
    InvoiceBasis {
        work: model::Section {
            title: format!("Kreditering av faktura {}", invoice.number),
            note: String::new(),
            lines: taken,
            net,
        },
        deduction: None,
        additions: Vec::new(),
        vat_rates,
        totals,
        ..invoice.basis.clone()
    }
}

/// Writes the credit note `made(id, number)` gives for `lines` of `invoice` under the next
/// number of `today`'s year, with `entry(note)`, in one transaction; the lines some credit
/// note took back already, when any of `lines` is one: a line is credited once. The job's
/// row is taken first, so two credit notes of the same line at once make one.
pub async fn credit(
    db: &Db,
    invoice: &Invoice,
    lines: &[u32],
    today: NaiveDate,
    made: impl FnOnce(Uuid, String) -> Invoice,
    entry: impl FnOnce(&Invoice) -> NewAudit,
) -> Result<Result<Invoice, Vec<u32>>, sqlx::Error> {
    let mut tx = db.begin().await?;
    crate::jobs::store::take_in(&mut tx, invoice.job_id).await?;
    let taken = store::credited_lines_in(&mut tx, invoice.id).await?;
    let twice: Vec<u32> = lines.iter().copied().filter(|line| taken.contains(line)).collect();
    if !twice.is_empty() {
        return Ok(Err(twice));
    }
    let count = store::next_number(&mut tx, today.year()).await?;
    let note = made(Uuid::now_v7(), crate::quotes::number(today.year(), count));
    store::insert_in(&mut tx, &note).await?;
    tx.audit(&entry(&note)).await?;
    tx.commit().await?;
    Ok(Ok(note))
}
