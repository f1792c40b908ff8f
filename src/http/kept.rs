//! Answers kept while nothing is committed: a read that costs milliseconds and is asked
//! again and again by the office (the dashboard with its "Å gjøre", a month's hours) is
//! made once, kept as the JSON it was sent as, and sent again as long as no transaction
//! has committed since (`fagfolk_data::db::commits`), for at most [`FOR`], since some of
//! what such a read says moves with the clock (the leads of the last seven days). A write
//! anywhere, by this instance, another one or a tool on the database, makes the next ask
//! read afresh: it costs what it did before (docs/BENCHMARKS.md, session 42).

use std::future::Future;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::header;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Serialize;

use super::error::{ApiError, ApiResult};
use fagfolk_data::db::Db;
use fagfolk_data::db::commits::Commits;

/// How long an answer is kept at most, even with nothing committed.
pub const FOR: Duration = Duration::from_secs(60);

/// How many answers are kept at once (the dashboard for an admin and for an editor, a few
/// months); the oldest goes first.
const MOST: usize = 16;

struct Answer {
    /// What was asked: the read and everything it depends on besides the database.
    key: String,
    token: String,
    at: Instant,
    body: Bytes,
}

#[derive(Default)]
pub struct Kept {
    commits: Commits,
    answers: Mutex<Vec<Answer>>,
}

impl Kept {
    /// The answer to `key` as JSON: the kept one while nothing has been committed since it
    /// was made, else `make`'s, kept for the next ask. `key` names the read and all it
    /// depends on besides the database: the day, the month, who may see what.
    pub async fn json<T, F, Fut>(&self, db: &Db, key: String, make: F) -> ApiResult<Response>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = ApiResult<T>>,
    {
        // Taken before the read, so that a commit during it leaves the answer kept under a
        // token that is already gone.
        let token = self.commits.token(db).await?;
        let kept = self
            .lock()
            .iter()
            .find(|answer| answer.key == key && answer.token == token && answer.at.elapsed() < FOR)
            .map(|answer| answer.body.clone());
        let body = match kept {
            Some(body) => body,
            None => {
                let body = Bytes::from(
                    serde_json::to_vec(&make().await?).map_err(|err| ApiError::Internal(err.into()))?,
                );
                let mut answers = self.lock();
                answers.retain(|answer| answer.key != key);
                if answers.len() >= MOST {
                    answers.remove(0);
                }
                answers.push(Answer { key, token, at: Instant::now(), body: body.clone() });
                body
            }
        };
        Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Answer>> {
        self.answers.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
