//! `fagfolk backup <target>`: an online, consistent copy of the database while the site
//! keeps running. SQLite uses `VACUUM INTO` (a transactionally consistent snapshot);
//! PostgreSQL uses `pg_dump` in its custom format.
//!
//! The target is a new file, a folder or an `s3://bucket/prefix` address. One that ends
//! in `/` gets a name with the time (`fagfolk-20261123-030000.db`), so a timer can run the
//! same command every night (docs/DEPLOY.md). A copy for a bucket is written to a
//! temporary file first and streamed up, then the temporary file is removed.
//!
//! `fagfolk restore <source>` puts such a copy (a file or an `s3://` address) into the
//! database `DATABASE_URL` names, which must be new: a SQLite file that does not exist
//! yet, or a PostgreSQL database without tables. It prints what the copy holds, so a
//! restore drill can be checked against the site.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail, ensure};
use chrono::{DateTime, Utc};

use crate::media::storage::Storage;
use fagfolk_data::db::Db;

/// Where a backup goes or comes from.
enum Place {
    File(PathBuf),
    Bucket { storage: Storage, key: String, shown: String },
}

impl Place {
    /// `target` as a place for a new copy of `db` taken at `now`.
    fn target(
        target: &str,
        db: &Db,
        now: DateTime<Utc>,
        options: &[(String, String)],
    ) -> anyhow::Result<Self> {
        let extension = match db {
            Db::Sqlite(_) => "db",
            Db::Postgres(_) => "pgdump",
        };
        let named =
            |folder: &str| format!("{folder}fagfolk-{}.{extension}", fagfolk_data::oslo::file_stamp(now));
        let target = if target.ends_with('/') { named(target) } else { target.to_owned() };
        Self::parse(&target, options)
    }

    fn parse(address: &str, options: &[(String, String)]) -> anyhow::Result<Self> {
        if !address.starts_with("s3://") {
            return Ok(Self::File(PathBuf::from(address)));
        }
        let (folder, key) = address.rsplit_once('/').context("adressen mangler et filnavn")?;
        ensure!(!key.is_empty() && folder.len() > "s3:/".len(), "{address}: oppgi s3://bøtte/sti/fil");
        let storage = Storage::open(folder, options)?;
        Ok(Self::Bucket { storage, key: key.to_owned(), shown: address.to_owned() })
    }

    fn shown(&self) -> String {
        match self {
            Self::File(path) => path.display().to_string(),
            Self::Bucket { shown, .. } => shown.clone(),
        }
    }
}

/// Takes a backup of `db` into `target`; answers where it went.
pub async fn run(
    db: &Db,
    database_url: &str,
    target: &str,
    options: &[(String, String)],
) -> anyhow::Result<String> {
    let place = Place::target(target, db, Utc::now(), options)?;
    match &place {
        Place::File(path) => {
            if let Some(folder) = path.parent().filter(|folder| !folder.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("kunne ikke opprette {}", folder.display()))?;
            }
            copy_database(db, database_url, path).await?;
        }
        Place::Bucket { storage, key, shown } => {
            if storage.exists(key).await? {
                bail!("{shown} finnes allerede; velg et nytt navn");
            }
            let scratch = tempfile::tempdir().context("kunne ikke lage en midlertidig mappe")?;
            let file = scratch.path().join(key);
            copy_database(db, database_url, &file).await?;
            storage
                .put_file(key, &file)
                .await
                .with_context(|| format!("kunne ikke laste opp til {shown}"))?;
        }
    }
    Ok(place.shown())
}

/// Writes a consistent copy of `db` to the new file `target`.
async fn copy_database(db: &Db, database_url: &str, target: &Path) -> anyhow::Result<()> {
    if target.exists() {
        bail!("{} finnes allerede; velg et nytt filnavn", target.display());
    }
    match db {
        Db::Sqlite(pool) => {
            let target = target.to_str().context("filnavnet må være gyldig UTF-8")?;
            fagfolk_data::db::files::vacuum_into(pool, target).await.context("VACUUM INTO feilet")?;
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

/// What a restored database holds, printed after a restore.
#[derive(Debug)]
pub struct Restored {
    pub counts: Vec<(&'static str, i64)>,
    /// The newest audit entry: the last change the copy knows of.
    pub last_change: Option<DateTime<Utc>>,
}

/// Tables counted after a restore: what staff would look for first.
const COUNTED: [&str; 6] =
    ["leads", "contact_submissions", "admin_users", "services_admin", "media", "audit_logs"];

/// Restores the backup at `source` into the new database `database_url`.
pub async fn restore(
    database_url: &str,
    source: &str,
    options: &[(String, String)],
) -> anyhow::Result<Restored> {
    let place = Place::parse(source, options)?;
    let scratch = tempfile::tempdir().context("kunne ikke lage en midlertidig mappe")?;
    let file = match &place {
        Place::File(path) => {
            ensure!(path.is_file(), "fant ikke {}", path.display());
            path.clone()
        }
        Place::Bucket { storage, key, shown } => {
            let file = scratch.path().join(key);
            storage.get_file(key, &file).await.with_context(|| format!("kunne ikke hente {shown}"))?;
            file
        }
    };
    if database_url.starts_with("sqlite:") {
        use std::str::FromStr;
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(database_url)
            .context("DATABASE_URL: ugyldig SQLite-adresse")?;
        restore_sqlite(&file, options.get_filename()).await?;
    } else {
        restore_postgres(&file, database_url).await?;
    }
    let db = Db::connect(database_url).await?;
    let mut counts = Vec::new();
    for table in COUNTED {
        // The table names are the constants above, never input.
        counts.push((table, fagfolk_data::db::files::row_count(&db, table).await?));
    }
    let last_change = fagfolk_data::db::files::last_audit_entry(&db).await?;
    db.close().await;
    Ok(Restored { counts, last_change })
}

/// Checks that `file` is a sound Fagfolk SQLite database and copies it to `target`, which
/// must not exist (nor its write-ahead log, which would be replayed over the copy).
async fn restore_sqlite(file: &Path, target: &Path) -> anyhow::Result<()> {
    for path in [target.to_path_buf(), PathBuf::from(format!("{}-wal", target.display()))] {
        if path.exists() {
            bail!("{} finnes allerede; stopp nettstedet og flytt den bort først", path.display());
        }
    }
    let (checked, migrated) = fagfolk_data::db::files::check_sqlite_file(file).await?;
    ensure!(checked.iter().all(|line| line == "ok"), "kopien er skadet: {}", checked[0]);
    ensure!(migrated, "kopien er ikke en Fagfolk-database");
    if let Some(folder) = target.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("kunne ikke opprette {}", folder.display()))?;
    }
    std::fs::copy(file, target).with_context(|| format!("kunne ikke skrive {}", target.display()))?;
    Ok(())
}

/// `pg_restore` of `file` into the database at `url`, which must have no tables.
async fn restore_postgres(file: &Path, url: &str) -> anyhow::Result<()> {
    let db = Db::connect(url).await?;
    let tables = fagfolk_data::db::files::postgres_tables(&db).await?;
    db.close().await;
    ensure!(tables == 0, "databasen har {tables} tabeller fra før; gjenopprett til en ny, tom database");
    let status = tokio::process::Command::new("pg_restore")
        .args(["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname"])
        .arg(url)
        .arg(file)
        .status()
        .await
        .context("kunne ikke starte pg_restore (installer PostgreSQL-klienten)")?;
    ensure!(status.success(), "pg_restore feilet ({status})");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_target_ending_in_a_slash_gets_a_name_with_the_time() {
        let db = Db::connect("sqlite::memory:").await.unwrap();
        let now = DateTime::parse_from_rfc3339("2026-11-23T03:00:05Z").unwrap().with_timezone(&Utc);
        let Place::File(path) = Place::target("/var/backups/fagfolk/", &db, now, &[]).unwrap() else {
            panic!("a folder is a file place");
        };
        assert_eq!(path, Path::new("/var/backups/fagfolk/fagfolk-20261123-030005.db"));
        let Place::File(path) = Place::target("kopi.db", &db, now, &[]).unwrap() else { panic!() };
        assert_eq!(path, Path::new("kopi.db"));
        let Place::Bucket { key, shown, .. } = Place::target("s3://kopier/natt/", &db, now, &[]).unwrap()
        else {
            panic!("an s3 address is a bucket");
        };
        assert_eq!(
            (key.as_str(), shown.as_str()),
            ("fagfolk-20261123-030005.db", "s3://kopier/natt/fagfolk-20261123-030005.db")
        );
        assert!(Place::parse("s3://kopier/", &[]).is_err(), "a bucket address needs a file name");
    }
}
