//! The database: one pool that is either SQLite (embedded, the default) or PostgreSQL.
//!
//! Queries are written once with `$1`-style placeholders, which both drivers accept, and
//! run on whichever pool is configured through [`db_run!`](crate::db_run).

pub mod commits;
pub mod copy;
pub mod files;

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx_postgres::{PgConnectOptions, PgPool, PgPoolOptions};

#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool, so one query definition serves
/// both databases: `db_run!(&state.db, pool => sqlx::query("...").execute(pool).await)`.
#[macro_export]
macro_rules! db_run {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}

/// A write transaction on either database. Store functions that write take `&mut Tx`, so
/// an operation that spans resources calls each owner's store inside one transaction and
/// commits once (the contact form: the limit's attempt, the lead and the enquiry):
///
/// ```ignore
/// let mut tx = db.begin().await?;
/// leads::store::insert_in(&mut tx, &lead).await?;
/// contact::store::insert_submissions(&mut tx, &submissions).await?;
/// tx.commit().await?;
/// ```
///
/// Dropped without `commit`, it rolls back. Begun with [`Db::begin`], it is a writer from
/// the start on SQLite (see [`BeginWrite`]).
pub enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx_postgres::Postgres>),
}

/// Runs `$body` with `$conn` bound to the transaction's connection on whichever database
/// it is: `tx_run!(tx, conn => sqlx::query("...").execute(conn).await)`. Only stores use it.
#[macro_export]
macro_rules! tx_run {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::db::Tx::Sqlite(tx) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::db::Tx::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

impl Tx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Self::Sqlite(tx) => tx.commit().await,
            Self::Postgres(tx) => tx.commit().await,
        }
    }
}

/// Starts a transaction that will write. On SQLite it takes the write lock at once
/// (`BEGIN IMMEDIATE`), waiting its turn under the busy timeout: a deferred transaction
/// takes it at its first write and fails at once ("database is busy") when another
/// connection committed in between, which the FTS5 search index's triggers made common
/// under many concurrent submissions (tests/api/faults.rs). PostgreSQL begins as usual.
pub trait BeginWrite {
    type Database: sqlx::Database;
    fn begin_write(
        &self,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, Self::Database>, sqlx::Error>> + Send;

    /// As [`BeginWrite::begin_write`], and the transaction waits for any other one begun
    /// with the same `key` to end first, so a count it reads and then writes by cannot be
    /// read by another at the same time. SQLite's writers take turns anyway; PostgreSQL
    /// takes a transaction-scoped advisory lock on the key (`pg_advisory_xact_lock`).
    fn begin_write_one_at_a_time<'a>(
        &'a self,
        key: &'a str,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, Self::Database>, sqlx::Error>> + Send + 'a;
}

impl BeginWrite for SqlitePool {
    type Database = sqlx::Sqlite;
    fn begin_write(
        &self,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, sqlx::Sqlite>, sqlx::Error>> + Send {
        self.begin_with("BEGIN IMMEDIATE")
    }

    fn begin_write_one_at_a_time<'a>(
        &'a self,
        _key: &'a str,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, sqlx::Sqlite>, sqlx::Error>> + Send + 'a {
        self.begin_write()
    }
}

impl BeginWrite for PgPool {
    type Database = sqlx_postgres::Postgres;
    fn begin_write(
        &self,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, sqlx_postgres::Postgres>, sqlx::Error>> + Send
    {
        self.begin()
    }

    async fn begin_write_one_at_a_time<'a>(
        &'a self,
        key: &'a str,
    ) -> Result<sqlx::Transaction<'static, sqlx_postgres::Postgres>, sqlx::Error> {
        let mut tx = self.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
            .bind(key)
            .execute(&mut *tx)
            .await?;
        Ok(tx)
    }
}

/// A search text as a `LIKE` pattern (`%text%`, lower case, with `\`, `%` and `_` escaped
/// for `ESCAPE '\'`) to match against text folded the same way (`crate::text::fold`);
/// empty for a blank text, which the queries read as "no filter".
pub fn like_pattern(text: Option<&str>) -> String {
    let text = text.map(str::trim).unwrap_or_default().to_lowercase();
    if text.is_empty() {
        return String::new();
    }
    let escaped = text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// Appends `column IN (ids)` with the ids bound.
pub fn push_in<DB, T>(query: &mut sqlx::QueryBuilder<DB>, column: &str, ids: &[T])
where
    DB: sqlx::Database,
    for<'t> T: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    T: Clone + Send + 'static,
{
    query.push(format!(" {column} IN ("));
    let mut list = query.separated(", ");
    for id in ids {
        list.push_bind(id.clone());
    }
    query.push(")");
}

impl Db {
    /// Connects to `url`, creating the SQLite file (and its folder) when missing.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)
                .with_context(|| "DATABASE_URL: ugyldig SQLite-adresse".to_string())?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                // Deleted rows are overwritten with zeros, not left readable in free pages:
                // an erased person's text does not stay in the file (crates/data/src/privacy/).
                .pragma("secure_delete", "ON")
                .busy_timeout(Duration::from_secs(5));
            if let Some(parent) = options.get_filename().parent()
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("kunne ikke opprette mappen {}", parent.display()))?;
            }
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(5))
                .connect_with(options)
                .await
                .context("kunne ikke åpne SQLite-databasen")?;
            Ok(Self::Sqlite(pool))
        } else {
            let options =
                PgConnectOptions::from_str(url).context("DATABASE_URL: ugyldig PostgreSQL-adresse")?;
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(5))
                .connect_with(options)
                .await
                .context("kunne ikke koble til PostgreSQL")?;
            Ok(Self::Postgres(pool))
        }
    }

    /// Applies the migrations that have not run yet.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self {
            Self::Sqlite(pool) => sqlx::migrate!("./migrations/sqlite").run(pool).await,
            Self::Postgres(pool) => sqlx::migrate!("./migrations/postgres").run(pool).await,
        }
        .context("migrering av databasen feilet")
    }

    /// Begins a write transaction (`BEGIN IMMEDIATE` on SQLite).
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Self::Sqlite(pool) => Tx::Sqlite(pool.begin_write().await?),
            Self::Postgres(pool) => Tx::Postgres(pool.begin_write().await?),
        })
    }

    /// As [`Db::begin`], and waits for any other transaction begun with the same `key` to
    /// end first ([`BeginWrite::begin_write_one_at_a_time`]).
    pub async fn begin_one_at_a_time(&self, key: &str) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Self::Sqlite(pool) => Tx::Sqlite(pool.begin_write_one_at_a_time(key).await?),
            Self::Postgres(pool) => Tx::Postgres(pool.begin_write_one_at_a_time(key).await?),
        })
    }

    /// As [`Db::begin_one_at_a_time`] for every one of `keys` at once (a batch of
    /// enquiries, `crate::contact::writer`). On PostgreSQL the locks are taken in the
    /// order of their hashes, so two batches that share keys never wait on each other in a
    /// circle; SQLite's writers take turns anyway.
    pub async fn begin_one_at_a_time_all(&self, keys: &[String]) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Self::Sqlite(pool) => Tx::Sqlite(pool.begin_write().await?),
            Self::Postgres(pool) => {
                let mut tx = pool.begin_write().await?;
                sqlx::query(
                    "SELECT pg_advisory_xact_lock(hash) FROM \
                     (SELECT DISTINCT hashtextextended(key, 0) AS hash FROM unnest($1::text[]) AS key ORDER BY hash) AS sorted",
                )
                .bind(keys)
                .execute(&mut *tx)
                .await?;
                Tx::Postgres(tx)
            }
        })
    }

    /// After an erasure: on SQLite the search index's segments are merged, so erased
    /// leads' text is gone from them too, and the write-ahead log is checkpointed and
    /// emptied, so no earlier copy of a page holds it (deleted rows themselves are
    /// overwritten: `secure_delete`). PostgreSQL's dead rows go at its next vacuum.
    pub async fn scrub(&self) {
        if let Self::Sqlite(pool) = self {
            for statement in [
                "INSERT INTO lead_search (lead_search) VALUES ('optimize')",
                "PRAGMA wal_checkpoint(TRUNCATE)",
            ] {
                if let Err(err) = sqlx::query(statement).execute(pool).await {
                    tracing::warn!(error = %err, statement, "kunne ikke rydde etter slettingen");
                }
            }
        }
    }

    /// A cheap round trip, for `/healthz`.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        db_run!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    pub async fn close(&self) {
        db_run!(self, pool => pool.close().await)
    }
}

#[cfg(test)]
mod tests {
    use super::like_pattern;

    #[test]
    fn search_texts_become_escaped_lower_case_patterns() {
        assert_eq!(like_pattern(Some("  100%_Ferdig\\ ")), "%100\\%\\_ferdig\\\\%");
        assert_eq!(like_pattern(Some("   ")), "");
        assert_eq!(like_pattern(None), "");
    }
}
