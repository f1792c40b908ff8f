//! The site's change counter (`site_revision`, one row): bumped after every change to
//! what the public pages show, read by every instance to know when to render again.

use crate::db::Db;
use crate::db_run;

pub async fn revision(db: &Db) -> Result<i64, sqlx::Error> {
    db_run!(db, pool => sqlx::query_scalar("SELECT revision FROM site_revision WHERE id = 1")
        .fetch_one(pool)
        .await)
}

/// Moves the change counter; run by the audit log's write path in the transaction of a
/// change the site shows (`crate::audit::store`).
pub const BUMP: &str = "UPDATE site_revision SET revision = revision + 1 WHERE id = 1";

pub async fn bump(db: &Db) -> Result<(), sqlx::Error> {
    db_run!(db, pool => sqlx::query(BUMP)
        .execute(pool)
        .await
        .map(|_| ()))
}
