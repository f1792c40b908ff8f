//! First-start content: the three service categories with a realistic catalogue of
//! services (`services::seed`), the settings row with its company facts
//! (`settings::seed`) and the default lead pipeline, and the example content
//! (`content::seed`), each through its owner's store in one transaction. Categories and
//! services go only into empty tables and the content only once, so whatever staff have
//! changed is never overwritten.

use std::collections::HashMap;

use chrono::{Duration, Utc};
use uuid::Uuid;

use crate::categories::Category;
use crate::content::ContentKind;
use crate::db::Db;
use crate::services::AdminService;
use crate::services::seed::CATEGORIES;
use crate::settings::seed::SEED_FACTS;
use crate::text::slugify;
use crate::{categories, content, services, settings};

/// Seeds what is missing. Safe to call on every start.
pub async fn run(db: &Db) -> Result<(), sqlx::Error> {
    let now = Utc::now();
    // A write transaction from the start (`BEGIN IMMEDIATE` on SQLite): begun deferred,
    // its first write fails at once ("database is locked") when another instance on the
    // same file wrote since its first read, as a second server starting beside a running
    // one did (tests/api/health.rs).
    let mut tx = db.begin().await?;
    if categories::store::count_in(&mut tx).await? == 0 {
        for (order, seed) in CATEGORIES.iter().enumerate() {
            let category = Category {
                id: Uuid::now_v7(),
                name: seed.name.to_owned(),
                slug: Some(seed.slug.to_owned()),
                description: Some(seed.description.to_owned()),
                active: true,
                sort_order: order as i64 + 1,
                service_count: 0,
            };
            categories::store::insert_in(&mut tx, &category, now).await?;
            // The first service of each category is its newest, so the home page shows
            // the entry-level offer of each trade.
            for (index, (name, description, price)) in seed.services.iter().enumerate() {
                let created_at = now - Duration::minutes(index as i64);
                let service = AdminService {
                    id: Uuid::now_v7(),
                    name: (*name).to_owned(),
                    slug: Some(slugify(name)),
                    description: Some((*description).to_owned()),
                    price_from: Some(*price),
                    category: seed.slug.to_owned(),
                    category_id: Some(category.id),
                    is_active: true,
                    created_at,
                    updated_at: created_at,
                };
                services::store::insert_in(&mut tx, &service).await?;
            }
        }
    }
    let pipeline = settings::pipeline::default_pipeline();
    settings::store::insert_defaults_in(&mut tx, &SEED_FACTS, &["908 12 345"], &pipeline, now).await?;
    if settings::store::claim_content_seed_in(&mut tx).await? {
        let mut positions: HashMap<ContentKind, i64> = HashMap::new();
        for item in content::seed::items() {
            let position = positions.entry(item.kind()).or_default();
            content::store::insert_example_in(&mut tx, item.kind(), *position, &item.to_json(), now).await?;
            *position += 1;
        }
    }
    tx.commit().await
}
