//! A lead's other e-mail addresses and phone numbers (`lead_contacts`, migration 0014):
//! what a merge keeps beside the main ones. Every read of whole leads attaches them, and
//! every write of a whole lead stores them, so a lead read, changed and saved keeps them.
//! Searches, duplicates and privacy requests find a lead by them through
//! [`push_key_match`].

use std::collections::HashMap;

use sqlx::QueryBuilder;
use uuid::Uuid;

use super::super::model::{ContactKind, Lead, LeadContact};
use crate::db::Db;
use crate::db_run;

/// Fills in `other_contacts` of `leads` in one query.
pub async fn attach(db: &Db, leads: &mut [Lead]) -> Result<(), sqlx::Error> {
    if leads.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = leads.iter().map(|lead| lead.id).collect();
    let rows: Vec<(Uuid, String, String)> = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT lead_id, kind, value FROM lead_contacts WHERE");
        crate::db::push_in(&mut query, "lead_id", &ids);
        query.build_query_as().fetch_all(pool).await
    })?;
    let mut by_lead: HashMap<Uuid, Vec<LeadContact>> = HashMap::new();
    for (lead_id, kind, value) in rows {
        let kind = if kind == "phone" { ContactKind::Phone } else { ContactKind::Email };
        by_lead.entry(lead_id).or_default().push(LeadContact { kind, value });
    }
    for lead in leads {
        let mut contacts = by_lead.remove(&lead.id).unwrap_or_default();
        // By kind, then value, compared as Rust compares them (a database's collation may
        // not), as `Lead::keeping_contacts_of` orders them.
        contacts.sort_by(|a, b| (a.kind.as_str(), &a.value).cmp(&(b.kind.as_str(), &b.value)));
        lead.other_contacts = contacts;
    }
    Ok(())
}

/// Stores `lead.other_contacts` as its whole list, in the caller's transaction.
pub async fn replace_in(tx: &mut crate::db::Tx, lead: &Lead) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => {
        sqlx::query("DELETE FROM lead_contacts WHERE lead_id = $1").bind(lead.id).execute(&mut *conn).await?;
        for contact in &lead.other_contacts {
            sqlx::query(
                "INSERT INTO lead_contacts (lead_id, kind, value, contact_key) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(lead.id)
            .bind(contact.kind.as_str())
            .bind(&contact.value)
            .bind(contact.key())
            .execute(&mut *conn)
            .await?;
        }
        Ok::<(), sqlx::Error>(())
    })
}

/// Forgets the other contacts of `ids` (anonymised leads).
pub async fn forget_in(tx: &mut crate::db::Tx, ids: &[Uuid]) -> Result<(), sqlx::Error> {
    if ids.is_empty() {
        return Ok(());
    }
    crate::tx_run!(tx, conn => {
        let mut query = QueryBuilder::new("DELETE FROM lead_contacts WHERE");
        crate::db::push_in(&mut query, "lead_id", ids);
        query.build().execute(conn).await.map(|_| ())
    })
}

/// Removes the other contacts whose key is `key` from every lead (a person erased).
pub async fn forget_key_in(tx: &mut crate::db::Tx, key: &str) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => sqlx::query("DELETE FROM lead_contacts WHERE contact_key = $1")
        .bind(key)
        .execute(conn)
        .await
        .map(|_| ()))
}

/// ` OR id IN (leads with another contact whose key is one of `keys`)`: exact keys
/// (`like` false, an indexed lookup) or LIKE patterns (searches).
pub(super) fn push_key_match<DB>(query: &mut QueryBuilder<DB>, keys: &[String], like: bool)
where
    DB: sqlx::Database,
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    if keys.is_empty() {
        return;
    }
    query.push(" OR id IN (SELECT lead_id FROM lead_contacts WHERE ");
    for (n, key) in keys.iter().enumerate() {
        if n > 0 {
            query.push(" OR ");
        }
        if like {
            query.push("contact_key LIKE ").push_bind(key.clone()).push(" ESCAPE '\\'");
        } else {
            query.push("contact_key = ").push_bind(key.clone());
        }
    }
    query.push(")");
}
