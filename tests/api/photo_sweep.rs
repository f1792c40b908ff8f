//! Killing the real binary between a photo's upload and its enquiry (#28): after a restart
//! the sweep removes the photos nobody sent, files and rows, and an enquiry naming them is
//! refused rather than stored without them; a photo that was sent stays. SQLite and
//! PostgreSQL.

use std::time::Duration;

use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{ADMIN_PASSWORD, Served, phone_photo, sign_in_served};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_between_upload_and_enquiry_leaves_no_orphan_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("foto.db").display());
    kill_between_upload_and_enquiry(&database, &dir).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_between_upload_and_enquiry_leaves_no_orphan_on_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let (database, name) = crate::helpers::create_pg_database().await;
    kill_between_upload_and_enquiry(&database, &dir).await;
    crate::helpers::drop_pg_database(&name).await;
}

async fn upload(client: &reqwest::Client, server: &Served) -> String {
    let form = Form::new().part("photo", Part::bytes(phone_photo()).file_name("IMG_0042.jpg"));
    let response = client.post(server.url("/api/contact/photos")).multipart(form).send().await.unwrap();
    assert_eq!(response.status(), 201);
    response.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned()
}

fn enquiry(photos: &[&str]) -> Value {
    json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567",
        "message": "Se bildet.", "photos": photos,
    })
}

/// The photo files in the storage folder.
fn files(media: &std::path::Path) -> Vec<String> {
    match std::fs::read_dir(media.join("kontakt")) {
        Ok(entries) => {
            entries.map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect()
        }
        Err(_) => Vec::new(),
    }
}

async fn kill_between_upload_and_enquiry(database: &str, dir: &tempfile::TempDir) {
    let media = dir.path().join("media");
    let media_text = media.display().to_string();
    let env = [
        ("FAGFOLK_STORAGE", media_text.as_str()),
        ("FAGFOLK_ADMIN_EMAIL", "admin@fagfolk.test"),
        ("FAGFOLK_ADMIN_PASSWORD", ADMIN_PASSWORD),
        ("FAGFOLK_PHOTO_ORPHAN_SECS", "2"),
        ("FAGFOLK_PHOTO_SWEEP_SECS", "1"),
    ];
    let client = reqwest::Client::new();
    let first = Served::start(database, &[], &env, None).await;
    let (one, two) = (upload(&client, &first).await, upload(&client, &first).await);
    assert_eq!(files(&media).len(), 4, "two photos and their thumbnails");
    // SIGKILL: nothing runs on the way down.
    drop(first);

    let second = Served::start(database, &[], &env, None).await;
    let mut swept = false;
    for _ in 0..100 {
        if files(&media).is_empty() {
            swept = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(swept, "the sweep removed the photos nobody sent: {:?}", files(&media));
    let response =
        client.post(second.url("/api/contact")).json(&enquiry(&[&one, &two])).send().await.unwrap();
    assert_eq!(response.status(), 422, "never stored without its photos");
    assert_eq!(
        response.json::<Value>().await.unwrap()["fields"]["photos"],
        "Et av bildene er ikke lagret lenger. Fjern det og legg det til på nytt."
    );

    // A photo that is sent stays, however old it gets.
    let kept = upload(&client, &second).await;
    let response = client.post(second.url("/api/contact")).json(&enquiry(&[&kept])).send().await.unwrap();
    assert_eq!(response.status(), 201);
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(files(&media).len(), 2, "the sent photo and its thumbnail");
    let cookie = sign_in_served(&client, &second, "admin@fagfolk.test", ADMIN_PASSWORD).await;
    let leads = crate::helpers::served_json(&client, second.url("/api/admin/leads"), &cookie).await;
    assert_eq!(leads["total"], 1, "only the enquiry with its photo");
    let photo = client
        .get(second.url(&format!("/api/admin/photos/{kept}")))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(photo.status(), 200);
}
