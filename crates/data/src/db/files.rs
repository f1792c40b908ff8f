//! What a backup and a restore ask of a database as a whole (`crate::backup`): a copy
//! made while it serves, a copy's soundness, and what a restored copy holds.

use anyhow::Context;
use chrono::{DateTime, Utc};

use super::Db;
use crate::db_run;

/// Writes a consistent copy of the SQLite database to `target` (`VACUUM INTO`), while it
/// serves.
pub async fn vacuum_into(pool: &sqlx::SqlitePool, target: &str) -> Result<(), sqlx::Error> {
    sqlx::query("VACUUM INTO $1").bind(target).execute(pool).await.map(|_| ())
}

/// The lines of SQLite's integrity check of the file at `file` (opened read-only), and
/// whether it has had Fagfolk's migrations.
pub async fn check_sqlite_file(file: &std::path::Path) -> anyhow::Result<(Vec<String>, bool)> {
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(file).read_only(true);
    let copy = sqlx::SqlitePool::connect_with(options).await.context("kopien er ikke en SQLite-database")?;
    let checked: Result<Vec<(String,)>, _> = sqlx::query_as("PRAGMA integrity_check").fetch_all(&copy).await;
    let migrations: Result<(i64,), _> =
        sqlx::query_as("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(&copy).await;
    copy.close().await;
    let checked = checked.context("kopien er ikke en SQLite-database")?;
    Ok((checked.into_iter().map(|(line,)| line).collect(), migrations.is_ok()))
}

/// Rows in `table` (one of the backup's own fixed table names).
pub async fn row_count(db: &Db, table: &'static str) -> Result<i64, sqlx::Error> {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    let (count,): (i64,) =
        db_run!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone())).fetch_one(pool).await)?;
    Ok(count)
}

/// When the newest audit entry was written: the last change a copy holds.
pub async fn last_audit_entry(db: &Db) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    let (last,): (Option<DateTime<Utc>>,) =
        db_run!(db, pool => sqlx::query_as("SELECT MAX(created_at) FROM audit_logs").fetch_one(pool).await)?;
    Ok(last)
}

/// Tables in a PostgreSQL database's public schema (a restore goes only into an empty one).
pub async fn postgres_tables(db: &Db) -> Result<i64, sqlx::Error> {
    let (tables,): (i64,) = db_run!(db, pool => sqlx::query_as(
        "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'",
    )
    .fetch_one(pool)
    .await)?;
    Ok(tables)
}
