//! The second security review's pictures (findings 1, 3, 10 and 12): files made to show
//! the size check one picture and the decoder another, pictures that fit the pixel limit
//! but not the memory, a strip too tall for WebP, truncated files, metadata on originals,
//! and a delete while the copies are being made. The server runs as its own process, so
//! that a picture that takes it down fails the test instead of the test run, and its peak
//! memory (VmHWM) is read from /proc.

use std::io::Cursor;
use std::time::Duration;

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{Served, TestApp};

const EMAIL: &str = "bilder@fagfolk.test";
const PASSWORD: &str = "lange bilder og tunge filer";
/// The ceiling the review set for any one upload, accepted or refused.
const PEAK_LIMIT_MB: u64 = 250;

pub(crate) fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x / 7) as u8, (y / 5) as u8, ((x + y) / 11) as u8])
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    chunk.extend_from_slice(&crc.sum().to_be_bytes());
    chunk
}

/// A PNG whose header (with a valid checksum) says `width` x `height` at `bit_depth` in
/// colour type `color`, followed by `idat` and an EXIF block turning it by `orientation`.
pub(crate) fn png_claiming(
    width: u32,
    height: u32,
    bit_depth: u8,
    color: u8,
    idat: &[u8],
    orientation: u8,
) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[bit_depth, color, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend_from_slice(&png_chunk(b"IHDR", &ihdr));
    let mut exif = b"MM\0\x2a\0\0\0\x08\0\x01".to_vec();
    exif.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
    png.extend_from_slice(&png_chunk(b"eXIf", &exif));
    png.extend_from_slice(&png_chunk(b"IDAT", idat));
    png.extend_from_slice(&png_chunk(b"IEND", b""));
    png
}

/// The review's decoy: `real` with its frame marker written `FF FF C0` (a fill byte the
/// decoder skips), so that a parser that reads `FF FF` as a segment jumps 48 KB ahead, to
/// a 16x16 frame hidden in a comment.
pub(crate) fn decoy(real: &[u8]) -> Vec<u8> {
    let sof = real.windows(2).position(|w| w == [0xFF, 0xC0]).expect("a baseline frame");
    let length = usize::from(u16::from_be_bytes([real[sof + 2], real[sof + 3]]));
    let frame_end = sof + 2 + length;
    let mut out = real[..sof].to_vec();
    out.push(0xFF);
    out.extend_from_slice(&real[sof..frame_end]);
    // Where a parser reading FF FF as a segment of length 0xC0nn lands.
    let p = sof;
    let landing = p + 2 + usize::from(u16::from_be_bytes([0xC0, real[sof + 2]]));
    let comment_start = out.len();
    let comment_len = landing + 20 - comment_start;
    out.extend_from_slice(&[0xFF, 0xFE]);
    out.extend_from_slice(&(comment_len as u16).to_be_bytes());
    out.resize(comment_start + 2 + comment_len, 0);
    out[landing..landing + 19].copy_from_slice(&[
        0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03,
        0x11, 0x01,
    ]);
    out.extend_from_slice(&real[frame_end..]);
    out
}

/// `real` with its frame claiming `width` x `height`.
pub(crate) fn jpeg_claiming(real: &[u8], width: u16, height: u16) -> Vec<u8> {
    let mut out = real.to_vec();
    let sof = out.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    out[sof + 5..sof + 7].copy_from_slice(&height.to_be_bytes());
    out[sof + 7..sof + 9].copy_from_slice(&width.to_be_bytes());
    out
}

/// A GIF whose logical screen is `width` x `height` around a 1x1 frame.
fn gif_screen(width: u16, height: u16) -> Vec<u8> {
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(&width.to_le_bytes());
    gif.extend_from_slice(&height.to_le_bytes());
    gif.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    gif.extend_from_slice(&[0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]);
    gif
}

/// A 16-bit RGBA PNG of `width` x `height` (real pixels), turned by the camera.
pub(crate) fn png16(width: u32, height: u32, orientation: u8) -> Vec<u8> {
    let img = image::ImageBuffer::<image::Rgba<u16>, _>::from_fn(width, height, |x, y| {
        image::Rgba([(x * 20) as u16, (y * 30) as u16, 4000, 65535])
    });
    let mut png = Vec::new();
    use image::ImageEncoder;
    let mut encoder = image::codecs::png::PngEncoder::new(&mut png);
    let mut exif = b"MM\0\x2a\0\0\0\x08\0\x01".to_vec();
    exif.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
    encoder.set_exif_metadata(exif).unwrap();
    let raw: Vec<u8> = img.as_raw().iter().flat_map(|v| v.to_be_bytes()).collect();
    encoder.write_image(&raw, width, height, image::ExtendedColorType::Rgba16).unwrap();
    png
}

async fn upload(
    client: &reqwest::Client,
    server: &Served,
    cookie: &str,
    name: &str,
    bytes: Vec<u8>,
) -> Value {
    let form = Form::new().part("files", Part::bytes(bytes).file_name(name.to_owned()));
    let response = client
        .post(server.url("/api/admin/media"))
        .header("cookie", cookie)
        .header("x-fagfolk-csrf", "1")
        .multipart(form)
        .send()
        .await
        .unwrap_or_else(|err| panic!("the server answers the upload of {name}: {err}"));
    assert_eq!(response.status(), 200, "{name}");
    response.json().await.unwrap()
}

/// Waits until `sql` (a count) answers 0 on the server's SQLite database.
async fn until_none(database: &str, sql: &'static str) {
    let pool = sqlx::SqlitePool::connect(database).await.unwrap();
    for _ in 0..1200 {
        let (left,): (i64,) = sqlx::query_as(sql).fetch_one(&pool).await.unwrap();
        if left == 0 {
            pool.close().await;
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("still waiting for: {sql}");
}

/// Waits for `line` in the server's log.
async fn until_logged(log: &std::path::Path, line: &str) {
    for _ in 0..1200 {
        if std::fs::read_to_string(log).unwrap_or_default().contains(line) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the log never said {line:?}");
}

async fn library(client: &reqwest::Client, server: &Served, cookie: &str) -> Vec<Value> {
    let response = client.get(server.url("/api/admin/media")).header("cookie", cookie).send().await.unwrap();
    response.json().await.unwrap()
}

fn failure(report: &Value) -> Option<&str> {
    report["failed"][0]["error"].as_str()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hostile_picture_corpus_never_takes_the_server_down_nor_past_250_mb() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("bilder.db").display());
    let env = [
        ("FAGFOLK_ADMIN_EMAIL", EMAIL),
        ("FAGFOLK_ADMIN_PASSWORD", PASSWORD),
        ("FAGFOLK_UPLOAD_LIMIT_MB", "20"),
    ];
    let server = Served::start(&database, &[], &env, None).await;
    let client = reqwest::Client::builder().timeout(Duration::from_secs(120)).build().unwrap();
    let cookie = crate::helpers::sign_in_served(&client, &server, EMAIL, PASSWORD).await;
    eprintln!(
        "hostile picture corpus: RSS peak before the uploads {} MB",
        crate::helpers::proc_status_kb(server.pid(), "VmHWM") / 1024
    );
    let too_large = "Bildet er for stort: høyst 50 megapiksler og 16 383 piksler på hver side.";
    let too_heavy = "Bildet krever for mye minne å behandle. Lagre det som vanlig JPEG eller PNG med færre piksler og prøv igjen.";

    // Finding 1: the size check and the decoder saw different frames.
    let claiming = decoy(&jpeg_claiming(&jpeg(64, 48), 65535, 65535));
    let fooled = imagesize::blob_size(&claiming).unwrap();
    assert_eq!((fooled.width, fooled.height), (16, 16), "a second parser sees the decoy");
    let report = upload(&client, &server, &cookie, "lokkedue.jpg", claiming).await;
    assert_eq!(failure(&report), Some(too_large), "the decoder's 65535 x 65535, not the decoy's 16 x 16");
    let real = decoy(&jpeg(2400, 1600));
    let report = upload(&client, &server, &cookie, "ekte-ramme.jpg", real).await;
    let stored = &report["uploaded"][0];
    assert_eq!((stored["width"].as_i64(), stored["height"].as_i64()), (Some(2400), Some(1600)));

    // Finding 3: within 50 megapixels, beyond memory; and a strip too tall for WebP.
    let report =
        upload(&client, &server, &cookie, "16bit.png", png_claiming(7071, 7071, 16, 6, b"x", 6)).await;
    assert_eq!(failure(&report), Some(too_heavy));
    let report = upload(&client, &server, &cookie, "skjerm.gif", gif_screen(7071, 7071)).await;
    assert_eq!(failure(&report), Some(too_heavy));
    let report =
        upload(&client, &server, &cookie, "stripe.png", png_claiming(1000, 40_000, 8, 2, b"x", 1)).await;
    assert_eq!(failure(&report), Some(too_large));

    // Accepted and heavy: 36 megapixels of JPEG, and 16-bit RGBA turned on its side.
    let report = upload(&client, &server, &cookie, "stor.jpg", jpeg(6000, 6000)).await;
    assert_eq!(report["uploaded"][0]["width"].as_i64(), Some(6000), "{report}");
    let report = upload(&client, &server, &cookie, "for-tung.jpg", jpeg(6400, 6400)).await;
    assert_eq!(failure(&report), Some(too_heavy), "41 megapixels decode to more than the budget");
    let report = upload(&client, &server, &cookie, "staende.png", png16(1800, 1200, 6)).await;
    let stored = &report["uploaded"][0];
    assert_eq!(
        (stored["width"].as_i64(), stored["height"].as_i64()),
        (Some(1200), Some(1800)),
        "shown upright"
    );

    // Truncated files: the header reads, the rest does not.
    let whole = jpeg(1200, 900);
    upload(&client, &server, &cookie, "halv.jpg", whole[..whole.len() / 2].to_vec()).await;
    let report =
        upload(&client, &server, &cookie, "odelagt.png", png_claiming(800, 600, 8, 2, b"not zlib", 1)).await;
    assert!(report["uploaded"][0]["id"].is_string(), "its header is a picture's: {report}");
    let report = upload(&client, &server, &cookie, "bare-start.png", b"\x89PNG\r\n\x1a\n\0\0".to_vec()).await;
    assert_eq!(failure(&report), Some("Bildet kunne ikke leses."));

    // Every picture tried, and those that decode with their copies.
    until_none(
        &database,
        "SELECT COUNT(*) FROM media WHERE type <> 'application/pdf' AND (variant_tries = 0 OR (alt <> 'odelagt' \
         AND alt <> 'halv' AND NOT EXISTS (SELECT 1 FROM media_variants v WHERE v.media_id = media.id)))",
    )
    .await;
    // A polyglot: a JPEG with a page after its end; what follows the picture is not kept.
    let mut polyglot = jpeg(40, 30);
    polyglot.extend_from_slice(b"<html><script>alert(document.cookie)</script></html>");
    let report = upload(&client, &server, &cookie, "side.html", polyglot).await;
    let url = report["uploaded"][0]["url"].as_str().expect("stored as the JPEG it starts as").to_owned();
    let served = client.get(server.url(&url)).send().await.unwrap().bytes().await.unwrap();
    assert!(!served.windows(7).any(|w| w == b"<script"), "the page after the picture is gone");
    assert!(served.ends_with(&[0xFF, 0xD9]), "the stored file ends where the picture ends");

    let library = library(&client, &server, &cookie).await;
    let copies = |name: &str| -> Vec<(i64, i64)> {
        let item = library.iter().find(|m| m["name"] == name).unwrap_or_else(|| panic!("{name} stored"));
        item["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| (v["width"].as_i64().unwrap(), v["height"].as_i64().unwrap()))
            .collect()
    };
    assert_eq!(copies("ekte-ramme"), [(480, 320), (960, 640), (1600, 1067)]);
    assert_eq!(copies("stor"), [(480, 480), (960, 960), (1600, 1600)]);
    assert_eq!(copies("staende"), [(480, 720), (960, 1440), (1200, 1800)], "turned upright");
    assert!(copies("odelagt").is_empty(), "it could not be decoded");

    let peak = crate::helpers::proc_status_kb(server.pid(), "VmHWM") / 1024;
    eprintln!("hostile picture corpus: peak RSS {peak} MB");
    assert!(peak < PEAK_LIMIT_MB, "peak RSS {peak} MB");
    let health = client.get(server.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 200, "the server is still up");
    drop(server);

    // A restart tries the broken picture once more, and the next start leaves it alone.
    let pool = sqlx::SqlitePool::connect(&database).await.unwrap();
    let tries = || async {
        let (tries,): (i64,) = sqlx::query_as("SELECT variant_tries FROM media WHERE name = 'odelagt'")
            .fetch_one(&pool)
            .await
            .unwrap();
        tries
    };
    assert_eq!(tries().await, 1);
    let mut logged = env.to_vec();
    logged.push(("RUST_LOG", "fagfolk=info"));
    for (start, expected) in [(1, 2), (2, 2)] {
        let log = dir.path().join(format!("start-{start}.log"));
        let server = Served::start(&database, &[], &logged, Some(&log)).await;
        until_logged(&log, "manglende bildevarianter gått gjennom").await;
        assert_eq!(tries().await, expected, "start {start}");
        drop(server);
    }
    pool.close().await;
}

/// Finding 10: an original's EXIF (where and with what it was taken) is gone before it is
/// stored, its orientation kept so that it still shows upright.
async fn originals_are_stored_without_their_metadata(app: TestApp) {
    let session = app.admin().await;
    let img = image::RgbImage::from_fn(64, 32, |x, _| image::Rgb([x as u8 * 4, 0, 0]));
    let mut photo = Vec::new();
    use image::ImageEncoder;
    let mut encoder = image::codecs::jpeg::JpegEncoder::new(&mut photo);
    let gps = b"GPSLatitude 59.9139 N GPSLongitude 10.7522 E Model iPhone 15 Pro";
    let mut exif = b"MM\0\x2a\0\0\0\x08\0\x02".to_vec();
    exif.extend_from_slice(&[0x01, 0x10, 0x00, 0x02, 0, 0, 0, gps.len() as u8, 0, 0, 0, 38]);
    exif.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
    exif.extend_from_slice(gps);
    encoder.set_exif_metadata(exif).unwrap();
    encoder.write_image(img.as_raw(), 64, 32, image::ExtendedColorType::Rgb8).unwrap();
    let form = Form::new().part("files", Part::bytes(photo).file_name("tak.jpg"));
    let response =
        session.request(reqwest::Method::POST, "/api/admin/media").multipart(form).send().await.unwrap();
    let report: Value = response.json().await.unwrap();
    let stored = &report["uploaded"][0];
    assert_eq!((stored["width"].as_i64(), stored["height"].as_i64()), (Some(32), Some(64)), "upright");
    let served = app.get(stored["url"].as_str().unwrap()).await.bytes().await.unwrap();
    assert!(!served.windows(8).any(|w| w == b"GPSLatit"), "no GPS in the public original");
    assert!(!served.windows(6).any(|w| w == b"iPhone"), "no phone model");
    let shown = image::load_from_memory(&served).unwrap();
    use image::ImageDecoder;
    let mut decoder = image::ImageReader::new(Cursor::new(&served[..]))
        .with_guessed_format()
        .unwrap()
        .into_decoder()
        .unwrap();
    assert_eq!(decoder.orientation().unwrap(), image::metadata::Orientation::Rotate90);
    assert_eq!((shown.width(), shown.height()), (64, 32), "the pixels as the camera stored them");
    app.stop().await;
}

/// Finding 12: a picture deleted while its copies are made leaves no copy behind.
async fn a_picture_deleted_while_its_copies_are_made_leaves_no_files(app: TestApp) {
    let session = app.admin().await;
    for round in 0..6 {
        let form =
            Form::new().part("files", Part::bytes(jpeg(2000, 1500)).file_name(format!("kort-{round}.jpg")));
        let report: Value = session
            .request(reqwest::Method::POST, "/api/admin/media")
            .multipart(form)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = report["uploaded"][0]["id"].as_str().unwrap().to_owned();
        // A little later each round, so that some deletes land while the copies are made.
        tokio::time::sleep(Duration::from_millis(40 * round)).await;
        assert_eq!(session.delete(&format!("/api/admin/media/{id}")).await.status(), 204);
    }
    // Wait for the background work to end: nothing is left in the storage, for good.
    let mut left = app.stored_keys().await;
    for _ in 0..600 {
        let _permit = app.state.image_work.acquire().await.unwrap();
        left = app.stored_keys().await;
        if left.is_empty() {
            break;
        }
        drop(_permit);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(left.is_empty(), "orphaned files: {left:?}");
    app.stop().await;
}

crate::db_tests!(
    originals_are_stored_without_their_metadata,
    a_picture_deleted_while_its_copies_are_made_leaves_no_files
);
