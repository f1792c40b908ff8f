//! Whether anything has been committed to the database since a moment: [`Commits::token`]
//! is the same text until some transaction commits, by any connection of this process or
//! of another instance. A read that costs milliseconds and is asked again and again (the
//! dashboard, a month's hours) is answered from what it answered last while the token
//! stands (`src/http/kept.rs`).
//!
//! - SQLite: `PRAGMA data_version` on a connection of its own that never writes. It moves
//!   whenever another connection commits, in this process or another
//!   (<https://sqlite.org/pragma.html#pragma_data_version>).
//! - PostgreSQL: the current snapshot (`pg_current_snapshot()`). Its horizon is the newest
//!   ended transaction and its list the running ones, so it moves whenever a transaction
//!   that wrote ends, and not while only reads run
//!   (<https://www.postgresql.org/docs/current/functions-info.html#FUNCTIONS-PG-SNAPSHOT>).
//!   Ended transactions of other databases on the same server move it too: an answer is then
//!   made again when nothing of ours changed, never kept when something did.

use sqlx::Connection;
use sqlx::sqlite::SqliteConnection;
use tokio::sync::Mutex;

use super::Db;

/// The token's source; one per process, made on first use.
#[derive(Default)]
pub struct Commits {
    /// SQLite: the watching connection, opened on first use and again after an error.
    watcher: Mutex<Option<SqliteConnection>>,
}

impl Commits {
    /// The text that stays the same until the next commit.
    pub async fn token(&self, db: &Db) -> Result<String, sqlx::Error> {
        match db {
            Db::Sqlite(pool) => {
                let mut watcher = self.watcher.lock().await;
                let connection = match watcher.as_mut() {
                    Some(connection) => connection,
                    None => watcher.insert(SqliteConnection::connect_with(&pool.connect_options()).await?),
                };
                let read: Result<i64, sqlx::Error> =
                    sqlx::query_scalar("PRAGMA data_version").fetch_one(&mut *connection).await;
                match read {
                    Ok(version) => Ok(version.to_string()),
                    Err(err) => {
                        *watcher = None;
                        Err(err)
                    }
                }
            }
            Db::Postgres(pool) => {
                sqlx::query_scalar("SELECT CAST(pg_current_snapshot() AS TEXT)").fetch_one(pool).await
            }
        }
    }
}
