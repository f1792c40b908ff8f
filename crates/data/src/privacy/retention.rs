//! The retention rule: won and lost leads not changed for a number of months are
//! anonymised, at once when the rule is saved and then daily.

use chrono::{DateTime, Months, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::audit::NewAudit;
use crate::db::Db;
use crate::settings::{self, StatusKind};

/// The retention rule: months a won or lost lead keeps its personal data; `null` is off.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Retention {
    #[serde(default, deserialize_with = "crate::text::whole_number")]
    pub months: Option<i64>,
}

/// The retention rule's months; `None` when it is off.
pub async fn retention_months(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    settings::store::retention_months(db).await
}

/// Who the audit log says anonymised leads by the retention rule.
pub const RETENTION_ACTOR: &str = "automatisk (sletteregel)";

/// Anonymises the won and lost leads last changed more than the retention rule's months
/// before `now`: name "Anonymisert", contact details, description and address gone, their
/// notes, enquiries, e-mails and merges deleted, their audit entries' changes emptied.
/// Status, source, tags and dates stay for the statistics. Answers how many leads it
/// anonymised; does nothing when the rule is off. Run daily by [`keep_retention`].
pub async fn apply_retention(db: &Db, now: DateTime<Utc>) -> Result<usize, sqlx::Error> {
    let Some(months) = retention_months(db).await? else { return Ok(0) };
    let Some(cutoff) = now.checked_sub_months(Months::new(months.clamp(1, 120) as u32)) else { return Ok(0) };
    let closed: Vec<String> = settings::stages(db)
        .await?
        .into_iter()
        .filter(|stage| matches!(stage.kind, StatusKind::Won | StatusKind::Lost))
        .map(|stage| stage.name)
        .collect();
    if closed.is_empty() {
        return Ok(0);
    }
    let mut done = 0;
    loop {
        let ids = crate::leads::store::closed_before(db, cutoff, &closed, 500).await?;
        if ids.is_empty() {
            if done > 0 {
                // As after an erasure: no copy of the anonymised text stays in the files.
                db.scrub().await;
            }
            return Ok(done);
        }
        let entry = NewAudit::recorded(
            now,
            crate::audit::AuditAction::Anonymize,
            crate::audit::AuditEntity::Leads,
            None,
            RETENTION_ACTOR,
            serde_json::json!({ "leads": ids.len(), "months": months }),
        );
        // Each table by its owner's store, all in one transaction.
        let mut tx = db.begin().await?;
        crate::leads::store::anonymize_in(&mut tx, &ids, now).await?;
        crate::leads::history::store::delete_history_of(&mut tx, &ids).await?;
        // Their photos go to the sweep, which removes their files (src/contact/sweep.rs).
        crate::contact::store::photos::discard_of_leads_in(&mut tx, &ids).await?;
        crate::contact::store::delete_submissions_of(&mut tx, &ids).await?;
        crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Leads, &ids).await?;
        // Their quotes never accepted go too; an accepted one is the firm's contract record.
        let quotes = crate::quotes::store::delete_unaccepted_in(&mut tx, &ids).await?;
        crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Quotes, &quotes).await?;
        // Their befaringer are past and hold the address and notes: they go.
        let visits = crate::visits::store::delete_of_leads_in(&mut tx, &ids).await?;
        crate::audit::store::clear_changes_about(&mut tx, crate::audit::AuditEntity::Visits, &visits).await?;
        tx.audit(&entry).await?;
        tx.commit().await?;
        done += ids.len();
    }
}

/// Applies the retention rule now and then once a day, for as long as the server runs.
pub async fn keep_retention(db: Db, clock: crate::clock::Clock) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(24 * 60 * 60));
    loop {
        every.tick().await;
        match apply_retention(&db, clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(leads = n, "leads anonymisert etter sletteregelen"),
            Err(err) => tracing::error!(error = %err, "sletteregelen feilet"),
        }
    }
}
