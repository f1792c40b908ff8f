//! A new firm replaces every example and every claim: afterwards no text the site shipped
//! with (the example content, the example company facts, the example founding year, the
//! example firm's promises) is in any public page's HTML, its JSON-LD included, and its
//! own logo is in the header, the browser's icons and the JSON-LD (#25).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{PUBLIC_PATHS, TestApp};

/// The shipped example content's own texts (people, projects, reviews, figures and
/// platforms by their names, titles, quotes and descriptions), the example company facts
/// the example founding year, the example promises (Innhold's and the pages' own words for
/// the promises of Innstillinger) and the drawn mark that stands in for a logo.
fn shipped_texts() -> Vec<String> {
    const OWN: [&str; 9] =
        ["name", "title", "description", "email", "phone", "place", "text", "label", "highlights"];
    let mut texts = Vec::new();
    for item in fagfolk_data::content::seed::items() {
        let fields = serde_json::to_value(&item).unwrap();
        for key in OWN {
            match &fields[key] {
                Value::String(text) => texts.push(text.clone()),
                Value::Array(items) => {
                    texts.extend(items.iter().filter_map(|i| i.as_str().map(str::to_owned)))
                }
                _ => {}
            }
        }
    }
    let facts = fagfolk_data::settings::seed::SEED_FACTS;
    texts.extend(
        [facts.company_name, facts.orgnr, facts.adresse, facts.email, facts.phone].map(str::to_owned),
    );
    texts.extend(["siden 2004".to_owned(), "2004".to_owned(), "Nordstrand".to_owned()]);
    // Every way the pages word the example firm's promises, which this firm does not make.
    texts.extend(
        [
            "Døgnvakt",
            "døgnvakt",
            "døgnet rundt",
            "hele døgnet",
            "døgnåpen",
            "24/7",
            "5 års garanti",
            "innen en time",
            "Under 1 time",
            "under én time",
            "ratis befaring",
            "indende pris",
            "Prisgaranti",
            "Mesterbedrift",
            "openingHoursSpecification",
            "/favicon.svg",
        ]
        .map(str::to_owned),
    );
    // A figure's one-word label ("kunder") is an ordinary word of any page.
    texts.retain(|text| {
        text.chars().count() >= 4
            && (text.contains(' ')
                || text.contains('/')
                || text.starts_with("døgn")
                || text.chars().any(|c| c.is_uppercase() || c.is_ascii_digit()))
    });
    texts.sort();
    texts.dedup();
    texts
}

async fn a_firm_that_replaces_every_example_shows_none_of_them(app: TestApp) {
    let admin = app.admin().await;
    let content: Value = admin.get("/api/admin/content").await.json().await.unwrap();
    for item in content.as_array().unwrap().iter().filter(|item| item["example"] == true) {
        let path = format!("/api/admin/content/{}", item["id"].as_str().unwrap());
        assert_eq!(admin.delete(&path).await.status(), 204);
    }
    for (kind, data) in [
        (
            "team",
            json!({ "name": "Trude Rørvik", "title": "Daglig leder", "description": "Rørleggermester.", "pages": ["home", "contact"] }),
        ),
        (
            "project",
            json!({ "title": "Nytt bad i Tromsøgata", "place": "Torshov, Oslo", "year": 2025, "type": "Baderom", "description": "Nytt bad med varmekabler.", "highlights": ["Ferdig på tre uker"] }),
        ),
        (
            "review",
            json!({ "name": "Ole K.", "place": "Torshov", "text": "Ryddige folk.", "rating": 5, "service": "Bad", "pages": ["home", "references"] }),
        ),
        ("figure", json!({ "value": "300", "label": "bad siden oppstart", "group": "home" })),
        ("promise", json!({ "text": "Fast kontaktperson på hver jobb" })),
    ] {
        let created =
            admin.send(Method::POST, "/api/admin/content", &json!({ "kind": kind, "data": data })).await;
        assert_eq!(created.status(), 201, "{kind}: {}", created.text().await.unwrap());
    }
    let facts = json!({
        "company_name": "Rør & Strøm Oslo AS", "orgnr": "912 345 678", "adresse": "Trondheimsveien 2, 0560 Oslo",
        "email": "post@rorogstrom.no", "global_phone_primary": "23 45 67 89", "global_phone_extra": [],
        "founded_year": null,
    });
    assert_eq!(admin.send(Method::PUT, "/api/admin/settings", &facts).await.status(), 200);
    // Its own promises: no døgnvakt, no hour at a leak, no free visit; a binding price and
    // two years of warranty, confirmed.
    let promises = json!({
        "company_name": "Rør & Strøm Oslo AS", "orgnr": "912 345 678", "adresse": "Trondheimsveien 2, 0560 Oslo",
        "email": "post@rorogstrom.no", "global_phone_primary": "23 45 67 89", "global_phone_extra": [],
        "founded_year": null,
        "claims": { "on_call": false, "leak_within_hour": false, "binding_price": false, "warranty_years": 2,
                    "free_visit": false, "confirmed": true },
    });
    assert_eq!(admin.send(Method::PUT, "/api/admin/settings", &promises).await.status(), 200);
    // Its logo, uploaded to the library and chosen in Innstillinger.
    let logo = crate::content::upload_picture(&admin, "logo.jpg", crate::content::jpeg(600, 200)).await;
    let logo_id = logo["id"].as_str().unwrap().to_owned();
    let chosen = admin
        .send(Method::PUT, "/api/admin/settings", &json!({ "company_name": "Rør & Strøm Oslo AS", "orgnr": "912 345 678",
            "adresse": "Trondheimsveien 2, 0560 Oslo", "email": "post@rorogstrom.no", "global_phone_primary": "23 45 67 89",
            "global_phone_extra": [], "founded_year": null, "logo": logo_id }))
        .await;
    assert_eq!(chosen.status(), 200);
    let saved: Value = chosen.json().await.unwrap();
    assert_eq!(saved["logo"], logo_id.as_str());
    assert_eq!(saved["claims"]["warranty_years"], 2, "a save without promises keeps them");

    let shipped = shipped_texts();
    assert!(shipped.len() > 40, "the list is the shipped content: {shipped:?}");
    let mut left = Vec::new();
    for page in PUBLIC_PATHS {
        let html = app.get(page).await.text().await.unwrap();
        assert!(html.contains("Rør &amp; Strøm Oslo AS"), "{page} names the firm");
        for text in &shipped {
            let found = standalone(&html, text).or_else(|| standalone(&html, &text.replace('&', "&amp;")));
            if let Some(at) = found {
                let around: String = html[at.saturating_sub(80)..].chars().take(160).collect();
                left.push(format!("{page}: «{text}» in …{around}…"));
            }
        }
    }
    assert!(left.is_empty(), "shipped texts still on the site:\n{}", left.join("\n"));

    // The firm's own promise and its logo are there: in the header, as the browser's
    // icons, in the JSON-LD.
    let home = app.get("/").await.text().await.unwrap();
    assert!(
        home.contains("2 års garanti")
            || app.get("/vilkar").await.text().await.unwrap().contains("2 års garanti")
    );
    let icon = format!("/icons/{logo_id}-32.png");
    assert!(home.contains(&format!("href=\"{icon}\"")), "the tab's icon is the logo");
    assert!(home.contains(&format!("/icons/{logo_id}-512.png")), "the JSON-LD's logo");
    let picture =
        logo["url"].as_str().unwrap().trim_start_matches("/media/").rsplit_once('.').unwrap().0.to_owned();
    assert!(home.contains(&picture), "the header shows the logo picture");
    for size in [32, 180, 192, 512] {
        let answer = app.get(&format!("/icons/{logo_id}-{size}.png")).await;
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "image/png");
        let png = image::load_from_memory(&answer.bytes().await.unwrap()).unwrap();
        assert_eq!((png.width(), png.height()), (size, size));
    }
    assert_eq!(app.get("/icons/00000000-0000-0000-0000-000000000000-32.png").await.status(), 404);

    // Nothing is left on the launch checklist that this firm can do in the admin.
    let dashboard: Value = admin.get("/api/admin/dashboard").await.json().await.unwrap();
    let keys: Vec<&str> = dashboard["launch_checklist"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|step| step["key"].as_str())
        .collect();
    for key in ["example_content", "company_facts", "claims", "logo"] {
        assert!(!keys.contains(&key), "{key} left: {keys:?}");
    }

    // Deleting the logo picture takes it off the site; the drawn mark comes back.
    assert_eq!(admin.delete(&format!("/api/admin/media/{logo_id}")).await.status(), 204);
    let home = app.get("/").await.text().await.unwrap();
    assert!(!home.contains(&icon) && home.contains("/favicon.svg"));
    let settings: Value = admin.get("/api/admin/settings").await.json().await.unwrap();
    assert_eq!(settings["logo"], Value::Null);
    app.stop().await;
}

crate::db_tests!(a_firm_that_replaces_every_example_shows_none_of_them);

/// Where `text` stands in `html` as a word of its own: not inside a longer word or number
/// (a year like «2004» is also four hex digits of the random part of some UUID, and a page's
/// data holds the services' ids: CI once found «2004» in `e200454c`).
fn standalone(html: &str, text: &str) -> Option<usize> {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    html.match_indices(text).map(|(at, _)| at).find(|&at| {
        let (before, after) = (html[..at].chars().next_back(), html[at + text.len()..].chars().next());
        let first_is_word = text.chars().next().is_some_and(char::is_alphanumeric);
        let last_is_word = text.chars().next_back().is_some_and(char::is_alphanumeric);
        let runs_on = (first_is_word && word(before)) || (last_is_word && word(after));
        !runs_on
    })
}
