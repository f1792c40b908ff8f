use fagfolk::db_run;
use serde_json::Value;

use crate::helpers::TestApp;

async fn services(app: &TestApp, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/services{query}")).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn the_seeded_catalogue_covers_each_trade_at_or_above_the_floor_prices(app: TestApp) {
    for (category, floor) in [("elektriker", 1620), ("rorlegger", 1620), ("kjokken-bad", 25000)] {
        let list = services(&app, &format!("?category={category}")).await;
        assert!(list.len() >= 4, "{category} has {} services", list.len());
        for service in &list {
            assert_eq!(service["category"], category);
            assert_eq!(service["is_active"], true);
            assert!(service["price_from"].as_i64().unwrap() >= floor, "{service}");
        }
        assert_eq!(
            list[0]["price_from"].as_i64().unwrap(),
            floor,
            "the newest {category} service is the floor"
        );
    }
    app.stop().await;
}

async fn the_public_list_shows_only_active_services_newest_first(app: TestApp) {
    let all = services(&app, "").await;
    let hidden = all[1]["id"].as_str().unwrap().parse::<uuid::Uuid>().unwrap();
    db_run!(&app.state.db, pool => sqlx::query("UPDATE services_admin SET is_active = $1 WHERE id = $2")
        .bind(false)
        .bind(hidden)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))
    .unwrap();
    // Outside the admin API (which renders again itself) a change shows once the
    // change counter says so, as a change through another instance does.
    fagfolk::site::store::bump(&app.state.db).await.unwrap();
    app.state.pages.caught_up(&app.state.db).await;

    let after = services(&app, "").await;
    assert_eq!(after.len(), all.len() - 1);
    assert!(after.iter().all(|s| s["id"] != hidden.to_string()));
    let dates: Vec<&str> = after.iter().map(|s| s["created_at"].as_str().unwrap()).collect();
    let mut sorted = dates.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(dates, sorted, "newest first");
    app.stop().await;
}

async fn an_unknown_category_is_refused_with_a_norwegian_message(app: TestApp) {
    let response = app.get("/api/services?category=snekker").await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "Ukjent kategori. Gyldige verdier er elektriker, rorlegger og kjokken-bad.");
    app.stop().await;
}

crate::db_tests!(
    the_seeded_catalogue_covers_each_trade_at_or_above_the_floor_prices,
    the_public_list_shows_only_active_services_newest_first,
    an_unknown_category_is_refused_with_a_norwegian_message,
);
