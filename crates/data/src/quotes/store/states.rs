//! The writes that move a quote from one state to another. Each is conditional on the
//! state it is in (`WHERE status = 'sent'` ...), so two requests at once cannot both move
//! it.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::{audited, tx_run};

/// What sending keeps of a quote: its link's token hash, the PDF and its SHA-256, and the
/// firm the PDF was drawn with (JSON).
pub struct SentCopy<'a> {
    pub token_hash: &'a [u8],
    pub pdf: &'a [u8],
    pub pdf_sha256: &'a str,
    pub firm: &'a str,
}

/// Marks a draft sent in the caller's transaction, with its link's token hash and the PDF
/// the customer gets; `false` when it was not a draft.
pub async fn mark_sent_in(
    tx: &mut Tx,
    id: Uuid,
    copy: &SentCopy<'_>,
    now: DateTime<Utc>,
    by: &str,
) -> Result<bool, sqlx::Error> {
    let SentCopy { token_hash, pdf, pdf_sha256, firm } = copy;
    let done = tx_run!(tx, conn => sqlx::query(
        "UPDATE quotes SET status = 'sent', token_hash = $1, pdf = $2, pdf_sha256 = $3, sent_at = $4, sent_by = $5, \
         updated_at = $4, sent_firm = $7 WHERE id = $6 AND status = 'draft'",
    )
    .bind(token_hash)
    .bind(pdf)
    .bind(pdf_sha256)
    .bind(now)
    .bind(by)
    .bind(id)
    .bind(firm)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// Takes quote `id` for revising in the caller's transaction: `true` when it can be
/// revised (sent, expired or declined). The row is written without a change, so that a
/// second revision of it at the same moment waits for this one (PostgreSQL's row lock;
/// SQLite's transactions take the write lock first) and then sees its new version.
pub async fn take_for_revision_in(tx: &mut Tx, id: Uuid) -> Result<bool, sqlx::Error> {
    let done = tx_run!(tx, conn => sqlx::query(
        "UPDATE quotes SET updated_at = updated_at WHERE id = $1 AND status IN ('sent', 'declined')",
    )
    .bind(id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// The versions of `number` newer than `version` that are still worked on or live (a
/// draft, sent, accepted or declined: not withdrawn), and the highest version of the
/// number there is, in the caller's transaction.
pub async fn newer_versions_in(tx: &mut Tx, number: &str, version: i32) -> Result<(i64, i32), sqlx::Error> {
    let (live, highest): (i64, Option<i32>) = tx_run!(tx, conn => sqlx::query_as(
        "SELECT COUNT(CASE WHEN version > $2 AND status <> 'withdrawn' THEN 1 END), MAX(version) \
         FROM quotes WHERE number = $1",
    )
    .bind(number)
    .bind(version)
    .fetch_one(conn)
    .await)?;
    Ok((live, highest.unwrap_or(version)))
}

/// Marks the versions of `number` older than `version` that the customer could still
/// answer (sent) or had declined as replaced by it, in the caller's transaction, and
/// returns the oldest such version that was accepted instead, if any: then the newer
/// version must not be sent. The update comes first, so that an acceptance of an older
/// version at the same moment either happened before it (and is seen) or waits for it and
/// finds the version replaced.
pub async fn replace_earlier_in(
    tx: &mut Tx,
    number: &str,
    version: i32,
    now: DateTime<Utc>,
    by: &str,
) -> Result<Option<i32>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "UPDATE quotes SET status = 'replaced', replaced_at = $1, replaced_by = $2, updated_at = $1 \
         WHERE number = $3 AND version < $4 AND status IN ('sent', 'declined')",
    )
    .bind(now)
    .bind(by)
    .bind(number)
    .bind(version)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    let accepted: Option<(i32,)> = tx_run!(tx, conn => sqlx::query_as(
        "SELECT version FROM quotes WHERE number = $1 AND version < $2 AND status = 'accepted' ORDER BY version LIMIT 1",
    )
    .bind(number)
    .bind(version)
    .fetch_optional(conn)
    .await)?;
    Ok(accepted.map(|(version,)| version))
}

/// Gives a sent quote a new link's token hash (the old link stops), with its audit entry;
/// `false` when it is not sent.
pub async fn new_token(
    db: &Db,
    id: Uuid,
    token_hash: &[u8],
    now: DateTime<Utc>,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let done = sqlx::query("UPDATE quotes SET token_hash = $1, updated_at = $2 WHERE id = $3 AND status = 'sent'")
            .bind(token_hash)
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        true
    })
}

/// Withdraws a draft or a sent quote, with its audit entry; `false` in any other state.
pub async fn withdraw(
    db: &Db,
    id: Uuid,
    now: DateTime<Utc>,
    by: &str,
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let done = sqlx::query(
            "UPDATE quotes SET status = 'withdrawn', withdrawn_at = $1, withdrawn_by = $2, updated_at = $1 \
             WHERE id = $3 AND status IN ('draft', 'sent')",
        )
        .bind(now)
        .bind(by)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        true
    })
}

/// The customer declines a sent quote still valid on `today`, in the caller's
/// transaction; `false` in any other state.
pub async fn mark_declined_in(
    tx: &mut Tx,
    id: Uuid,
    reason: Option<&str>,
    now: DateTime<Utc>,
    today: NaiveDate,
) -> Result<bool, sqlx::Error> {
    let done = tx_run!(tx, conn => sqlx::query(
        "UPDATE quotes SET status = 'declined', declined_at = $1, decline_reason = $2, updated_at = $1 \
         WHERE id = $3 AND status = 'sent' AND valid_until >= $4",
    )
    .bind(now)
    .bind(reason)
    .bind(id)
    .bind(today)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// What staff record when a change order was agreed other than on its page.
pub struct Agreed<'a> {
    pub how: crate::quotes::Agreement,
    /// Who agreed (the customer's name); `None` under § 9, where nobody did.
    pub name: Option<&'a str>,
    /// When it was agreed, or the work decided on.
    pub at: DateTime<Utc>,
    /// What was said, or why § 9 applied.
    pub note: &'a str,
    /// The staff member recording it.
    pub by: &'a str,
}

/// Marks a change order (a quote with a job) that is a draft or sent as agreed by `agreed`,
/// in the caller's transaction; `false` in any other state or for a quote without a job.
pub async fn mark_agreed_in(
    tx: &mut Tx,
    id: Uuid,
    agreed: &Agreed<'_>,
    now: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let done = tx_run!(tx, conn => sqlx::query(
        "UPDATE quotes SET status = 'accepted', accepted_at = $1, accepted_name = $2, agreed_how = $3, \
         agreed_note = $4, agreed_by = $5, updated_at = $6 \
         WHERE id = $7 AND job_id IS NOT NULL AND status IN ('draft', 'sent')",
    )
    .bind(agreed.at)
    .bind(agreed.name)
    .bind(agreed.how.as_str())
    .bind(agreed.note)
    .bind(agreed.by)
    .bind(now)
    .bind(id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}

/// What an acceptance records.
pub struct Acceptance<'a> {
    pub name: &'a str,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub texts: &'a serde_json::Value,
    pub early_start: bool,
}

/// Marks a sent quote still valid on `today` accepted, in the caller's transaction;
/// `false` when it was not (then nothing is written: two accepts at once record one).
pub async fn mark_accepted_in(
    tx: &mut Tx,
    id: Uuid,
    acceptance: &Acceptance<'_>,
    now: DateTime<Utc>,
    today: NaiveDate,
) -> Result<bool, sqlx::Error> {
    let done = tx_run!(tx, conn => sqlx::query(
        "UPDATE quotes SET status = 'accepted', accepted_at = $1, accepted_name = $2, accepted_ip = $3, \
         accepted_user_agent = $4, accepted_texts = $5, early_start = $6, updated_at = $1 \
         WHERE id = $7 AND status = 'sent' AND valid_until >= $8",
    )
    .bind(now)
    .bind(acceptance.name)
    .bind(acceptance.ip)
    .bind(acceptance.user_agent)
    .bind(sqlx::types::Json(acceptance.texts))
    .bind(acceptance.early_start)
    .bind(id)
    .bind(today)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(done == 1)
}
