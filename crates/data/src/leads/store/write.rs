//! The lead store's writes: one lead with its audit entry in its own transaction, or, as
//! part of an operation over several resources, in the caller's (`crate::db::Tx`).

use chrono::{DateTime, Utc};
use sqlx::QueryBuilder;
use uuid::Uuid;

use super::super::model::{Lead, LeadFields};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::{audited, db_run};

/// The statement that writes a new lead, bound with [`bind_lead!`].
pub const INSERT: &str = "INSERT INTO leads \
    (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, search, phone_digits, \
     follow_up, assignee_id, duplicate_of, email_key, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)";

/// Writes a new lead in the caller's transaction (the contact form's enquiry writes its
/// lead with it).
pub async fn insert_in(tx: &mut crate::db::Tx, lead: &Lead) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => bind_lead!(sqlx::query(INSERT), lead)
        .bind(lead.created_at)
        .bind(lead.updated_at)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// Writes new leads in one statement in the caller's transaction (a batch of enquiries,
/// `crate::contact::writer`); the same columns as [`INSERT`].
pub async fn insert_many_in(tx: &mut crate::db::Tx, leads: &[Lead]) -> Result<(), sqlx::Error> {
    if leads.is_empty() {
        return Ok(());
    }
    crate::tx_run!(tx, conn => {
        let mut query = QueryBuilder::new(
            "INSERT INTO leads (id, name, email, phone, status, kilde, beskrivelse, adresse, postnr, tags, search, \
             phone_digits, follow_up, assignee_id, duplicate_of, email_key, created_at, updated_at) ",
        );
        query.push_values(leads, |mut row, lead| {
            row.push_bind(lead.id)
                .push_bind(lead.name.clone())
                .push_bind(lead.email.clone())
                .push_bind(lead.phone.clone())
                .push_bind(lead.status.clone())
                .push_bind(lead.kilde.clone())
                .push_bind(lead.beskrivelse.clone())
                .push_bind(lead.adresse.clone())
                .push_bind(lead.postnr.clone())
                .push_bind(sqlx::types::Json(lead.tags.clone()))
                .push_bind(super::search_text(lead))
                .push_bind(crate::text::phone_digits(lead.phone.as_deref().unwrap_or_default()))
                .push_bind(lead.follow_up)
                .push_bind(lead.assignee_id)
                .push_bind(lead.duplicate_of)
                .push_bind(lead.email.as_deref().map(crate::text::email_key))
                .push_bind(lead.created_at)
                .push_bind(lead.updated_at);
        });
        // Not kept prepared: a batch of each size would be a statement of its own in every
        // connection's cache (5.6 MB after a minute of enquiries, docs/BENCHMARKS.md).
        query.build().persistent(false).execute(conn).await.map(|_| ())
    })
}

/// Saves every field of `lead`, its other contacts included, in the caller's
/// transaction; `false` when it is gone.
pub async fn update_in(tx: &mut crate::db::Tx, lead: &Lead) -> Result<bool, sqlx::Error> {
    let updated = crate::tx_run!(tx, conn => bind_lead!(sqlx::query(UPDATE), lead)
        .bind(lead.updated_at)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    if updated != 1 {
        return Ok(false);
    }
    super::contacts::replace_in(tx, lead).await?;
    Ok(true)
}

/// Leads flagged as duplicates of `from` point at `to` instead (a merge of `from` into `to`).
pub async fn repoint_duplicates(tx: &mut crate::db::Tx, from: Uuid, to: Uuid) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => sqlx::query("UPDATE leads SET duplicate_of = $1 WHERE duplicate_of = $2 AND id <> $1")
        .bind(to)
        .bind(from)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// Deletes leads `ids` in the caller's transaction (their notes, e-mails and merges go
/// with them); answers how many there were.
pub async fn delete_in(tx: &mut crate::db::Tx, ids: &[Uuid]) -> Result<u64, sqlx::Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    crate::tx_run!(tx, conn => {
        let mut query = QueryBuilder::new("DELETE FROM leads WHERE");
        crate::db::push_in(&mut query, "id", ids);
        query.build().execute(conn).await.map(|done| done.rows_affected())
    })
}

/// Up to `limit` leads not yet anonymised, in one of the `statuses`, last changed before
/// `cutoff` (the retention rule's).
pub async fn closed_before(
    db: &Db,
    cutoff: chrono::DateTime<chrono::Utc>,
    statuses: &[String],
    limit: i64,
) -> Result<Vec<Uuid>, sqlx::Error> {
    let ids: Vec<(Uuid,)> = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT id FROM leads WHERE anonymized_at IS NULL AND updated_at < ");
        query.push_bind(cutoff).push(" AND");
        crate::db::push_in(&mut query, "status", statuses);
        query.push(" LIMIT ").push_bind(limit);
        query.build_query_as().fetch_all(pool).await
    })?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// Anonymises leads `ids`: name "Anonymisert", contact details, description and address
/// gone; status, source, tags and dates stay.
pub async fn anonymize_in(
    tx: &mut crate::db::Tx,
    ids: &[Uuid],
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    crate::tx_run!(tx, conn => {
        let mut query = QueryBuilder::new(
            "UPDATE leads SET name = 'Anonymisert', email = NULL, email_key = NULL, phone = NULL, beskrivelse = NULL, \
             adresse = NULL, postnr = NULL, search = 'anonymisert', phone_digits = '', follow_up = NULL, \
             duplicate_of = NULL, anonymized_at = ",
        );
        query.push_bind(now).push(" WHERE");
        crate::db::push_in(&mut query, "id", ids);
        query.build().execute(&mut *conn).await.map(|_| ())
    })?;
    super::contacts::forget_in(tx, ids).await
}

/// Moves every lead in status `from` to status `to` (a pipeline status renamed).
pub async fn rename_status_in(tx: &mut crate::db::Tx, from: &str, to: &str) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => sqlx::query("UPDATE leads SET status = $1 WHERE status = $2")
        .bind(to)
        .bind(from)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// Writes a new lead and its audit entry.
pub async fn insert(db: &Db, lead: &Lead, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        bind_lead!(sqlx::query(INSERT), lead)
        .bind(lead.created_at)
        .bind(lead.updated_at)
        .execute(&mut *tx)
        .await?;
    })
}

/// The statement that saves every field of a lead, bound with [`bind_lead!`] and then
/// `updated_at`.
pub const UPDATE: &str = "UPDATE leads SET name = $2, email = $3, phone = $4, status = $5, kilde = $6, \
    beskrivelse = $7, adresse = $8, postnr = $9, tags = $10, search = $11, phone_digits = $12, \
    follow_up = $13, assignee_id = $14, duplicate_of = $15, email_key = $16, updated_at = $17 WHERE id = $1";

/// Saves every field of `lead` and its audit entry; `false` when the lead is gone.
pub async fn update(db: &Db, lead: &Lead, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin().await?;
    // Dropped uncommitted, the transaction rolls back.
    if !update_in(&mut tx, lead).await? {
        return Ok(false);
    }
    tx.audit(entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a lead and writes its audit entry.
pub async fn delete(db: &Db, id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM leads WHERE id = $1").bind(id).execute(&mut *tx).await?;
    })
}

pub fn new_lead(id: Uuid, fields: LeadFields, now: DateTime<Utc>) -> Lead {
    Lead {
        id,
        name: fields.name,
        email: fields.email,
        phone: fields.phone,
        status: fields.status,
        kilde: fields.kilde,
        beskrivelse: fields.beskrivelse,
        adresse: fields.adresse,
        postnr: fields.postnr,
        tags: fields.tags,
        follow_up: fields.follow_up,
        assignee_id: fields.assignee_id,
        duplicate_of: None,
        created_at: now,
        updated_at: now,
        other_contacts: Vec::new(),
    }
}

/// Moves lead `id` to `status` in the caller's transaction (a quote sent or accepted
/// moves its lead, `crate::quotes`).
pub async fn set_status_in(
    tx: &mut crate::db::Tx,
    id: Uuid,
    status: &str,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => sqlx::query("UPDATE leads SET status = $1, updated_at = $2 WHERE id = $3")
        .bind(status)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await
        .map(|_| ()))
}
