use std::io::Cursor;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, spawn_app_with};

/// A real picture of the given size, encoded as PNG or JPEG.
pub(crate) fn picture(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x * 7) as u8, (y * 5) as u8, 120]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// A PNG whose header promises 100 000 x 100 000 pixels.
pub(crate) fn bomb() -> Vec<u8> {
    claiming(100_000, 100_000)
}

/// A small PNG whose header claims `width` x `height` pixels, with the header's checksum
/// made right (only the header is read at upload).
fn claiming(width: u32, height: u32) -> Vec<u8> {
    claiming_in(width, height, 2)
}

/// As [`claiming`], in PNG colour type `color` (0 grey, 2 RGB, 6 RGBA).
fn claiming_in(width: u32, height: u32, color: u8) -> Vec<u8> {
    let mut png = picture(2, 2, image::ImageFormat::Png);
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    png[25] = color;
    let mut crc = flate2::Crc::new();
    crc.update(&png[12..29]);
    png[29..33].copy_from_slice(&crc.sum().to_be_bytes());
    png
}

async fn upload(session: &Session, files: Vec<(&str, Vec<u8>)>) -> reqwest::Response {
    let mut form = Form::new();
    for (name, bytes) in files {
        form = form.part("files", Part::bytes(bytes).file_name(name.to_owned()));
    }
    session.request(Method::POST, "/api/admin/media").multipart(form).send().await.unwrap()
}

/// The uploaded files in the media storage (the WebP variants made in the background left out).
async fn stored_files(app: &TestApp) -> Vec<String> {
    app.stored_keys().await.into_iter().filter(|name| !crate::helpers::is_variant(name)).collect()
}

async fn images_are_stored_with_dimensions_and_a_text_file_is_reported(app: TestApp) {
    let session = app.admin().await;
    let response = upload(
        &session,
        vec![
            ("Nytt kjøkken.jpg", picture(64, 48, image::ImageFormat::Jpeg)),
            ("bad.png", picture(30, 20, image::ImageFormat::Png)),
            ("notater.txt", b"bare tekst".to_vec()),
            ("tilbud.pdf", b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".to_vec()),
        ],
    )
    .await;
    assert_eq!(response.status(), 200);
    let report: Value = response.json().await.unwrap();
    let uploaded = report["uploaded"].as_array().unwrap();
    assert_eq!(uploaded.len(), 3);
    // A PDF is no picture: it has no size in pixels.
    assert_eq!(uploaded[2]["type"], "application/pdf");
    assert_eq!((uploaded[2]["width"].as_i64(), uploaded[2]["height"].as_i64()), (None, None));
    assert_eq!((uploaded[0]["width"].as_i64(), uploaded[0]["height"].as_i64()), (Some(64), Some(48)));
    assert_eq!(uploaded[0]["name"], "Nytt kjøkken");
    assert_eq!(uploaded[0]["alt"], Value::Null, "the file name is never the alt text (#25)");
    assert_eq!(uploaded[0]["type"], "image/jpeg");
    assert_eq!(uploaded[1]["name"], "bad");
    let png_bytes = picture(30, 20, image::ImageFormat::Png).len() as i64;
    assert_eq!(uploaded[1]["size_kb"].as_i64(), Some((png_bytes + 512) / 1024), "rounded to whole KB");
    assert_eq!(
        report["failed"],
        json!([{
            "name": "notater.txt",
            "error": "Filtypen støttes ikke. Last opp JPEG, PNG, WebP, GIF, AVIF eller PDF.",
        }])
    );
    assert_eq!(app.count("media").await, 3);
    assert_eq!(stored_files(&app).await.len(), 3);

    let url = uploaded[0]["url"].as_str().unwrap();
    assert!(url.starts_with("/media/") && url.ends_with("-nytt-kjokken.jpg"), "{url}");
    let served = app.get(url).await;
    assert_eq!(served.status(), 200);
    let headers = served.headers();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
    assert!(headers["content-security-policy"].to_str().unwrap().contains("sandbox"));
    assert_eq!(served.bytes().await.unwrap().len(), picture(64, 48, image::ImageFormat::Jpeg).len());
    app.stop().await;
}

async fn hostile_files_are_refused_and_leave_nothing_behind(app: TestApp) {
    let session = app.admin().await;
    let svg =
        b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    let response = upload(
        &session,
        vec![
            ("ikke-et-bilde.jpg", b"MZ\x90\x00 dette er ikke et bilde".to_vec()),
            ("logo.svg", svg.to_vec()),
            ("bombe.png", bomb()),
            ("tom.png", Vec::new()),
        ],
    )
    .await;
    let report: Value = response.json().await.unwrap();
    let errors: Vec<&str> =
        report["failed"].as_array().unwrap().iter().map(|f| f["error"].as_str().unwrap()).collect();
    assert_eq!(
        errors,
        [
            "Filtypen støttes ikke. Last opp JPEG, PNG, WebP, GIF, AVIF eller PDF.",
            "SVG-filer tas ikke imot, fordi de kan inneholde skript.",
            "Bildet er for stort: høyst 50 megapiksler og 16 383 piksler på hver side.",
            "Filtypen støttes ikke. Last opp JPEG, PNG, WebP, GIF, AVIF eller PDF.",
        ]
    );
    assert_eq!(app.count("media").await, 0);
    assert!(stored_files(&app).await.is_empty());
    app.stop().await;
}

async fn a_jpeg_html_polyglot_is_served_as_an_inert_sandboxed_image(app: TestApp) {
    let session = app.admin().await;
    let mut polyglot = picture(4, 4, image::ImageFormat::Jpeg);
    polyglot.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>");
    let report: Value = upload(&session, vec![("side.html", polyglot)]).await.json().await.unwrap();
    let url = report["uploaded"][0]["url"].as_str().expect("stored as the JPEG it starts as").to_owned();
    assert!(url.ends_with(".jpg"), "named by its content, not by its name: {url}");
    let served = app.get(&url).await;
    assert_eq!(served.headers()["content-type"], "image/jpeg");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.headers()["content-security-policy"], "default-src 'none'; sandbox");
    app.stop().await;
}

async fn dangerous_names_are_made_safe_and_nothing_is_overwritten(app: TestApp) {
    let session = app.admin().await;
    let png = picture(4, 4, image::ImageFormat::Png);
    let long = format!("{}.png", "æ".repeat(400));
    let report: Value = upload(
        &session,
        vec![
            ("../../../etc/passwd.png", png.clone()),
            ("C:\\temp\\a\tb.png", png.clone()),
            (&long, png.clone()),
            ("same.png", png.clone()),
            ("same.png", png.clone()),
        ],
    )
    .await
    .json()
    .await
    .unwrap();
    let uploaded = report["uploaded"].as_array().unwrap_or_else(|| panic!("{report}"));
    assert_eq!(uploaded.len(), 5, "{report}");
    assert_eq!(uploaded[0]["name"], "passwd");
    assert_eq!(uploaded[1]["name"], "ab", "the Windows path and the tab are gone");
    let urls: Vec<&str> = uploaded.iter().map(|m| m["url"].as_str().unwrap()).collect();
    for url in &urls {
        let key = url.trim_start_matches("/media/");
        assert!(!key.contains("..") && !key.contains('/') && !key.contains('\0'), "{key}");
        assert!(key.len() < 100, "{key}");
    }
    assert_ne!(urls[3], urls[4], "a second file of the same name gets its own name");
    assert_eq!(stored_files(&app).await.len(), 5);

    // A NUL in the name breaks the form itself: the whole request is refused, cleanly.
    let response = upload(&session, vec![("a\0b.png", png.clone())]).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Opplastingen ble avbrutt eller er ødelagt. Prøv igjen.");
    assert_eq!(app.count("media").await, 5);
    assert_eq!(stored_files(&app).await.len(), 5);
    app.stop().await;
}

async fn too_large(backend: Backend) {
    let app = spawn_app_with(backend, &[("FAGFOLK_UPLOAD_LIMIT_MB", "1")]).await;
    let session = app.admin().await;
    let mut big = picture(8, 8, image::ImageFormat::Png);
    big.resize(1024 * 1024 + 10, 0);
    // Exactly the limit is allowed (a PDF, stored as sent; a picture loses what follows
    // its end, see `media::metadata`).
    let mut exact = b"%PDF-1.4\n".to_vec();
    exact.resize(1024 * 1024, b' ');
    let files = vec![
        ("stor.png", big),
        ("akkurat.pdf", exact),
        ("liten.png", picture(2, 2, image::ImageFormat::Png)),
    ];
    let report: Value = upload(&session, files).await.json().await.unwrap();
    assert_eq!(report["failed"].as_array().unwrap().len(), 1, "{report}");
    assert_eq!(report["failed"][0]["name"], "stor.png");
    assert_eq!(report["failed"][0]["error"], "Filen er større enn 1 MB.");
    assert_eq!(report["uploaded"].as_array().unwrap().len(), 2, "the other files still go in");
    assert_eq!(report["uploaded"][0]["size_kb"], 1024, "1 MiB, in whole kilobytes");
    assert_eq!(report["uploaded"][1]["size_kb"], 0, "a few bytes round down to 0 KB");
    assert_eq!(app.count("media").await, 2);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_over_the_limit_is_refused_on_sqlite() {
    too_large(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_over_the_limit_is_refused_on_postgres() {
    too_large(Backend::Postgres).await;
}

async fn alt_text_is_editable_searchable_and_a_file_can_be_deleted(app: TestApp) {
    let session = app.admin().await;
    let report: Value = upload(&session, vec![("IMG_0001.png", picture(3, 3, image::ImageFormat::Png))])
        .await
        .json()
        .await
        .unwrap();
    let media = &report["uploaded"][0];
    let path = format!("/api/admin/media/{}", media["id"].as_str().unwrap());
    let updated: Value = session
        .send(Method::PUT, &path, &json!({ "alt": "Flislagt bad på Frogner" }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(updated["alt"], "Flislagt bad på Frogner");
    let found: Value = session.get("/api/admin/media?q=FROGNER").await.json().await.unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1);
    let searched: Value = session.get("/api/admin/search?q=frogner").await.json().await.unwrap();
    assert_eq!(searched["media"][0]["title"], "Flislagt bad på Frogner", "Ctrl+K finds it too");
    let none: Value = session.get("/api/admin/media?q=kjøkken").await.json().await.unwrap();
    assert!(none.as_array().unwrap().is_empty());
    // Norwegian letters fold too (SQLite's LOWER() folds A-Z only).
    let found: Value = session.get("/api/admin/media?q=P%C3%85%20FROGNER").await.json().await.unwrap();
    assert_eq!(found.as_array().unwrap().len(), 1, "«PÅ FROGNER» finds «på Frogner»");
    let searched: Value = session.get("/api/admin/search?q=P%C3%85%20frogner").await.json().await.unwrap();
    assert_eq!(searched["media"].as_array().unwrap().len(), 1, "and so does Ctrl+K");

    // 300 characters is the longest alt text; one more is refused and nothing changes.
    let longest = "æ".repeat(300);
    let saved = session.send(Method::PUT, &path, &json!({ "alt": longest })).await;
    assert_eq!(saved.status(), 200);
    let too_long = session.send(Method::PUT, &path, &json!({ "alt": "æ".repeat(301) })).await;
    assert_eq!(too_long.status(), 422);
    let body: Value = too_long.json().await.unwrap();
    assert_eq!(body["fields"]["alt"], "Kan ikke være lengre enn 300 tegn.");
    let kept: Value = session.get("/api/admin/media").await.json().await.unwrap();
    assert_eq!(kept[0]["alt"], longest.as_str());

    assert_eq!(session.delete(&path).await.status(), 204);
    assert_eq!(app.count("media").await, 0);
    assert!(stored_files(&app).await.is_empty(), "the file is gone too");
    assert_eq!(app.get(media["url"].as_str().unwrap()).await.status(), 404);
    app.stop().await;
}

async fn a_request_that_is_not_a_multipart_form_is_refused(app: TestApp) {
    let session = app.admin().await;
    let response = session.send(Method::POST, "/api/admin/media", &json!({ "files": [] })).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Opplastingen må sendes som multipart/form-data med feltet «files».");
    let empty = session
        .request(Method::POST, "/api/admin/media")
        .multipart(Form::new().text("annet", "x"))
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), 422);
    app.stop().await;
}

/// Twenty files per upload; the rest are named in `failed`, and nothing of them is stored.
async fn at_most_twenty_files_go_in_per_upload(app: TestApp) {
    let session = app.admin().await;
    let names: Vec<String> = (1..=22).map(|n| format!("bilde-{n}.png")).collect();
    let files = names.iter().map(|name| (name.as_str(), picture(2, 2, image::ImageFormat::Png))).collect();
    let report: Value = upload(&session, files).await.json().await.unwrap();
    assert_eq!(report["uploaded"].as_array().unwrap().len(), 20);
    assert_eq!(
        report["failed"],
        json!([
            { "name": "bilde-21.png", "error": "Høyst 20 filer per opplasting." },
            { "name": "bilde-22.png", "error": "Høyst 20 filer per opplasting." },
        ])
    );
    assert_eq!(app.count("media").await, 20);
    app.stop().await;
}

/// 50 megapixels is the most a picture may have, and a picture needs both sides. (A grey
/// picture: 50 megapixels of colour decode to more than the memory a picture may take,
/// see `tests/api/hostile_pictures.rs`.)
async fn pictures_may_have_at_most_fifty_megapixels_and_no_empty_side(app: TestApp) {
    let session = app.admin().await;
    let files = vec![
        ("akkurat.png", claiming_in(10_000, 5_000, 0)),
        ("for-stor.png", claiming_in(10_000, 5_001, 0)),
        ("uten-bredde.png", claiming(0, 5)),
        ("uten-hoyde.png", claiming(5, 0)),
    ];
    let report: Value = upload(&session, files).await.json().await.unwrap();
    assert_eq!(report["uploaded"].as_array().unwrap().len(), 1, "{report}");
    assert_eq!(
        (report["uploaded"][0]["width"].as_i64(), report["uploaded"][0]["height"].as_i64()),
        (Some(10_000), Some(5_000))
    );
    let refused: Vec<&str> =
        report["failed"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(refused, ["for-stor.png", "uten-bredde.png", "uten-hoyde.png"]);
    app.stop().await;
}

/// A picture whose file has gone from the storage (a bucket emptied by hand, a folder
/// restored without it) answers 404, and the server goes on.
async fn a_picture_whose_file_is_gone_answers_not_found(app: TestApp) {
    let session = app.admin().await;
    let report: Value = upload(&session, vec![("borte.png", picture(3, 3, image::ImageFormat::Png))])
        .await
        .json()
        .await
        .unwrap();
    let url = report["uploaded"][0]["url"].as_str().unwrap().to_owned();
    assert_eq!(app.get(&url).await.status(), 200);
    app.state.storage.delete(url.trim_start_matches("/media/")).await.unwrap();
    assert_eq!(app.get(&url).await.status(), 404);
    assert_eq!(app.get("/healthz").await.status(), 200);
    app.stop().await;
}

crate::s3_tests!(
    a_picture_whose_file_is_gone_answers_not_found,
    images_are_stored_with_dimensions_and_a_text_file_is_reported,
    hostile_files_are_refused_and_leave_nothing_behind,
    a_jpeg_html_polyglot_is_served_as_an_inert_sandboxed_image,
    dangerous_names_are_made_safe_and_nothing_is_overwritten,
    alt_text_is_editable_searchable_and_a_file_can_be_deleted,
);

crate::db_tests!(
    a_picture_whose_file_is_gone_answers_not_found,
    pictures_may_have_at_most_fifty_megapixels_and_no_empty_side,
    at_most_twenty_files_go_in_per_upload,
    images_are_stored_with_dimensions_and_a_text_file_is_reported,
    hostile_files_are_refused_and_leave_nothing_behind,
    a_jpeg_html_polyglot_is_served_as_an_inert_sandboxed_image,
    dangerous_names_are_made_safe_and_nothing_is_overwritten,
    alt_text_is_editable_searchable_and_a_file_can_be_deleted,
    a_request_that_is_not_a_multipart_form_is_refused,
);
