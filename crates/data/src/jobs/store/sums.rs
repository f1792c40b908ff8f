//! What a job's meter is made of, read for many jobs at once: the sums each job keeps
//! (migration 0049) and, to check them, the rows they are counted from
//! (`crate::jobs::sums_astray`).

use uuid::Uuid;

use crate::db::Db;
use crate::db_run;
use crate::jobs::meter;

/// The sums each of jobs `ids` keeps for its meter (migration 0049).
pub async fn sums_of(db: &Db, ids: &[Uuid]) -> Result<Vec<(Uuid, meter::Sums)>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(Uuid, i64, i64, i64)> = db_run!(db, pool => {
            let mut query = sqlx::QueryBuilder::new("SELECT id, used_sum, held_sum, extra_sum FROM jobs WHERE");
            crate::db::push_in(&mut query, "id", chunk);
            query.build_query_as().fetch_all(pool).await
        })?;
        found.extend(
            rows.into_iter().map(|(id, used, held, extra_used)| (id, meter::Sums { used, held, extra_used })),
        );
    }
    Ok(found)
}

/// Every job's id.
pub async fn ids(db: &Db) -> Result<Vec<Uuid>, sqlx::Error> {
    let rows: Vec<(Uuid,)> =
        db_run!(db, pool => sqlx::query_as("SELECT id FROM jobs").fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Time grouped for the meters of jobs `ids`: `(job_id, minutes, rate, extra, held, count)`.
pub async fn time_groups(
    db: &Db,
    ids: &[Uuid],
) -> Result<Vec<(Uuid, i32, i64, bool, bool, i64)>, sqlx::Error> {
    db_run!(db, pool => {
        let mut query = sqlx::QueryBuilder::new("SELECT job_id, minutes, rate, extra, held, COUNT(*) FROM time_entries WHERE");
        crate::db::push_in(&mut query, "job_id", ids);
        query.push(" GROUP BY job_id, minutes, rate, extra, held");
        query.build_query_as().fetch_all(pool).await
    })
}
