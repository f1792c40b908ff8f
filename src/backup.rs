//! `fagfolk backup <file>`: an online, consistent copy of the database while the site
//! keeps running. SQLite uses `VACUUM INTO` (a transactionally consistent snapshot);
//! PostgreSQL uses `pg_dump` in its custom format (restore with `pg_restore`).

use std::path::Path;

use anyhow::{Context, bail};

use crate::db::Db;

pub async fn run(db: &Db, database_url: &str, target: &Path) -> anyhow::Result<()> {
    if target.exists() {
        bail!("{} finnes allerede; velg et nytt filnavn", target.display());
    }
    match db {
        Db::Sqlite(pool) => {
            let target = target.to_str().context("filnavnet må være gyldig UTF-8")?;
            sqlx::query("VACUUM INTO $1").bind(target).execute(pool).await.context("VACUUM INTO feilet")?;
        }
        Db::Postgres(_) => {
            let status = tokio::process::Command::new("pg_dump")
                .arg("--format=custom")
                .arg("--file")
                .arg(target)
                .arg(database_url)
                .status()
                .await
                .context("kunne ikke starte pg_dump (installer PostgreSQL-klienten)")?;
            if !status.success() {
                bail!("pg_dump feilet ({status})");
            }
        }
    }
    Ok(())
}
