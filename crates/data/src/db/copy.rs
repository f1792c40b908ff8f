//! `fagfolk migrate-db --to postgres://...`: a firm that started on the embedded SQLite
//! moves to PostgreSQL. Every table is copied row for row into an empty PostgreSQL
//! database (migrated first), with ids, timestamps and the audit log as they are, each
//! value converted to the column's PostgreSQL type; then the counts are compared.

use anyhow::{Context, bail};
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::sqlite::SqliteRow;
use sqlx::{QueryBuilder, Row, SqlitePool};
use sqlx_postgres::{PgPool, Postgres};
use uuid::Uuid;

/// Every table, parents before the tables that point at them. A table in the PostgreSQL
/// schema missing here stops the copy, so a new table cannot be left behind unnoticed.
const TABLES: [&str; 43] = [
    "categories",
    "admin_users",
    "services_admin",
    "media",
    "settings",
    "site_revision",
    "content_items",
    "media_variants",
    "leads",
    "lead_contacts",
    "contact_submissions",
    "contact_photos",
    "lead_notes",
    "lead_emails",
    "lead_merges",
    "quote_numbers",
    "quotes",
    "visits",
    "calendar_feeds",
    "jobs",
    "job_workers",
    "time_entries",
    "time_months",
    "job_materials",
    "job_contacts",
    "plan_days",
    "absences",
    "plan_notices",
    "invoice_numbers",
    "invoices",
    "payments",
    "invoice_sends",
    "invoice_reminders",
    "invoice_standings",
    "invoice_dues",
    "declarations",
    "declaration_photos",
    "document_links",
    "sessions",
    "password_resets",
    "login_attempts",
    "contact_attempts",
    "audit_logs",
];

/// Columns that point at rows of their own table: copied empty, then set once every row
/// is there.
const SELF_REFERENCES: [(&str, &str); 2] = [("leads", "duplicate_of"), ("invoices", "credited_id")];

/// Rows the migrations or the triggers write themselves, replaced by the copy.
/// `invoice_standings` and `invoice_dues` come after `invoices`, whose triggers count the
/// copied invoices into them: SQLite's counts then replace those.
const SEEDED: [&str; 3] = ["site_revision", "invoice_standings", "invoice_dues"];

/// One value on its way, as the PostgreSQL column wants it.
enum Value {
    Uuid(Option<Uuid>),
    Time(Option<DateTime<Utc>>),
    Date(Option<NaiveDate>),
    Bool(Option<bool>),
    Int(Option<i32>),
    BigInt(Option<i64>),
    Json(Option<serde_json::Value>),
    Bytes(Option<Vec<u8>>),
    Text(Option<String>),
}

fn read(row: &SqliteRow, column: &str, pg_type: &str) -> anyhow::Result<Value> {
    let context = || format!("kolonnen {column} ({pg_type})");
    Ok(match pg_type {
        "uuid" => Value::Uuid(row.try_get(column).with_context(context)?),
        "timestamptz" => Value::Time(row.try_get(column).with_context(context)?),
        "date" => Value::Date(row.try_get(column).with_context(context)?),
        "bool" => Value::Bool(row.try_get(column).with_context(context)?),
        "int2" | "int4" => Value::Int(row.try_get(column).with_context(context)?),
        "int8" => Value::BigInt(row.try_get(column).with_context(context)?),
        "json" | "jsonb" => {
            let text: Option<String> = row.try_get(column).with_context(context)?;
            let parsed = text.map(|text| serde_json::from_str(&text)).transpose().with_context(context)?;
            Value::Json(parsed)
        }
        "bytea" => Value::Bytes(row.try_get(column).with_context(context)?),
        "text" | "varchar" | "bpchar" => Value::Text(row.try_get(column).with_context(context)?),
        other => bail!("kolonnen {column} har en type kopien ikke kjenner: {other}"),
    })
}

fn bind(list: &mut sqlx::query_builder::Separated<'_, Postgres, &'static str>, value: Value) {
    match value {
        Value::Uuid(v) => list.push_bind(v),
        Value::Time(v) => list.push_bind(v),
        Value::Date(v) => list.push_bind(v),
        Value::Bool(v) => list.push_bind(v),
        Value::Int(v) => list.push_bind(v),
        Value::BigInt(v) => list.push_bind(v),
        Value::Json(v) => list.push_bind(v.map(sqlx::types::Json)),
        Value::Bytes(v) => list.push_bind(v),
        Value::Text(v) => list.push_bind(v),
    };
}

async fn count_pg(pool: &PgPool, table: &str) -> anyhow::Result<i64> {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await?;
    Ok(n)
}

/// Copies `from` into `to`, which must hold no data yet; answers each table's rows.
pub async fn sqlite_to_postgres(from: &SqlitePool, to: &PgPool) -> anyhow::Result<Vec<(&'static str, i64)>> {
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(to)
    .await?;
    for (table,) in &tables {
        if !TABLES.contains(&table.as_str()) {
            bail!("tabellen {table} er ikke med i kopien (crates/data/src/db/copy.rs)");
        }
    }
    for table in TABLES {
        if !SEEDED.contains(&table) && count_pg(to, table).await? > 0 {
            bail!("PostgreSQL-databasen er ikke tom: {table} har rader. Bruk en ny, tom database.");
        }
    }

    let mut tx = to.begin().await?;
    let mut counts = Vec::new();
    for table in TABLES {
        // A generated column (`invoices.standing`, migration 0046) is the database's own.
        let columns: Vec<(String, String)> = sqlx::query_as(
            "SELECT column_name::text, udt_name::text FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' \
             ORDER BY ordinal_position",
        )
        .bind(table)
        .fetch_all(&mut *tx)
        .await?;
        if SEEDED.contains(&table) {
            sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table}"))).execute(&mut *tx).await?;
        }
        let names: Vec<&str> = columns.iter().map(|(name, _)| name.as_str()).collect();
        let select = format!("SELECT {} FROM {table}", names.join(", "));
        let rows = sqlx::query(sqlx::AssertSqlSafe(select))
            .fetch_all(from)
            .await
            .with_context(|| format!("kunne ikke lese {table} fra SQLite"))?;
        let deferred: Vec<&str> =
            SELF_REFERENCES.iter().filter(|(t, _)| *t == table).map(|(_, column)| *column).collect();
        let mut later: Vec<(String, Value, Value)> = Vec::new();
        for chunk in rows.chunks(200) {
            let mut query =
                QueryBuilder::<Postgres>::new(format!("INSERT INTO {table} ({}) ", names.join(", ")));
            let mut values = Vec::new();
            for row in chunk {
                let mut one = Vec::new();
                for (name, pg_type) in &columns {
                    let value = read(row, name, pg_type).with_context(|| format!("i {table}"))?;
                    if deferred.contains(&name.as_str()) {
                        if !matches!(value, Value::Uuid(None)) {
                            later.push((name.clone(), read(row, "id", "uuid")?, value));
                        }
                        one.push(Value::Uuid(None));
                    } else {
                        one.push(value);
                    }
                }
                values.push(one);
            }
            query.push_values(values, |mut list, row| {
                for value in row {
                    bind(&mut list, value);
                }
            });
            query.build().execute(&mut *tx).await.with_context(|| format!("kunne ikke skrive {table}"))?;
        }
        for (column, id, value) in later {
            let mut query = QueryBuilder::<Postgres>::new(format!("UPDATE {table} SET {column} = "));
            let (Value::Uuid(target), Value::Uuid(id)) = (value, id) else { continue };
            query.push_bind(target).push(" WHERE id = ").push_bind(id);
            query.build().execute(&mut *tx).await?;
        }
        counts.push((table, rows.len() as i64));
    }
    tx.commit().await?;

    for (table, copied) in &counts {
        let there = count_pg(to, table).await?;
        if there != *copied {
            bail!("{table}: {copied} rader lest, men {there} i PostgreSQL");
        }
    }
    sqlx::query("ANALYZE").execute(to).await?;
    Ok(counts)
}
