//! The content store: `content_items`, each write with its audit entry in the same
//! transaction.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{ContentData, ContentItem, ContentKind};
use crate::audit::NewAudit;
use crate::db::Db;
use crate::{audited, db_run};

#[derive(sqlx::FromRow)]
struct Row {
    id: Uuid,
    kind: String,
    position: i64,
    hidden: bool,
    example: bool,
    data: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<Row> for ContentItem {
    type Error = sqlx::Error;

    fn try_from(row: Row) -> Result<Self, sqlx::Error> {
        let kind = ContentKind::parse(&row.kind)
            .ok_or_else(|| sqlx::Error::Decode(format!("ukjent innholdstype {}", row.kind).into()))?;
        let data =
            ContentData::from_stored(kind, &row.data).map_err(|err| sqlx::Error::Decode(err.into()))?;
        Ok(Self {
            id: row.id,
            kind,
            position: row.position,
            hidden: row.hidden,
            example: row.example,
            data,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

fn items(rows: Vec<Row>) -> Result<Vec<ContentItem>, sqlx::Error> {
    rows.into_iter().map(ContentItem::try_from).collect()
}

macro_rules! columns {
    () => {
        "SELECT id, kind, position, hidden, example, data, created_at, updated_at FROM content_items"
    };
}

/// Every item, or every item of one kind, each kind in its order.
pub async fn list(db: &Db, kind: Option<ContentKind>) -> Result<Vec<ContentItem>, sqlx::Error> {
    let kind = kind.map_or("", ContentKind::as_str);
    let rows: Vec<Row> = db_run!(db, pool => sqlx::query_as(concat!(
        columns!(),
        " WHERE ($1 = '' OR kind = $1) ORDER BY kind, position"
    ))
    .bind(kind)
    .fetch_all(pool)
    .await)?;
    items(rows)
}

/// The items the public pages show, each kind in its order.
pub async fn visible(db: &Db) -> Result<Vec<ContentItem>, sqlx::Error> {
    let rows: Vec<Row> = db_run!(db, pool => sqlx::query_as(concat!(
        columns!(),
        " WHERE hidden = $1 ORDER BY kind, position"
    ))
    .bind(false)
    .fetch_all(pool)
    .await)?;
    items(rows)
}

pub async fn get(db: &Db, id: Uuid) -> Result<Option<ContentItem>, sqlx::Error> {
    let row: Option<Row> = db_run!(db, pool => sqlx::query_as(concat!(columns!(), " WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    row.map(ContentItem::try_from).transpose()
}

/// Adds `item` last in its kind's order; answers the position it got. One statement, so
/// that on SQLite the transaction writes first and waits its turn behind other writers
/// (a read before the write would fail at once when another write came in between).
/// Adds `item` last among its kind; answers its position, or `None` (and writes nothing)
/// when its kind already has [`ContentKind::ceiling`] items.
pub async fn insert(db: &Db, item: &ContentItem, entry: &NewAudit) -> Result<Option<i64>, sqlx::Error> {
    let data = item.data.to_json().to_string();
    audited!(db, entry, tx => {
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM content_items WHERE kind = $1")
            .bind(item.kind.as_str())
            .fetch_one(&mut *tx)
            .await?;
        if count >= item.kind.ceiling() {
            return Ok(None);
        }
        let (position,): (i64,) = sqlx::query_as(
            "INSERT INTO content_items (id, kind, position, hidden, example, data, created_at, updated_at) \
             VALUES ($1, $2, (SELECT COALESCE(MAX(position) + 1, 0) FROM content_items WHERE kind = $2), \
             $3, $4, $5, $6, $7) RETURNING position",
        )
        .bind(item.id)
        .bind(item.kind.as_str())
        .bind(item.hidden)
        .bind(item.example)
        .bind(&data)
        .bind(item.created_at)
        .bind(item.updated_at)
        .fetch_one(&mut *tx)
        .await?;
        Some(position)
    })
}

/// Saves the fields and flags of `item`.
/// Saves the fields and flags of `item` in the caller's transaction.
pub async fn update_in(tx: &mut crate::db::Tx, item: &ContentItem) -> Result<(), sqlx::Error> {
    let data = item.data.to_json().to_string();
    crate::tx_run!(tx, conn => sqlx::query(
        "UPDATE content_items SET hidden = $2, example = $3, data = $4, updated_at = $5 WHERE id = $1",
    )
    .bind(item.id)
    .bind(item.hidden)
    .bind(item.example)
    .bind(&data)
    .bind(item.updated_at)
    .execute(conn)
    .await
    .map(|_| ()))
}

pub async fn update(db: &Db, item: &ContentItem, entry: &NewAudit) -> Result<(), sqlx::Error> {
    let data = item.data.to_json().to_string();
    audited!(db, entry, tx => {
        sqlx::query(
            "UPDATE content_items SET hidden = $2, example = $3, data = $4, updated_at = $5 WHERE id = $1",
        )
        .bind(item.id)
        .bind(item.hidden)
        .bind(item.example)
        .bind(&data)
        .bind(item.updated_at)
        .execute(&mut *tx)
        .await?;
    })
}

pub async fn delete(db: &Db, id: Uuid, entry: &NewAudit) -> Result<(), sqlx::Error> {
    audited!(db, entry, tx => {
        sqlx::query("DELETE FROM content_items WHERE id = $1").bind(id).execute(&mut *tx).await?;
    })
}

/// Puts the items of `kind` in the order of `ids`. Answers false, and changes nothing,
/// when `ids` are not exactly the kind's items (someone added or deleted one meanwhile).
/// It writes before it checks, so that on SQLite it waits its turn behind other writers.
pub async fn reorder(
    db: &Db,
    kind: ContentKind,
    ids: &[Uuid],
    entry: &NewAudit,
) -> Result<bool, sqlx::Error> {
    audited!(db, entry, tx => {
        let mut placed = 0;
        for (position, id) in ids.iter().enumerate() {
            placed += sqlx::query("UPDATE content_items SET position = $3 WHERE id = $1 AND kind = $2")
                .bind(id)
                .bind(kind.as_str())
                .bind(position as i64)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        }
        let (of_kind,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM content_items WHERE kind = $1")
            .bind(kind.as_str())
            .fetch_one(&mut *tx)
            .await?;
        // Every id placed once (a repeated id is placed twice), and none of the kind left out.
        let unique = ids.iter().collect::<std::collections::HashSet<_>>().len();
        if placed != ids.len() as u64 || unique != ids.len() || of_kind != ids.len() as i64 {
            return Ok(false);
        }
        true
    })
}

/// Adds an example item (the texts a new site ships with) of `kind` at `position`, in `tx`.
pub async fn insert_example_in(
    tx: &mut crate::db::Tx,
    kind: ContentKind,
    position: i64,
    data: &serde_json::Value,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    crate::tx_run!(tx, conn => sqlx::query(
        "INSERT INTO content_items (id, kind, position, hidden, example, data, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(Uuid::now_v7())
    .bind(kind.as_str())
    .bind(position)
    .bind(false)
    .bind(true)
    .bind(data.to_string())
    .bind(now)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))
}
