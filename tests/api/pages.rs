//! The prerendered public pages as the server sends them (needs `web/dist`: run
//! `npm run build` in `web/` first; `make test` does).

use fagfolk::db_run;
use serde_json::Value;

use crate::helpers::TestApp;

const PUBLIC_PATHS: [&str; 13] = [
    "/",
    "/tjenester",
    "/tjenester/elektriker",
    "/tjenester/rorlegger",
    "/tjenester/kjokken-bad",
    "/private-kunder",
    "/bedriftskunder",
    "/kontraktpartnere",
    "/referanser",
    "/kontakt",
    "/personvern",
    "/vilkar",
    "/cookies",
];

async fn html(app: &TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    // Empty comments between text nodes (React's server renderer writes them) are not content.
    (status, response.text().await.unwrap().replace("<!-- -->", ""))
}

fn json_ld(html: &str) -> Value {
    let start = html.find("<script type=\"application/ld+json\">").expect("a JSON-LD script") + 35;
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("valid JSON-LD")
}

async fn every_public_page_is_prerendered_with_the_current_company_facts(app: TestApp) {
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
    // Without JavaScript the list itself is in the page too.
    assert!(html.contains("<li><strong>Kjøkkenmontering</strong> – Fra 25\u{a0}000 kr"), "noscript list");
    app.stop().await;
}

async fn a_settings_change_shows_in_the_served_html_without_a_rebuild(app: TestApp) {
    db_run!(&app.state.db, pool => sqlx::query("UPDATE settings SET global_phone_primary = $1, adresse = $2 WHERE id = 1")
        .bind("+47 400 00 <b>1</b>")
        .bind("Ny gate 1 & 2, 0150 Oslo")
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))
    .unwrap();
    app.state.pages.invalidate().await;
    let (_, html) = html(&app, "/").await;
    assert!(html.contains("href=\"tel:+47400001\""), "tel link from the new number");
    assert!(html.contains("+47 400 00 &lt;b&gt;1&lt;/b&gt;"), "the number is escaped, not markup");
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

    db_run!(&app.state.db, pool => sqlx::query("UPDATE settings SET global_phone_primary = $1 WHERE id = 1")
        .bind("+47 400 00 001")
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))
    .unwrap();
    app.state.pages.invalidate().await;
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

/// When the pages cannot be made (here the settings table is gone), a visitor gets a
/// Norwegian HTML page with 503, not the API's JSON, and the server keeps running.
async fn a_page_that_cannot_be_rendered_answers_html(app: TestApp) {
    db_run!(&app.state.db, pool => sqlx::query("DROP TABLE settings").execute(pool).await.map(|_| ()))
        .unwrap();
    let response = app.get("/kontakt").await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(response.headers()["retry-after"], "30");
    let html = response.text().await.unwrap();
    assert!(html.contains("<h1>Siden er midlertidig utilgjengelig</h1>"), "{html}");
    assert_eq!(app.get("/healthz").await.status(), 200, "the server keeps running");
    app.stop().await;
}

crate::db_tests!(
    a_page_that_cannot_be_rendered_answers_html,
    every_public_page_is_prerendered_with_the_current_company_facts,
    trade_pages_carry_their_active_services_in_json_ld,
    a_settings_change_shows_in_the_served_html_without_a_rebuild,
    a_page_revalidates_with_304_until_the_settings_change,
    an_unknown_path_gets_the_english_404_page_with_status_404,
    admin_paths_serve_the_noindex_app_shell,
    sitemap_and_robots_are_served,
    pages_are_sent_gzip_compressed_and_assets_are_cached_for_long,
);
