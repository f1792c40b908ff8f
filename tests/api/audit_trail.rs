//! Every mutation and its audit entry commit together: with the audit log refusing every
//! insert (a trigger), each audited operation of `permissions::OPERATIONS` fails and leaves
//! every table exactly as it was.

use fagfolk::db::Db;
use fagfolk::db_run;
use serde_json::Value;

use crate::helpers::TestApp;
use crate::permissions::{Body, Fixtures, OPERATIONS, call};

/// Tables a mutation could touch.
const TABLES: [&str; 15] = [
    "leads",
    "lead_notes",
    "lead_contacts",
    "services_admin",
    "media",
    "admin_users",
    "settings",
    "sessions",
    "contact_submissions",
    "jobs",
    "job_workers",
    "time_entries",
    "job_materials",
    "job_contacts",
    "audit_logs",
];

/// The whole content of `table` as one text, in a stable order.
pub async fn fingerprint(db: &Db, table: &'static str) -> String {
    match db {
        Db::Postgres(pool) => {
            let sql =
                format!("SELECT COALESCE(string_agg(t::text, '|' ORDER BY t::text), '') FROM {table} t");
            let (text,): (String,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await.unwrap();
            text
        }
        Db::Sqlite(pool) => {
            let columns: Vec<(String,)> = sqlx::query_as("SELECT name FROM pragma_table_info($1)")
                .bind(table)
                .fetch_all(pool)
                .await
                .unwrap();
            let row =
                columns.iter().map(|(c,)| format!("quote(\"{c}\")")).collect::<Vec<_>>().join("||','||");
            let sql = format!(
                "SELECT COALESCE(group_concat(r, '|'), '') FROM (SELECT {row} AS r FROM {table} ORDER BY r)"
            );
            let (text,): (String,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await.unwrap();
            text
        }
    }
}

async fn snapshot(app: &TestApp) -> Vec<String> {
    let mut all = Vec::new();
    for table in TABLES {
        all.push(format!("{table}: {}", fingerprint(&app.state.db, table).await));
    }
    all
}

async fn break_the_audit_log(app: &TestApp) {
    db_run!(&app.state.db, pool => {
        let statements: &[&str] = match &app.state.db {
            Db::Sqlite(_) => &["CREATE TRIGGER audit_fails BEFORE INSERT ON audit_logs \
                                BEGIN SELECT RAISE(ABORT, 'revisjonsloggen feiler'); END"],
            Db::Postgres(_) => &[
                "CREATE FUNCTION audit_fails() RETURNS trigger AS $$ \
                 BEGIN RAISE EXCEPTION 'revisjonsloggen feiler'; END $$ LANGUAGE plpgsql",
                "CREATE TRIGGER audit_fails BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION audit_fails()",
            ],
        };
        for statement in statements {
            sqlx::raw_sql(sqlx::AssertSqlSafe(*statement)).execute(pool).await.unwrap();
        }
    });
}

async fn a_failing_audit_write_leaves_no_change_behind(app: TestApp) {
    let admin = app.admin().await;
    let fixtures = Fixtures::create(&app, &admin, "admin@fagfolk.test", 1).await;
    let files_before = app.media_files().await;
    break_the_audit_log(&app).await;
    let audited = OPERATIONS.iter().filter(|o| o.audit.is_some() && o.method != "GET");
    let mut checked = 0;
    for operation in audited {
        let path = fixtures.path(operation.path);
        let body = match operation.body {
            Body::Json(make) => Some(make(&fixtures)),
            _ => None,
        };
        let before = snapshot(&app).await;
        let response = call(&app, Some(&admin), operation, &path, body).await;
        let status = response.status().as_u16();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        let what = format!("{} {path}", operation.method);
        if matches!(operation.body, Body::Upload) {
            // An upload reports per file: the file failed, nothing of it is kept.
            assert_eq!(status, 200, "{what}: {answer}");
            assert_eq!(answer["uploaded"], serde_json::json!([]), "{what}: {answer}");
            assert_eq!(app.media_files().await, files_before, "{what}: no file without its row");
        } else {
            assert_eq!(status, 500, "{what}: {answer}");
        }
        assert_eq!(
            snapshot(&app).await,
            before,
            "{what} changed the database although its audit entry failed"
        );
        checked += 1;
    }
    assert!(checked >= 18, "checked {checked} audited operations");
    app.stop().await;
}

/// With a mailbox on a real socket, so the operations that e-mail (an invoice sent) get as
/// far as their audit entry, as in a firm that has e-mail.
mod by_mail {
    async fn a_failing_audit_write_leaves_no_change_behind(
        app: crate::helpers::TestApp,
        _mail: tokio::sync::mpsc::UnboundedReceiver<String>,
    ) {
        super::a_failing_audit_write_leaves_no_change_behind(app).await
    }

    crate::mail_tests!(a_failing_audit_write_leaves_no_change_behind);
}
