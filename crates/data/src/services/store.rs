//! The service store: the admin's queries and writes of `services_admin`, each write with
//! its audit entry in the same transaction.

use uuid::Uuid;

use super::{AdminService, PublicService};
use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::text::Needle;
use crate::{audited, db_run, tx_run};

macro_rules! columns {
    () => {
        "SELECT id, name, slug, description, price_from, category, category_id, is_active, created_at, updated_at \
         FROM services_admin"
    };
}

/// Every service by name, in `category` (a slug; '' for all) whose name holds `needle`.
/// A firm has tens of services: they are matched as read, folded the Norwegian way.
pub async fn list(db: &Db, category: &str, needle: &Needle) -> Result<Vec<AdminService>, sqlx::Error> {
    let mut services: Vec<AdminService> = db_run!(db, pool => sqlx::query_as(concat!(
        columns!(),
        " WHERE ($1 = '' OR category = $1) ORDER BY name"
    ))
    .bind(category)
    .fetch_all(pool)
    .await)?;
    services.retain(|service| needle.finds([service.name.as_str()]));
    Ok(services)
}

/// The command search's services: the first five by name that hold `needle`.
pub async fn search(db: &Db, needle: &Needle) -> Result<Vec<crate::text::Hit>, sqlx::Error> {
    let mut hits: Vec<crate::text::Hit> = db_run!(db, pool => sqlx::query_as(
        // The category by its name, as staff know it, not its slug.
        "SELECT services_admin.id, services_admin.name AS title, COALESCE(categories.name, services_admin.category) AS detail \
         FROM services_admin LEFT JOIN categories ON categories.slug = services_admin.category ORDER BY services_admin.name",
    ).fetch_all(pool).await)?;
    hits.retain(|hit| needle.finds([hit.title.as_str()]));
    hits.truncate(5);
    Ok(hits)
}

/// Active services, for the dashboard.
pub async fn count_active(db: &Db) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = db_run!(db, pool =>
        sqlx::query_as("SELECT COUNT(*) FROM services_admin WHERE is_active = $1").bind(true).fetch_one(pool).await)?;
    Ok(n)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<AdminService>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(columns!(), " WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

pub async fn insert(db: &Db, service: &AdminService, entry: &NewAudit) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    insert_in(&mut tx, service).await?;
    tx.audit(entry).await?;
    tx.commit().await
}

/// Adds `service` in `tx` (a new service, or the seed's catalogue).
pub async fn insert_in(tx: &mut Tx, service: &AdminService) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO services_admin (id, name, slug, description, price_from, category, category_id, \
         is_active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(service.id)
    .bind(&service.name)
    .bind(&service.slug)
    .bind(&service.description)
    .bind(service.price_from)
    .bind(&service.category)
    .bind(service.category_id)
    .bind(service.is_active)
    .bind(service.created_at)
    .bind(service.updated_at)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Saves the editable fields of `service` (name, slug, description, price, active).
pub async fn update(db: &Db, service: &AdminService, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query(
            "UPDATE services_admin SET name = $2, slug = $3, description = $4, price_from = $5, \
             is_active = $6, updated_at = $7 WHERE id = $1",
        )
        .bind(service.id)
        .bind(&service.name)
        .bind(&service.slug)
        .bind(&service.description)
        .bind(service.price_from)
        .bind(service.is_active)
        .bind(service.updated_at)
        .execute(&mut *tx)
        .await?;
    })
}

pub async fn delete(db: &Db, id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM services_admin WHERE id = $1").bind(id).execute(&mut *tx).await?;
    })
}

/// The active services, newest first, optionally of one category.
pub async fn active(db: &Db, category: Option<&str>) -> Result<Vec<PublicService>, sqlx::Error> {
    db_run!(db, pool => match category {
        Some(category) => {
            sqlx::query_as(
                "SELECT id, name, description, price_from, category, is_active, created_at FROM services_admin \
                 WHERE is_active = $1 AND category = $2 ORDER BY created_at DESC",
            )
            .bind(true)
            .bind(category)
            .fetch_all(pool)
            .await
        }
        None => {
            sqlx::query_as(
                "SELECT id, name, description, price_from, category, is_active, created_at FROM services_admin \
                 WHERE is_active = $1 ORDER BY created_at DESC",
            )
            .bind(true)
            .fetch_all(pool)
            .await
        }
    })
}
