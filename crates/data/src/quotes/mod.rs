//! Quotes (tilbud, README "Tilbud"): a written quote made from a lead, sent to the
//! customer as a PDF and a link, and accepted or declined on the customer's page. The
//! records are in `model.rs`, what the editor sends in `input.rs`, the amounts and their rounding in `crate::money`, the fixed
//! texts in `texts.rs`, the SQL in `store/`; here are the operations that write a quote
//! together with its lead and the audit entry, each in one transaction.

pub mod figures;
pub mod input;
pub mod model;
pub mod refused;
pub mod store;
pub mod texts;

/// What a request about a quote that is not there (or no longer) is told.
pub const NOT_FOUND: &str = "Fant ikke tilbudet.";
/// What a change to a quote that has been sent is told.
pub const NOT_A_DRAFT: &str =
    "Tilbudet er sendt og kan ikke endres. Velg «Revider» for å lage en ny versjon.";
/// What the office is told of a change order whose job is invoiced (`Sent::JobInvoiced`,
/// `NotAgreed::JobInvoiced`).
pub const JOB_INVOICED: &str =
    "Oppdraget er fakturert. Tilleggsarbeid kan ikke sendes eller avtales på det lenger; lag et nytt tilbud.";

pub use input::*;
pub use model::*;
pub use refused::Refused;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::settings::{Stage, StatusKind};

/// A quote's number: the year and its count, `2026-0042`.
pub fn number(year: i32, count: i64) -> String {
    format!("{year}-{count:04}")
}

/// Makes version 1 of a new quote from a lead (or a change order on a job, `of.job_id`):
/// the number is taken in the same transaction, so the year's numbers have no gap and no
/// duplicate, also when several instances share one database.
pub async fn create(
    db: &Db,
    of: store::Owners,
    content: &QuoteContent,
    owner: (Option<Uuid>, &str),
    now: DateTime<Utc>,
    today: NaiveDate,
    entry: impl Fn(Uuid, &str) -> NewAudit,
) -> Result<Uuid, sqlx::Error> {
    let mut tx = db.begin().await?;
    let count = store::next_number(&mut tx, today.year()).await?;
    let number = number(today.year(), count);
    let id = Uuid::now_v7();
    store::insert_in(&mut tx, id, of, &number, 1, content, owner, now).await?;
    tx.audit(&entry(id, &number)).await?;
    tx.commit().await?;
    Ok(id)
}

/// Why "Revider" made no new version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotRevised {
    /// `quote` is a draft, accepted, withdrawn or replaced.
    State,
    /// A newer version of the number is already a draft, or was sent.
    Newer,
}

/// "Revider": the next version of `quote`'s number as a draft, a copy of `quote`. `quote`
/// stays as it is, and its customer can still accept it, until the new version is sent
/// (`send` marks the earlier versions replaced then); withdrawing the draft leaves it so.
/// The new version is the number's highest plus one, so a withdrawn draft keeps its own.
pub async fn revise(
    db: &Db,
    quote: &Quote,
    valid_until: NaiveDate,
    owner: (Option<Uuid>, &str),
    now: DateTime<Utc>,
    entry: impl Fn(Uuid, i32) -> NewAudit,
) -> Result<Result<Uuid, NotRevised>, sqlx::Error> {
    let of = store::Owners { lead_id: quote.lead_id, job_id: quote.job_id };
    if of.lead_id.is_none() && of.job_id.is_none() {
        return Ok(Err(NotRevised::State));
    }
    let mut tx = db.begin().await?;
    if !store::take_for_revision_in(&mut tx, quote.id).await? {
        return Ok(Err(NotRevised::State));
    }
    let (live, highest) = store::newer_versions_in(&mut tx, &quote.number, quote.version).await?;
    if live > 0 {
        return Ok(Err(NotRevised::Newer));
    }
    let id = Uuid::now_v7();
    let version = highest + 1;
    let mut content = QuoteContent::of(quote);
    content.valid_until = content.valid_until.max(valid_until);
    store::insert_in(&mut tx, id, of, &quote.number, version, &content, owner, now).await?;
    tx.audit(&entry(id, version)).await?;
    tx.commit().await?;
    Ok(Ok(id))
}

/// The status a lead moves to when its quote is sent: the first open status of the
/// pipeline whose name speaks of a quote ("Tilbud sendt"), if it comes after the lead's
/// status (`crate::settings::pipeline::forward_to_step`).
pub fn quote_sent_status(pipeline: &[Stage], current: &str) -> Option<String> {
    crate::settings::pipeline::forward_to_step(pipeline, current, "tilbud")
}

/// The status a lead moves to when its quote is accepted: the first status that means won.
pub fn won_status(pipeline: &[Stage]) -> Option<String> {
    pipeline.iter().find(|stage| stage.kind == StatusKind::Won).map(|stage| stage.name.clone())
}

/// What sending did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    Sent,
    /// It was no longer a draft.
    NotDraft,
    /// The customer accepted this earlier version meanwhile: the new one is not sent.
    EarlierAccepted(i32),
    /// A change order whose job is invoiced: nothing may be added to the invoice.
    JobInvoiced,
}

/// Whether change order `quote`'s job is invoiced (`false` for a quote that is not a
/// change order), its row taken first (`store::job_invoiced_in`).
async fn job_invoiced_in(tx: &mut crate::db::Tx, quote: &Quote) -> Result<bool, sqlx::Error> {
    match quote.job_id {
        Some(job_id) => store::job_invoiced_in(tx, job_id).await,
        None => Ok(false),
    }
}

/// The status a lead moves to when the customer declines its quote: the first status that
/// means lost, if the lead is still open (a lead won by another quote stays won).
pub fn lost_status(pipeline: &[Stage], current: &str) -> Option<String> {
    let open = pipeline
        .iter()
        .find(|stage| stage.name == current)
        .is_none_or(|stage| stage.kind == StatusKind::Open);
    open.then(|| pipeline.iter().find(|stage| stage.kind == StatusKind::Lost).map(|stage| stage.name.clone()))
        .flatten()
}

/// Sends a draft: stores its `copy` (the link's token hash, the PDF and the firm it was
/// drawn with), marks the earlier versions the customer could still answer replaced
/// (`store::replace_earlier_in`), and moves the lead to `lead_status` when given, with
/// `entry`, in one transaction.
pub async fn send(
    db: &Db,
    quote: &Quote,
    copy: &store::SentCopy<'_>,
    lead_status: Option<&str>,
    now: DateTime<Utc>,
    by: &str,
    entry: &NewAudit,
) -> Result<Sent, sqlx::Error> {
    let mut tx = db.begin().await?;
    if job_invoiced_in(&mut tx, quote).await? {
        return Ok(Sent::JobInvoiced);
    }
    if !store::mark_sent_in(&mut tx, quote.id, copy, now, by).await? {
        return Ok(Sent::NotDraft);
    }
    if let Some(version) = store::replace_earlier_in(&mut tx, &quote.number, quote.version, now, by).await? {
        return Ok(Sent::EarlierAccepted(version));
    }
    if let (Some(status), Some(lead_id)) = (lead_status, quote.lead_of_quote()) {
        crate::leads::store::set_status_in(&mut tx, lead_id, status, now).await?;
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(Sent::Sent)
}

/// What accepting did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accepted {
    Accepted,
    /// The quote was not open for acceptance (accepted a moment ago by another request,
    /// withdrawn, replaced or expired).
    NotOpen,
    /// A change order whose job is invoiced.
    JobInvoiced,
}

/// The customer accepts: the quote is marked accepted and the lead moves to `won`, with
/// `entry`, in one transaction.
pub async fn accept(
    db: &Db,
    quote: &Quote,
    acceptance: &store::Acceptance<'_>,
    won: Option<&str>,
    now: DateTime<Utc>,
    today: NaiveDate,
    entry: &NewAudit,
) -> Result<Accepted, sqlx::Error> {
    let mut tx = db.begin().await?;
    if job_invoiced_in(&mut tx, quote).await? {
        return Ok(Accepted::JobInvoiced);
    }
    if !store::mark_accepted_in(&mut tx, quote.id, acceptance, now, today).await? {
        return Ok(Accepted::NotOpen);
    }
    if let (Some(status), Some(lead_id)) = (won, quote.lead_of_quote()) {
        crate::leads::store::set_status_in(&mut tx, lead_id, status, now).await?;
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(Accepted::Accepted)
}

/// The customer declines: the quote is marked declined and the lead moves to `lost`,
/// with `entry`, in one transaction. `false` when the quote was not open for an answer.
#[allow(clippy::too_many_arguments)]
pub async fn decline(
    db: &Db,
    quote: &Quote,
    reason: Option<&str>,
    lost: Option<&str>,
    now: DateTime<Utc>,
    today: NaiveDate,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    if !store::mark_declined_in(&mut tx, quote.id, reason, now, today).await? {
        return Ok(false);
    }
    if let (Some(status), Some(lead_id)) = (lost, quote.lead_of_quote()) {
        crate::leads::store::set_status_in(&mut tx, lead_id, status, now).await?;
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// Why a change order was not recorded as agreed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAgreed {
    /// Not a change order, or no longer a draft or sent.
    State,
    /// The customer accepted an earlier version of its number.
    EarlierAccepted(i32),
    /// Its job is invoiced.
    JobInvoiced,
}

/// Records change order `quote` as agreed by phone or under § 9 (`agreed`): it reads
/// accepted, the earlier versions its customer could still answer are replaced (as
/// sending does), and `entry` is written, in one transaction.
pub async fn agree(
    db: &Db,
    quote: &Quote,
    agreed: &store::Agreed<'_>,
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<Result<(), NotAgreed>, sqlx::Error> {
    let mut tx = db.begin().await?;
    if job_invoiced_in(&mut tx, quote).await? {
        return Ok(Err(NotAgreed::JobInvoiced));
    }
    if !store::mark_agreed_in(&mut tx, quote.id, agreed, now).await? {
        return Ok(Err(NotAgreed::State));
    }
    if let Some(version) =
        store::replace_earlier_in(&mut tx, &quote.number, quote.version, now, agreed.by).await?
    {
        return Ok(Err(NotAgreed::EarlierAccepted(version)));
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::pipeline::default_pipeline;

    #[test]
    fn numbers_have_the_year_and_four_digits() {
        assert_eq!(number(2026, 42), "2026-0042");
        assert_eq!(number(2027, 12_345), "2027-12345");
    }

    #[test]
    fn a_sent_quote_moves_the_lead_forward_to_the_quote_status_only() {
        let pipeline = default_pipeline();
        assert_eq!(quote_sent_status(&pipeline, "Ny").as_deref(), Some("Tilbud sendt"));
        assert_eq!(quote_sent_status(&pipeline, "Avtalt befaring").as_deref(), Some("Tilbud sendt"));
        assert_eq!(quote_sent_status(&pipeline, "Tilbud sendt"), None);
        assert_eq!(quote_sent_status(&pipeline, "Vunnet"), None);
        let renamed: Vec<Stage> =
            pipeline.iter().filter(|stage| stage.name != "Tilbud sendt").cloned().collect();
        assert_eq!(quote_sent_status(&renamed, "Ny"), None);
    }

    #[test]
    fn a_declined_quote_loses_an_open_lead_by_meaning_and_leaves_a_won_one() {
        let pipeline = vec![
            Stage::new("Ny", StatusKind::Open),
            Stage::new("Signert", StatusKind::Won),
            Stage::new("Ikke aktuelt", StatusKind::Lost),
        ];
        assert_eq!(lost_status(&pipeline, "Ny").as_deref(), Some("Ikke aktuelt"));
        assert_eq!(lost_status(&pipeline, "Signert"), None);
        assert_eq!(lost_status(&default_pipeline(), "Tilbud sendt").as_deref(), Some("Tapt"));
    }

    #[test]
    fn an_accepted_quote_wins_the_lead_by_meaning_not_name() {
        let pipeline = vec![Stage::new("Ny", StatusKind::Open), Stage::new("Signert", StatusKind::Won)];
        assert_eq!(won_status(&pipeline).as_deref(), Some("Signert"));
    }
}
