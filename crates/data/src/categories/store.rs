//! The categories store: each category with its count of services.

use uuid::Uuid;

use super::model::Category;
use crate::db::{Db, Tx};
use crate::{db_run, tx_run};

macro_rules! select {
    () => {
        "SELECT c.id, c.name, c.slug, c.description, c.active, c.sort_order, \
         (SELECT COUNT(*) FROM services_admin s WHERE s.category_id = c.id) AS service_count FROM categories c"
    };
}

/// Every category by sort order.
pub async fn list(db: &Db) -> Result<Vec<Category>, sqlx::Error> {
    db_run!(db, pool => sqlx::query_as(concat!(select!(), " ORDER BY c.sort_order, c.name")).fetch_all(pool).await)
}

/// A category by slug, or by id when `key` is one.
pub async fn find(db: &Db, key: &str) -> Result<Option<Category>, sqlx::Error> {
    match key.parse::<Uuid>() {
        Ok(id) => db_run!(db, pool => sqlx::query_as(
            concat!(select!(), " WHERE c.id = $1"),
        ).bind(id).fetch_optional(pool).await),
        Err(_) => db_run!(db, pool => sqlx::query_as(
            concat!(select!(), " WHERE c.slug = $1"),
        ).bind(key).fetch_optional(pool).await),
    }
}

/// How many categories there are, in `tx` (the seed adds them only to an empty table).
pub async fn count_in(tx: &mut Tx) -> Result<i64, sqlx::Error> {
    tx_run!(tx, conn => sqlx::query_scalar("SELECT COUNT(*) FROM categories").fetch_one(conn).await)
}

/// Adds `category` (its service count aside) in `tx`.
pub async fn insert_in(
    tx: &mut Tx,
    category: &Category,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    tx_run!(tx, conn => sqlx::query(
        "INSERT INTO categories (id, name, slug, description, active, sort_order, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(category.id)
    .bind(&category.name)
    .bind(&category.slug)
    .bind(&category.description)
    .bind(category.active)
    .bind(category.sort_order)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))
}
