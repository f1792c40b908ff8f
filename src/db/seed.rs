//! First-start content: the three service categories, a realistic catalogue of services,
//! the settings row with the default lead pipeline, and the example content
//! (`fagfolk_data::content::seed`). Categories and services go only into empty tables and the
//! content only once, so whatever staff have changed is never overwritten.

use std::collections::HashMap;

use chrono::{Duration, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use super::Db;
use fagfolk_data::content::ContentKind;
use fagfolk_data::text::slugify;

/// The company facts the settings row starts with: believable, and the launch checklist
/// (`crate::dashboard`) says so while any of them is left.
pub const SEED_FACTS: SeedFacts = SeedFacts {
    company_name: "Fagfolk AS",
    orgnr: "923 456 789",
    adresse: "Økernveien 94, 0579 Oslo",
    email: "post@fagfolk.no",
    phone: "22 33 44 55",
};

pub struct SeedFacts {
    pub company_name: &'static str,
    pub orgnr: &'static str,
    pub adresse: &'static str,
    pub email: &'static str,
    pub phone: &'static str,
}

struct SeedCategory {
    slug: &'static str,
    name: &'static str,
    description: &'static str,
    services: &'static [(&'static str, &'static str, i64)],
}

const CATEGORIES: [SeedCategory; 3] = [
    SeedCategory {
        slug: "elektriker",
        name: "Elektriker",
        description: "Autoriserte elektrikere for bolig og næring: feilsøking, sikringsskap, elbillader, varme og smarthus.",
        services: &[
            (
                "Feilsøking og småreparasjoner",
                "Strøm borte, jordfeil eller en stikkontakt som ikke virker? Vi finner feilen og retter den.",
                1620,
            ),
            (
                "Nytt sikringsskap",
                "Utskifting til moderne sikringsskap med automatsikringer og jordfeilbrytere, inkludert samsvarserklæring.",
                18900,
            ),
            (
                "Installasjon av elbillader",
                "Lader montert på vegg eller stolpe, med egen kurs og jordfeilvern. Lastbalansering ved behov.",
                12900,
            ),
            (
                "Varmekabler i gulv",
                "Elektrisk gulvvarme i bad, gang og stue med termostat og dokumentasjon.",
                6900,
            ),
            (
                "Ekstra stikkontakter og lys",
                "Nye punkter, dimmere og LED-belysning inne og ute, skjult eller åpent anlegg.",
                2490,
            ),
            (
                "El-kontroll ved boligsalg",
                "Gjennomgang av det elektriske anlegget med rapport til takstmann og kjøper.",
                3900,
            ),
        ],
    },
    SeedCategory {
        slug: "rorlegger",
        name: "Rørlegger",
        description: "Rørleggere som rykker ut døgnet rundt: lekkasjer, tette avløp, varmtvann og nye rør.",
        services: &[
            (
                "Akutt lekkasje og vannskade",
                "Døgnåpen utrykning ved vannlekkasje. Vi er normalt på plass innen en time i Oslo.",
                1620,
            ),
            (
                "Stakeoppdrag og tette avløp",
                "Åpning av tette sluk, vasker og toaletter med stake eller spyling.",
                1890,
            ),
            (
                "Nytt varmtvannsbereder",
                "Levering og montering av bereder med sikkerhetsventil og lekkasjestopper.",
                11900,
            ),
            (
                "Montering av toalett og servant",
                "Utskifting av toalett, servant, blandebatteri og vannlås.",
                3490,
            ),
            ("Rørfornying", "Utskifting av gamle vann- og avløpsrør i leilighet eller enebolig.", 24900),
            (
                "Lekkasjestopper",
                "Automatisk vannstopper som stenger vannet ved lekkasje, påkrevd av mange forsikringsselskap.",
                4990,
            ),
        ],
    },
    SeedCategory {
        slug: "kjokken-bad",
        name: "Kjøkken & bad",
        description: "Totalrenovering av bad og montering av kjøkken med fagfolk fra alle fag under ett tak.",
        services: &[
            (
                "Kjøkkenmontering",
                "Montering av kjøkken fra IKEA, Sigdal, Norema og andre, med rørlegger og elektriker.",
                25000,
            ),
            (
                "Totalrenovering av bad",
                "Riving, membran, flis, rør og elektrisk med våtromsdokumentasjon, fast pris etter befaring.",
                149000,
            ),
            ("Oppgradering av bad", "Nye innredninger, dusjløsning og armaturer uten full riving.", 45000),
            (
                "Vaskerom og kjellerbad",
                "Nytt vaskerom eller bad i kjeller med sluk, avtrekk og varme.",
                89000,
            ),
        ],
    },
];

/// Seeds what is missing. Safe to call on every start.
pub async fn run(db: &Db) -> anyhow::Result<()> {
    let now = Utc::now();
    // A write transaction from the start (`BEGIN IMMEDIATE` on SQLite): begun deferred,
    // its first write fails at once ("database is locked") when another instance on the
    // same file wrote since its first read, as a second server starting beside a running
    // one did (tests/api/privacy.rs, the retention rule at start).
    let mut tx = db.begin().await?;
    fagfolk_data::tx_run!(&mut tx, tx => async {
        let (categories,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM categories").fetch_one(&mut *tx).await?;
        if categories == 0 {
            for (order, category) in CATEGORIES.iter().enumerate() {
                let category_id = Uuid::now_v7();
                sqlx::query(
                    "INSERT INTO categories (id, name, slug, description, active, sort_order, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(category_id)
                .bind(category.name)
                .bind(category.slug)
                .bind(category.description)
                .bind(true)
                .bind(order as i64 + 1)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                // The first service of each category is its newest, so the home page
                // shows the entry-level offer of each trade.
                for (index, (name, description, price)) in category.services.iter().enumerate() {
                    let created_at = now - Duration::minutes(index as i64);
                    sqlx::query(
                        "INSERT INTO services_admin \
                         (id, name, slug, description, price_from, category, category_id, is_active, created_at, updated_at) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                    )
                    .bind(Uuid::now_v7())
                    .bind(*name)
                    .bind(slugify(name))
                    .bind(*description)
                    .bind(*price)
                    .bind(category.slug)
                    .bind(category_id)
                    .bind(true)
                    .bind(created_at)
                    .bind(created_at)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        let pipeline = fagfolk_data::settings::pipeline::default_pipeline();
        sqlx::query(
            "INSERT INTO settings (id, company_name, orgnr, adresse, email, global_phone_primary, \
             global_phone_extra, lead_pipeline, updated_at) \
             VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
        )
        .bind(SEED_FACTS.company_name)
        .bind(SEED_FACTS.orgnr)
        .bind(SEED_FACTS.adresse)
        .bind(SEED_FACTS.email)
        .bind(SEED_FACTS.phone)
        .bind(Json(vec!["908 12 345".to_string()]))
        .bind(Json(pipeline))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        // The example content goes in once: a firm that deletes it all does not get it back.
        let first = sqlx::query("UPDATE settings SET content_seeded = $1 WHERE id = 1 AND content_seeded = $2")
            .bind(true)
            .bind(false)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if first {
            let mut positions: HashMap<ContentKind, i64> = HashMap::new();
            for item in fagfolk_data::content::seed::items() {
                let position = positions.entry(item.kind()).or_default();
                sqlx::query(
                    "INSERT INTO content_items (id, kind, position, hidden, example, data, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(Uuid::now_v7())
                .bind(item.kind().as_str())
                .bind(*position)
                .bind(false)
                .bind(true)
                .bind(item.to_json().to_string())
                .bind(now)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                *position += 1;
            }
        }
        Ok::<(), sqlx::Error>(())
    }.await)?;
    tx.commit().await?;
    Ok(())
}
