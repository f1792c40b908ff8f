//! A job's material lines' queries (`job_materials`).

use uuid::Uuid;

use crate::audit::NewAudit;
use crate::db::{Db, Tx};
use crate::jobs::Material;
use crate::{audited, db_run, tx_run};

macro_rules! material_columns {
    () => {
        "id, job_id, service_id, description, quantity, unit, unit_price, vat, extra, added_by_id, added_by, created_at, \
         change_id, held, price_missing, receipt"
    };
}

/// The material lines of jobs `ids`, for their meters.
pub async fn of_jobs(db: &Db, ids: &[Uuid]) -> Result<Vec<Material>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new(concat!("SELECT ", material_columns!(), " FROM job_materials WHERE"));
        crate::db::push_in(&mut query, "job_id", ids);
        query.build_query_as().fetch_all(pool).await
    })
}

pub async fn of_job(db: &Db, job_id: Uuid) -> Result<Vec<Material>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(
        "SELECT ", material_columns!(), " FROM job_materials WHERE job_id = $1 ORDER BY created_at, id"
    ))
    .bind(job_id)
    .fetch_all(pool)
    .await)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<Material>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!("SELECT ", material_columns!(), " FROM job_materials WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)
}

/// Material line `id`, in `tx`.
pub async fn get_in(tx: &mut Tx, id: Uuid) -> Result<Option<Material>, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_as(concat!("SELECT ", material_columns!(), " FROM job_materials WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await)
}

pub async fn insert_in(tx: &mut Tx, material: &Material) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(concat!(
        "INSERT INTO job_materials (", material_columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
    ))
    .bind(material.id)
    .bind(material.job_id)
    .bind(material.service_id)
    .bind(&material.description)
    .bind(material.quantity)
    .bind(material.unit.as_str())
    .bind(material.unit_price)
    .bind(material.vat)
    .bind(material.extra)
    .bind(material.added_by_id)
    .bind(&material.added_by)
    .bind(material.created_at)
    .bind(material.change_id)
    .bind(material.held)
    .bind(material.price_missing)
    .bind(material.receipt)
    .execute(conn)
    .await
    .map(|_| ()))
}

/// Saves line `material` as the office changed it (its text, quantity, unit, price, rate,
/// marks and held mark; a price set is no longer missing); `false` when it is gone.
pub async fn update_in(tx: &mut Tx, material: &Material) -> Result<bool, sqlx::Error> {
    let updated = tx_run!(tx, conn => sqlx::query(
        "UPDATE job_materials SET service_id = $2, description = $3, quantity = $4, unit = $5, unit_price = $6, \
         vat = $7, extra = $8, change_id = $9, held = $10, price_missing = $11 WHERE id = $1 AND job_id = $12",
    )
    .bind(material.id)
    .bind(material.service_id)
    .bind(&material.description)
    .bind(material.quantity)
    .bind(material.unit.as_str())
    .bind(material.unit_price)
    .bind(material.vat)
    .bind(material.extra)
    .bind(material.change_id)
    .bind(material.held)
    .bind(material.price_missing)
    .bind(material.job_id)
    .execute(conn)
    .await
    .map(|done| done.rows_affected()))?;
    Ok(updated == 1)
}

/// Marks that line `id` has a photo of its receipt (or of the part) stored, with `entry`;
/// `false` when the line is gone.
pub async fn set_receipt(db: &Db, id: Uuid, entry: &NewAudit) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let done = sqlx::query("UPDATE job_materials SET receipt = TRUE WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        true
    })
}

/// How many of job `id`'s material lines wait for the office's price, in `tx`.
pub async fn price_missing_in(tx: &mut Tx, id: Uuid) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = tx_run!(tx, conn => sqlx::query_as(
        "SELECT COUNT(*) FROM job_materials WHERE job_id = $1 AND price_missing",
    )
    .bind(id)
    .fetch_one(conn)
    .await)?;
    Ok(count)
}

/// Deletes material line `id` of job `job_id`; `false` when it is gone.
pub async fn delete_in(tx: &mut Tx, job_id: Uuid, id: Uuid) -> Result<bool, sqlx::Error> {
    let deleted = tx_run!(tx, conn => sqlx::query("DELETE FROM job_materials WHERE id = $1 AND job_id = $2")
        .bind(id)
        .bind(job_id)
        .execute(conn)
        .await
        .map(|done| done.rows_affected()))?;
    Ok(deleted == 1)
}
