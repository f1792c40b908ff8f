//! The public pages as the server renders and sends them (needs `web/dist`: run
//! `npm run build` in `web/` first; `make test` does).

use std::time::{Duration, Instant};

use fagfolk::db_run;
use reqwest::Method;
use serde_json::Value;

use crate::helpers::{Backend, PUBLIC_PATHS, TestApp, spawn_app_prepared, spawn_app_with};

async fn html(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    // Empty comments between text nodes (React's server renderer writes them) are not content.
    (status, response.text().await.unwrap().replace("<!-- -->", ""))
}

/// Writes settings columns straight into the database, as another instance or a hand
/// edit would, then tells the page cache (as a save through the API does).
async fn edit_settings(app: &TestApp, values: &[(&'static str, &str)]) {
    let columns: Vec<String> =
        values.iter().enumerate().map(|(i, (column, _))| format!("{column} = ${}", i + 1)).collect();
    // The column names are the test's own literals, never input.
    let sql = format!("UPDATE settings SET {} WHERE id = 1", columns.join(", "));
    db_run!(&app.state.db, pool => {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.clone()));
        for (_, value) in values {
            query = query.bind(*value);
        }
        query.execute(pool).await.map(|r| r.rows_affected())
    })
    .unwrap();
    fagfolk::site::store::bump(&app.state.db).await.unwrap();
    app.state.pages.caught_up(&app.state.db).await;
}

fn json_ld(html: &str) -> Value {
    let start = html.find("<script type=\"application/ld+json\">").expect("a JSON-LD script") + 35;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("valid JSON-LD")
}

async fn every_public_page_is_rendered_with_the_current_company_facts(app: TestApp) {
    for path in PUBLIC_PATHS {
        let (status, html) = html(&app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(!html.contains("__FF_"), "{path} has an unfilled token");
        assert!(!html.contains("<!--ff:"), "{path} has an unfilled marker");
        assert!(html.contains("<title>") && html.contains("| Fagfolk AS</title>"), "{path}");
        assert!(html.contains("<meta name=\"description\""), "{path}");
        let canonical = if path == "/" {
            "https://fagfolk.test/".to_string()
        } else {
            format!("https://fagfolk.test{path}")
        };
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{canonical}\">")), "{path}");
        assert!(html.contains("property=\"og:title\""), "{path}");
        assert!(
            html.contains("href=\"tel:+4722334455\""),
            "{path}: the header calls the number from settings"
        );
        assert!(html.contains("Økernveien 94, 0579 Oslo"), "{path}: the header shows the address");
        assert!(html.contains("Org.nr. 923 456 789"), "{path}: the footer shows the org.nr");
        assert!(!html.contains("<script>"), "{path}: no inline script");
        let ld = json_ld(&html);
        assert_eq!(ld["@graph"][0]["@type"], "HomeAndConstructionBusiness", "{path}");
        assert_eq!(ld["@graph"][0]["telephone"], "+4722334455", "{path}");
    }
    app.stop().await;
}

async fn trade_pages_carry_their_active_services_in_json_ld(app: TestApp) {
    let (_, html) = html(&app, "/tjenester/kjokken-bad").await;
    let ld = json_ld(&html);
    let service = &ld["@graph"][1];
    assert_eq!(service["@type"], "Service");
    let areas: Vec<&str> =
        service["areaServed"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(areas, ["Oslo", "Viken"]);
    let offers = service["hasOfferCatalog"]["itemListElement"].as_array().unwrap();
    assert!(offers.iter().any(|o| o["itemOffered"]["name"] == "Kjøkkenmontering"));
    assert!(offers.iter().all(|o| o["priceSpecification"]["priceCurrency"] == "NOK"));
    // Without JavaScript the list itself is in the page too, with its price.
    let card = &html[html.find(">Kjøkkenmontering</h3>").expect("the service's card")..];
    assert!(card[..card.find("</li>").unwrap()].contains("Fra 25\u{a0}000 kr"), "its price");
    assert!(!html.contains(">Feilsøking og småreparasjoner</h3>"), "no other trade's services");
    app.stop().await;
}

async fn a_settings_change_shows_in_the_served_html_without_a_rebuild(app: TestApp) {
    edit_settings(
        &app,
        &[("global_phone_primary", "+47 400 00 <b>1</b>"), ("adresse", "Ny gate 1 & 2, 0150 Oslo")],
    )
    .await;
    let (_, html) = html(&app, "/").await;
    assert!(html.contains("href=\"tel:+47400001\""), "tel link from the new number");
    // The renderer escapes `<`, `&` and `"`, which is all text needs to stay text.
    assert!(html.contains("+47 400 00 &lt;b>1&lt;/b>"), "the number is escaped, not markup");
    assert!(html.contains("Ny gate 1 &amp; 2, 0150 Oslo"));
    app.stop().await;
}

async fn a_page_revalidates_with_304_until_the_settings_change(app: TestApp) {
    let first = app.get("/kontakt").await;
    assert_eq!(first.status(), 200);
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(etag.starts_with("W/\""), "a weak validator: {etag}");
    assert_eq!(first.headers()["cache-control"], "no-cache");

    let again = app.client.get(app.url("/kontakt")).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], etag.as_str());
    assert!(again.headers().contains_key("content-security-policy"), "security headers on a 304 too");
    assert!(again.bytes().await.unwrap().is_empty());
    // Another page has its own validator.
    let other = app.client.get(app.url("/referanser")).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(other.status(), 200);

    edit_settings(&app, &[("global_phone_primary", "+47 400 00 001")]).await;
    let changed = app.client.get(app.url("/kontakt")).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(changed.status(), 200, "the new phone number makes a new page");
    assert_ne!(changed.headers()["etag"], etag.as_str());
    assert!(changed.text().await.unwrap().contains("+47 400 00 001"));
    app.stop().await;
}

async fn an_unknown_path_gets_the_english_404_page_with_status_404(app: TestApp) {
    let (status, html) = html(&app, "/finnes/ikke").await;
    assert_eq!(status, 404);
    assert!(html.contains("Oops! Page not found"));
    assert!(html.contains("noindex"));
    app.stop().await;
}

async fn admin_paths_serve_the_noindex_app_shell(app: TestApp) {
    for path in ["/admin", "/admin/login", "/admin/leads"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["x-robots-tag"], "noindex, nofollow");
        let html = response.text().await.unwrap();
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"), "{path}");
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: an empty shell for the app");
    }
    app.stop().await;
}

async fn sitemap_and_robots_are_served(app: TestApp) {
    let (status, xml) = html(&app, "/sitemap.xml").await;
    assert_eq!(status, 200);
    for path in PUBLIC_PATHS {
        let url = if path == "/" {
            "https://fagfolk.test".to_string()
        } else {
            format!("https://fagfolk.test{path}")
        };
        assert!(xml.contains(&format!("<loc>{url}</loc>")), "{path}");
    }
    assert_eq!(xml.matches("<loc>").count(), PUBLIC_PATHS.len(), "only the public pages: {xml}");
    for left_out in ["/admin", "/api", "/finnes-ikke", "/404", "_pages"] {
        assert!(!xml.contains(left_out), "{left_out} is not in the sitemap");
    }
    let (status, robots) = html(&app, "/robots.txt").await;
    assert_eq!(status, 200);
    assert!(robots.contains("Disallow: /admin") && robots.contains("Disallow: /api"));
    assert!(robots.contains("Sitemap: https://fagfolk.test/sitemap.xml"));
    app.stop().await;
}

async fn pages_are_sent_gzip_compressed_and_assets_are_cached_for_long(app: TestApp) {
    let response = app.client.get(app.url("/")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let html = html(&app, "/").await.1;
    let script =
        html.split("src=\"/assets/").nth(1).and_then(|rest| rest.split('"').next()).expect("a script");
    let asset = app.get(&format!("/assets/{script}")).await;
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"));
    app.stop().await;
}

/// The pages in service stay when they cannot be made again (here the settings table is
/// gone): visitors keep getting the last good version, and the server keeps running.
async fn the_last_good_pages_stay_when_a_render_fails(app: TestApp) {
    edit_settings(&app, &[("adresse", "Nygata 7, 0159 Oslo")]).await;
    let (_, before) = html(&app, "/kontakt").await;
    assert!(before.contains("Nygata 7, 0159 Oslo"), "a change renders the pages again");
    db_run!(&app.state.db, pool => sqlx::query("DROP TABLE settings").execute(pool).await.map(|_| ()))
        .unwrap();
    fagfolk::site::store::bump(&app.state.db).await.unwrap();
    app.state.pages.caught_up(&app.state.db).await;
    let (status, after) = html(&app, "/kontakt").await;
    assert_eq!(status, 200);
    assert_eq!(after, before, "the last good page");
    assert_eq!(app.get("/healthz").await.status(), 200, "the server keeps running");
    app.stop().await;
}

/// When the pages have never been made (the settings table was gone from the start), a
/// visitor gets a Norwegian HTML page with 503, not the API's JSON, and the server
/// keeps running.
async fn a_page_that_was_never_rendered_answers_html(backend: Backend) {
    let app = spawn_app_prepared(backend, &[], |db| async move {
        db_run!(&db, pool => sqlx::query("DROP TABLE settings").execute(pool).await.map(|_| ())).unwrap();
    })
    .await;
    let response = app.get("/kontakt").await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(response.headers()["retry-after"], "30");
    let html = response.text().await.unwrap();
    assert!(html.contains("<h1>Siden er midlertidig utilgjengelig</h1>"), "{html}");
    assert_eq!(app.get("/healthz").await.status(), 200, "the server keeps running");
    app.stop().await;
}

#[tokio::test]
async fn a_page_that_was_never_rendered_answers_html_sqlite() {
    a_page_that_was_never_rendered_answers_html(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_page_that_was_never_rendered_answers_html_postgres() {
    a_page_that_was_never_rendered_answers_html(Backend::Postgres).await;
}

/// A review broke the JSON-LD of every page with a company name of `__FF_PHONE__` and a
/// phone number ending in a backslash, when facts were substituted into the HTML as
/// tokens. Rendered, every value is escaped once for where it goes.
async fn company_facts_that_look_like_markup_or_tokens_stay_text(app: TestApp) {
    edit_settings(
        &app,
        &[
            ("company_name", "__FF_PHONE__"),
            ("global_phone_primary", "22 33 44 55\\"),
            ("adresse", "</script><script>alert(1)</script> & {company}"),
        ],
    )
    .await;
    for path in PUBLIC_PATHS {
        let (status, html) = html(&app, path).await;
        assert_eq!(status, 200, "{path}");
        let ld = json_ld(&html);
        assert_eq!(ld["@graph"][0]["name"], "__FF_PHONE__", "{path}");
        assert!(html.contains("| __FF_PHONE__</title>"), "{path}: the name as it is");
        assert!(!html.contains("<script>alert(1)"), "{path}: markup stays text");
        assert!(html.contains("&lt;/script>&lt;script>alert(1)&lt;/script> &amp; {company}"), "{path}");
        let open = "<script type=\"application/json\" id=\"ff-site\">";
        let start = html.find(open).expect("the page's data") + open.len();
        let end = start + html[start..].find("</script>").unwrap();
        let data: Value = serde_json::from_str(&html[start..end]).expect("the page's data is valid JSON");
        assert_eq!(data["company_name"], "__FF_PHONE__", "{path}");
        assert_eq!(data["phone"], "22 33 44 55\\", "{path}");
    }
    app.stop().await;
}

/// Two instances on one database: a change saved through one shows in the other's
/// pages within seconds (its pages follow the change counter), with no restart.
async fn a_change_through_one_instance_reaches_the_pages_of_another(first: TestApp) {
    let backend = if first.pg_database().is_some() { Backend::Postgres } else { Backend::Sqlite };
    let database = first.state.config.database_url.clone();
    let second = spawn_app_with(backend, &[("DATABASE_URL", &database)]).await;
    let (_, seeded) = html(&second, "/kontakt").await;
    assert!(seeded.contains("Økernveien 94, 0579 Oslo"), "the seeded address first");

    let admin = first.admin().await;
    let mut settings: Value = admin.get("/api/admin/settings").await.json().await.unwrap();
    settings["adresse"] = "Nygata 7, 0159 Oslo".into();
    assert_eq!(admin.send(Method::PUT, "/api/admin/settings", &settings).await.status(), 200);
    let (_, html_first) = html(&first, "/kontakt").await;
    assert!(html_first.contains("Nygata 7, 0159 Oslo"), "at once on the instance that saved it");

    let saved = Instant::now();
    loop {
        let (_, page) = html(&second, "/kontakt").await;
        if page.contains("Nygata 7, 0159 Oslo") {
            break;
        }
        assert!(saved.elapsed() < Duration::from_secs(5), "the other instance shows the change within 5 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    second.stop().await;
    first.stop().await;
}

crate::db_tests!(
    the_last_good_pages_stay_when_a_render_fails,
    company_facts_that_look_like_markup_or_tokens_stay_text,
    a_change_through_one_instance_reaches_the_pages_of_another,
    every_public_page_is_rendered_with_the_current_company_facts,
    trade_pages_carry_their_active_services_in_json_ld,
    a_settings_change_shows_in_the_served_html_without_a_rebuild,
    a_page_revalidates_with_304_until_the_settings_change,
    an_unknown_path_gets_the_english_404_page_with_status_404,
    admin_paths_serve_the_noindex_app_shell,
    sitemap_and_robots_are_served,
    pages_are_sent_gzip_compressed_and_assets_are_cached_for_long,
);
