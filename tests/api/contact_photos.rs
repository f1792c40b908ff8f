//! Photos on the contact form (#28): uploaded as the visitor picks them, each checked by
//! its content, turned upright and written again without its metadata, claimed by its
//! enquiry or swept, private to staff, limited per address, and part of a person's
//! export and erasure, on SQLite and PostgreSQL.

use std::io::Cursor;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{Session, TestApp, phone_photo};

/// Uploads `bytes` as the contact form does.
async fn upload(app: &TestApp, bytes: Vec<u8>, name: &str) -> reqwest::Response {
    let form = Form::new().part("photo", Part::bytes(bytes).file_name(name.to_owned()));
    app.client.post(app.url("/api/contact/photos")).multipart(form).send().await.unwrap()
}

async fn uploaded(app: &TestApp, bytes: Vec<u8>) -> String {
    let response = upload(app, bytes, "bilde.jpg").await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    body["id"].as_str().unwrap().to_owned()
}

fn enquiry(photos: &[&str]) -> Value {
    json!({
        "name": "Kari Nordmann", "email": "kari@example.no", "phone": "912 34 567",
        "message": "Se bildene av vasken.", "photos": photos,
    })
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    crate::media::picture(width, height, image::ImageFormat::Jpeg)
}

/// The newest lead's id.
async fn newest_lead(session: &Session) -> String {
    let leads = session.get_json("/api/admin/leads", &[]).await;
    leads["items"][0]["id"].as_str().unwrap().to_owned()
}

/// The files stored for the contact form's photos.
async fn photo_files(app: &TestApp) -> Vec<String> {
    app.stored_keys().await.into_iter().filter(|key| key.starts_with("kontakt/")).collect()
}

async fn a_phone_photo_is_stored_upright_without_exif_or_gps(app: TestApp) {
    let original = phone_photo();
    assert!(original.windows(5).any(|w| w == b"Apple"), "the test's photo carries its metadata");
    let response = upload(&app, original, "IMG_0042.jpg").await;
    assert_eq!(response.status(), 201);
    let body: Value = response.json().await.unwrap();
    assert_eq!((body["width"].as_u64(), body["height"].as_u64()), (Some(32), Some(64)), "upright");
    let photo = body["id"].as_str().unwrap().to_owned();
    let second = uploaded(&app, jpeg(3000, 2000)).await;
    assert_eq!(app.post_json("/api/contact", &enquiry(&[&photo, &second])).await.status(), 201);

    let session = app.admin().await;
    let lead = newest_lead(&session).await;
    let from_customer = session.get_json(&format!("/api/admin/leads/{lead}/enquiry"), &[]).await;
    let listed: Vec<&str> =
        from_customer["photos"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(listed, [photo.as_str(), second.as_str()], "in the order sent");
    assert_eq!(from_customer["photos"][1]["width"], 2048, "shrunk to 2048 pixels at most");

    let stored = session.get(&format!("/api/admin/photos/{photo}")).await;
    assert_eq!(stored.status(), 200);
    assert_eq!(stored.headers()["content-type"], "image/jpeg");
    assert_eq!(stored.headers()["cache-control"], "no-store", "kept by no browser or proxy");
    let bytes = stored.bytes().await.unwrap();
    // The stored bytes: no EXIF block at all, so neither GPS nor the phone's make.
    assert!(!bytes.windows(6).any(|w| w == b"Exif\0\0"), "no EXIF");
    assert!(!bytes.windows(5).any(|w| w == b"Apple"), "no make");
    use image::ImageDecoder;
    let mut decoder = image::ImageReader::new(Cursor::new(&bytes[..]))
        .with_guessed_format()
        .unwrap()
        .into_decoder()
        .unwrap();
    assert!(decoder.exif_metadata().unwrap().is_none());
    let shown = image::load_from_memory(&bytes).unwrap().to_rgb8();
    assert_eq!((shown.width(), shown.height()), (32, 64), "the pixels themselves are upright");
    // Turned clockwise, the photo's left (red) half is on top.
    assert!(shown.get_pixel(16, 8)[0] > 150 && shown.get_pixel(16, 56)[2] > 150, "red above blue");

    let thumb = session.get(&format!("/api/admin/photos/{second}?size=liten")).await.bytes().await.unwrap();
    let thumb = image::load_from_memory(&thumb).unwrap();
    assert_eq!((thumb.width(), thumb.height()), (480, 320));
    let download = session.get(&format!("/api/admin/photos/{photo}?download=1")).await;
    assert!(
        download.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"bilde-")
    );
    app.stop().await;
}

async fn photos_are_for_staff_only(app: TestApp) {
    let photo = uploaded(&app, jpeg(40, 30)).await;
    let session = app.admin().await;
    assert_eq!(session.get(&format!("/api/admin/photos/{photo}")).await.status(), 404, "nobody's until sent");
    assert_eq!(app.post_json("/api/contact", &enquiry(&[&photo])).await.status(), 201);
    assert_eq!(session.get(&format!("/api/admin/photos/{photo}")).await.status(), 200);
    assert_eq!(app.get(&format!("/api/admin/photos/{photo}")).await.status(), 401, "no session");
    let other = uuid::Uuid::new_v4();
    assert_eq!(session.get(&format!("/api/admin/photos/{other}")).await.status(), 404, "another id");
    for guess in [
        format!("/media/kontakt/{photo}.jpg"),
        format!("/media/kontakt/{photo}-liten.jpg"),
        format!("/media/kontakt%2F{photo}.jpg"),
        format!("/kontakt/{photo}.jpg"),
        format!("/api/admin/photos/..%2Fkontakt%2F{photo}.jpg"),
    ] {
        let status = app.get(&guess).await.status().as_u16();
        assert!([401, 404].contains(&status), "{guess}: {status}");
    }
    assert_eq!(photo_files(&app).await.len(), 2, "the photo and its thumbnail, under kontakt/");
    app.stop().await;
}

async fn files_that_are_not_photos_are_refused_and_nothing_is_kept(app: TestApp) {
    let refused = |bytes: Vec<u8>, name: &'static str| {
        let app = &app;
        async move {
            let response = upload(app, bytes, name).await;
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap();
            (status, body["fields"]["photo"].as_str().unwrap_or_default().to_owned())
        }
    };
    let (status, message) = refused(b"<html><script>alert(1)</script></html>".to_vec(), "vask.jpg").await;
    assert_eq!(
        (status, message.as_str()),
        (422, "Filtypen støttes ikke. Legg til bilder i JPEG, PNG eller WebP.")
    );
    // A PNG whose header promises 100 000 x 100 000 pixels: refused before decoding.
    let bomb = crate::media::bomb();
    let (status, message) = refused(bomb, "bombe.png").await;
    assert_eq!(status, 422);
    assert!(message.starts_with("Bildet er for stort"), "{message}");
    let (status, message) = refused(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic".to_vec(), "IMG_1.HEIC").await;
    assert_eq!(status, 422);
    assert!(message.contains("«Mest kompatibel»"), "{message}");
    let (status, message) = refused(vec![0xFF; 10 * 1024 * 1024 + 1], "stor.jpg").await;
    assert_eq!((status, message.as_str()), (422, "Bildet er større enn 10 MB. Velg et mindre bilde."));
    let (status, message) = refused(b"\xFF\xD8\xFF\xE0 ikke noe bilde".to_vec(), "lur.jpg").await;
    assert_eq!((status, message.as_str()), (422, "Bildet kunne ikke leses."));
    assert_eq!(app.count("contact_photos").await, 0, "no row kept");
    assert!(photo_files(&app).await.is_empty(), "no file kept");
    app.stop().await;
}

async fn an_enquiry_is_stored_with_all_its_photos_or_not_at_all(app: TestApp) {
    let gone = "Et av bildene er ikke lagret lenger. Fjern det og legg det til på nytt.";
    let photo = uploaded(&app, jpeg(40, 30)).await;
    let never = uuid::Uuid::new_v4().to_string();
    let response = app.post_json("/api/contact", &enquiry(&[&photo, &never])).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.json::<Value>().await.unwrap()["fields"]["photos"], gone);
    assert_eq!((app.count("contact_submissions").await, app.count("leads").await), (0, 0));
    let six: Vec<String> = (0..6).map(|_| uuid::Uuid::new_v4().to_string()).collect();
    let six: Vec<&str> = six.iter().map(String::as_str).collect();
    let response = app.post_json("/api/contact", &enquiry(&six)).await;
    assert_eq!(
        response.json::<Value>().await.unwrap()["fields"]["photos"],
        "Høyst 5 bilder per henvendelse."
    );

    assert_eq!(app.post_json("/api/contact", &enquiry(&[&photo])).await.status(), 201);
    // A photo is one enquiry's: a second naming it is refused.
    let response = app.post_json("/api/contact", &enquiry(&[&photo])).await;
    assert_eq!(response.status(), 422);
    assert_eq!(app.count("contact_submissions").await, 1);
    app.stop().await;
}

async fn a_burst_of_uploads_from_one_address_is_limited(app: TestApp) {
    // FAGFOLK_CONTACT_LIMIT=1 (below): five photos per window from one address.
    let photo = jpeg(60, 40);
    let burst = (0..12).map(|_| upload(&app, photo.clone(), "bilde.jpg"));
    let answers = futures::future::join_all(burst).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 5, "{statuses:?}");
    assert!(statuses.iter().all(|s| [201, 429].contains(s)), "{statuses:?}");
    let last = answers.into_iter().find(|r| r.status() == 429).unwrap();
    assert!(last.headers().contains_key("retry-after"));
    let body: Value = last.json().await.unwrap();
    assert_eq!(
        body["error"],
        "Du har lastet opp mange bilder på kort tid. Vent litt og prøv igjen, eller send henvendelsen uten flere bilder."
    );
    assert_eq!(app.count("contact_photos").await, 5);
    app.stop().await;
}

async fn a_persons_photos_are_exported_and_erased_from_the_storage(app: TestApp) {
    let photo = uploaded(&app, jpeg(40, 30)).await;
    assert_eq!(app.post_json("/api/contact", &enquiry(&[&photo])).await.status(), 201);
    let session = app.admin().await;
    let person = json!({ "person": "kari@example.no" });
    let export: Value =
        session.send(Method::POST, "/api/admin/privacy/export", &person).await.json().await.unwrap();
    assert_eq!(export["photos"][0]["id"], photo);
    use base64::Engine;
    let jpeg = base64::engine::general_purpose::STANDARD
        .decode(export["photos"][0]["jpeg_base64"].as_str().unwrap())
        .unwrap();
    assert_eq!(image::load_from_memory(&jpeg).unwrap().width(), 40, "the photo itself");

    assert_eq!(photo_files(&app).await.len(), 2);
    assert_eq!(session.send(Method::POST, "/api/admin/privacy/erase", &person).await.status(), 200);
    assert!(photo_files(&app).await.is_empty(), "gone from the storage at once");
    assert_eq!(app.count("contact_photos").await, 0);
    assert_eq!(session.get(&format!("/api/admin/photos/{photo}")).await.status(), 404);
    app.stop().await;
}

/// The retention rule takes an old lead's photos (from the storage, at the next sweep)
/// and its befaringer, and leaves another lead's.
async fn the_retention_rule_takes_a_leads_photos_and_befaringer(app: TestApp) {
    let old = uploaded(&app, jpeg(40, 30)).await;
    assert_eq!(app.post_json("/api/contact", &enquiry(&[&old])).await.status(), 201);
    let session = app.admin().await;
    let lead = newest_lead(&session).await;
    let me = session.get_json("/api/auth/session", &[]).await["user"]["id"].as_str().unwrap().to_owned();
    let booking =
        json!({ "day": crate::helpers::oslo_day(1), "start": "09:00", "minutes": 60, "staff_id": me });
    let booked = session.send(Method::POST, &format!("/api/admin/leads/{lead}/visits"), &booking).await;
    assert_eq!(booked.status(), 201);
    let won = session
        .send(Method::PATCH, &format!("/api/admin/leads/{lead}/status"), &json!({ "status": "Vunnet" }))
        .await;
    assert_eq!(won.status(), 200);
    let months = session.send(Method::PUT, "/api/admin/privacy/retention", &json!({ "months": 6 })).await;
    assert_eq!(months.status(), 200);
    app.state.clock.advance(chrono::Duration::days(200));
    // A newer customer's photo, sent after the clock moved on, stays.
    let kept = uploaded(&app, jpeg(40, 30)).await;
    let newer = json!({ "name": "Nina Ny", "email": "nina@example.no", "phone": "922 22 222", "message": "Nytt bad.", "photos": [kept] });
    assert_eq!(app.post_json("/api/contact", &newer).await.status(), 201);
    assert_eq!(app.count("visits").await, 1);

    assert_eq!(fagfolk::privacy::apply_retention(&app.state.db, app.state.clock.now()).await.unwrap(), 1);
    assert_eq!(app.count("visits").await, 0, "the befaring went with the lead's personal data");
    assert_eq!(photo_files(&app).await.len(), 4, "the files wait for the sweep");
    assert_eq!(fagfolk::contact::sweep::sweep(&app.state).await.unwrap(), 1);
    let files = photo_files(&app).await;
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files.iter().all(|file| file.contains(&kept)), "only the newer customer's: {files:?}");
    let admin = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    assert_eq!(admin.get(&format!("/api/admin/photos/{old}")).await.status(), 404);
    assert_eq!(admin.get(&format!("/api/admin/photos/{kept}")).await.status(), 200);
    app.stop().await;
}

/// The contact page's form posted without JavaScript (`multipart/form-data`) carries its
/// photos; a refused post keeps those it stored, and the page sends them again.
async fn the_form_without_javascript_carries_its_photos(app: TestApp) {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let post = |phone: &'static str, photos: Vec<(Vec<u8>, &'static str)>, kept: Vec<String>| {
        let mut form = Form::new()
            .text("name", "Kari Nordmann")
            .text("email", "kari@example.no")
            .text("phone", phone)
            .text("message", "Se bildet av vasken.")
            .text("website", "");
        for (bytes, name) in photos {
            form = form.part("photos", Part::bytes(bytes).file_name(name));
        }
        for id in kept {
            form = form.text("photo_ids", id);
        }
        client.post(app.url("/kontakt")).header("origin", app.url("")).multipart(form).send()
    };
    let refused = post("12", vec![(phone_photo(), "IMG_0042.jpg")], vec![]).await.unwrap();
    assert_eq!(refused.status(), 422);
    let html = refused.text().await.unwrap();
    assert!(html.contains("Skriv et gyldig telefonnummer"));
    assert!(html.contains("Lagt ved allerede: 1."), "the photo is kept");
    let marker = "name=\"photo_ids\" value=\"";
    let at = html.find(marker).expect("sent again by id") + marker.len();
    let kept = html[at..at + 36].to_owned();
    assert_eq!(app.count("contact_submissions").await, 0);

    let heic = post(
        "912 34 567",
        vec![(b"\0\0\0\x18ftypheic\0\0\0\0mif1".to_vec(), "IMG_1.HEIC")],
        vec![kept.clone()],
    )
    .await
    .unwrap();
    assert_eq!(heic.status(), 422);
    assert!(heic.text().await.unwrap().contains("«Mest kompatibel»"));
    assert_eq!(app.count("contact_submissions").await, 0, "a refused photo stores no enquiry");

    // The kept photo, a new one, and an empty part (no file chosen).
    let sent = post("912 34 567", vec![(jpeg(60, 40), "vask.jpg"), (Vec::new(), "")], vec![kept.clone()])
        .await
        .unwrap();
    assert_eq!(sent.status(), 303);
    let session = app.admin().await;
    let lead = newest_lead(&session).await;
    let from_customer = session.get_json(&format!("/api/admin/leads/{lead}/enquiry"), &[]).await;
    let photos = from_customer["photos"].as_array().unwrap();
    assert_eq!(photos.len(), 2, "{from_customer}");
    assert!(photos.iter().any(|photo| photo["id"] == kept && photo["width"] == 32 && photo["height"] == 64));

    // A form with more file parts than the form has is refused.
    let flood = post("912 34 567", (0..11).map(|_| (Vec::new(), "")).collect(), vec![]).await.unwrap();
    assert_eq!(flood.status(), 413);
    assert!(flood.text().await.unwrap().contains("Skjemaet har for mange filer."));
    app.stop().await;
}

const ONE_ENQUIRY: &[(&str, &str)] = &[("FAGFOLK_CONTACT_LIMIT", "1")];

crate::db_tests!(
    a_phone_photo_is_stored_upright_without_exif_or_gps,
    photos_are_for_staff_only,
    files_that_are_not_photos_are_refused_and_nothing_is_kept,
    an_enquiry_is_stored_with_all_its_photos_or_not_at_all,
    a_persons_photos_are_exported_and_erased_from_the_storage,
    the_retention_rule_takes_a_leads_photos_and_befaringer,
    the_form_without_javascript_carries_its_photos,
);

mod limited {
    use super::*;
    crate::db_tests_with!(super::ONE_ENQUIRY; a_burst_of_uploads_from_one_address_is_limited);
}
