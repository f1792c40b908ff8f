//! A new firm replaces every example and every claim: afterwards no text the site shipped
//! with (the example content, the example company facts, the example founding year) is in
//! any public page's HTML, its JSON-LD included (#25).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{PUBLIC_PATHS, TestApp};

/// The shipped example content's own texts (people, projects, reviews, figures and
/// platforms by their names, titles, quotes and descriptions), the example company facts
/// and the example founding year. Left out: the example promises ("Døgnvakt 24/7", "5 års
/// garanti"), which the pages' own copy also says; moving that copy into Innhold is the
/// rest of #25's first point.
fn shipped_texts() -> Vec<String> {
    const OWN: [&str; 9] =
        ["name", "title", "description", "email", "phone", "place", "text", "label", "highlights"];
    let mut texts = Vec::new();
    for item in fagfolk_data::content::seed::items() {
        if matches!(item, fagfolk_data::content::ContentData::Promise(_)) {
            continue;
        }
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
    // A figure's one-word label ("kunder", "døgnvakt") is an ordinary word of any page.
    texts.retain(|text| {
        text.chars().count() >= 4
            && (text.contains(' ') || text.chars().any(|c| c.is_uppercase() || c.is_ascii_digit()))
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
        ("promise", json!({ "text": "Gratis befaring i Oslo" })),
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

    let shipped = shipped_texts();
    assert!(shipped.len() > 40, "the list is the shipped content: {shipped:?}");
    let mut left = Vec::new();
    for page in PUBLIC_PATHS {
        let html = app.get(page).await.text().await.unwrap();
        assert!(html.contains("Rør &amp; Strøm Oslo AS"), "{page} names the firm");
        for text in &shipped {
            if html.contains(text.as_str()) || html.contains(&text.replace('&', "&amp;")) {
                left.push(format!("{page}: «{text}»"));
            }
        }
    }
    assert!(left.is_empty(), "shipped texts still on the site:\n{}", left.join("\n"));
    app.stop().await;
}

crate::db_tests!(a_firm_that_replaces_every_example_shows_none_of_them);
