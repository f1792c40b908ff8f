//! Finding 2 of the second security review: one emoji at the start of a team member's
//! name took /, /kontakt and /kontraktpartnere out of the engine's reach (half of a
//! surrogate pair in the answer), and `/readyz` still said ready. Every text an editor can
//! save must render, on every page.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{PUBLIC_PATHS, Session, TestApp};

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    (status, response.text().await.unwrap().replace("<!-- -->", ""))
}

async fn add_member(admin: &Session, name: &str) -> reqwest::Response {
    let member = json!({ "kind": "team", "data": {
        "name": name, "title": "Elektriker", "description": "Fagbrev 2019.", "email": null, "phone": null,
        "pages": ["home", "contact", "partners"],
    }});
    admin.send(Method::POST, "/api/admin/content", &member).await
}

async fn add_review(admin: &Session, name: &str) -> reqwest::Response {
    let review = json!({ "kind": "review", "data": {
        "name": name, "place": "Oslo", "text": "Ryddig og presist arbeid.", "rating": 5, "service": "Nytt bad",
        "pages": ["home", "references"],
    }});
    admin.send(Method::POST, "/api/admin/content", &review).await
}

async fn readiness(app: &TestApp) -> Value {
    app.get("/readyz").await.json().await.unwrap()
}

/// The review's two names, replayed: the pages that show them render, keep taking later
/// edits, and `/readyz` names no failing page.
async fn an_emoji_or_astral_letter_first_in_a_name_renders_everywhere(app: TestApp) {
    let admin = app.admin().await;
    assert_eq!(add_member(&admin, "😀 Anne Berg").await.status(), 201);
    assert_eq!(add_review(&admin, "𝓐nne Lie").await.status(), 201);
    for (path, name) in [
        ("/", "😀 Anne Berg"),
        ("/kontakt", "😀 Anne Berg"),
        ("/kontraktpartnere", "😀 Anne Berg"),
        ("/referanser", "𝓐nne Lie"),
    ] {
        let (status, html) = page(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(html.contains(name), "{path} shows {name}");
        assert!(!html.contains('\u{FFFD}'), "{path}: no letter was cut in half");
    }
    // A later edit reaches the pages.
    assert_eq!(add_member(&admin, "Ola Etterpå").await.status(), 201);
    for path in ["/", "/kontakt"] {
        assert!(page(&app, path).await.1.contains("Ola Etterpå"), "{path} takes later edits");
    }
    assert_eq!(
        readiness(&app).await,
        json!({ "status": "ok", "database": "ok", "pages": "ok", "failing_pages": [] })
    );
    app.stop().await;
}

/// Characters an editor's keyboard, a pasted name or a phone can bring: emoji with skin
/// tones and joiners, flags, letters outside the basic plane, right-to-left text and
/// marks, combining accents, line and paragraph separators, zero-width characters.
const POOL: &[&str] = &[
    "a",
    "Ø",
    "å",
    "É",
    "ß",
    "😀",
    "👷🏽‍♀️",
    "🇳🇴",
    "𝓐",
    "𝔅",
    "𠜎",
    "漢",
    "ب",
    "א",
    "\u{200F}",
    "\u{202E}",
    "\u{2066}",
    "\u{2069}",
    "e\u{0301}",
    "\u{2028}",
    "\u{2029}",
    "\u{200D}",
    "\u{200C}",
    "\u{FEFF}",
    "\u{00A0}",
    " ",
    "-",
    "ﷺ",
    "\u{1F3FB}",
    "\u{E000}",
    "\u{10FFFD}",
];

fn random_name(rng: &mut StdRng) -> String {
    let length = rng.random_range(1..12);
    let name: String = (0..length).map(|_| POOL[rng.random_range(0..POOL.len())]).collect();
    // A name needs a visible letter somewhere, as the form asks for one.
    format!("{name}{}", POOL[rng.random_range(5..9)])
}

/// A property test: random Unicode names through team, reviews and the company name;
/// whatever is accepted renders on every public page, and nothing fails.
async fn any_unicode_text_that_is_saved_renders_on_every_page(app: TestApp) {
    let admin = app.admin().await;
    let seed = std::env::var("FAGFOLK_UNICODE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20_261_124);
    let mut rng = StdRng::seed_from_u64(seed);
    for round in 0..8 {
        let (member, reviewer, company) =
            (random_name(&mut rng), random_name(&mut rng), random_name(&mut rng));
        let saved = [add_member(&admin, &member).await, add_review(&admin, &reviewer).await];
        for response in saved {
            let status = response.status();
            let body: Value = response.json().await.unwrap();
            assert!(status == 201 || status == 422, "round {round} (seed {seed}): {status} {body}");
        }
        let mut settings: Value = admin.get("/api/admin/settings").await.json().await.unwrap();
        settings["company_name"] = company.clone().into();
        let response = admin.send(Method::PUT, "/api/admin/settings", &settings).await;
        let company_saved = response.status() == 200;
        for path in PUBLIC_PATHS {
            let (status, html) = page(&app, path).await;
            assert_eq!(status, 200, "round {round} (seed {seed}): {path}");
            if company_saved && path == "/" {
                assert!(html.contains(company.trim()), "round {round} (seed {seed}): {company:?} on /");
            }
        }
        let ready = readiness(&app).await;
        assert_eq!(ready["failing_pages"], json!([]), "round {round} (seed {seed}): {ready}");
    }
    app.stop().await;
}

crate::db_tests!(
    an_emoji_or_astral_letter_first_in_a_name_renders_everywhere,
    any_unicode_text_that_is_saved_renders_on_every_page
);
