//! The settings row: company facts (the firm itself: `firm.rs`) and the lead pipeline.

pub mod firm;
pub mod input;
pub mod model;
pub mod pipeline;
pub mod refused;
pub mod seed;
pub mod store;

pub use firm::Firm;
pub use model::{
    Claims, InterestRate, Invoicing, QuoteDefaults, ReminderSteps, ServerFacts, Settings, WorkingTime,
};
pub use pipeline::{Stage, StatusKind};
pub use refused::Refused;

use crate::db::Db;

/// The lead pipeline's statuses with their meaning, in order.
pub async fn stages(db: &Db) -> Result<Vec<Stage>, sqlx::Error> {
    let stored = store::stored_pipeline(db).await?;
    let stages = stored.map(|list| pipeline::from_stored(&list)).unwrap_or_default();
    Ok(if stages.is_empty() { pipeline::default_pipeline() } else { stages })
}

/// The lead pipeline's status names, in order.
pub async fn pipeline(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    Ok(pipeline::names(&stages(db).await?))
}

/// The names of the statuses that mean a lead is still open (not won or lost).
pub async fn open_statuses(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    Ok(open_names(&stages(db).await?))
}

/// The names of the open statuses among `stages`.
pub fn open_names(stages: &[Stage]) -> Vec<String> {
    stages.iter().filter(|stage| stage.kind == StatusKind::Open).map(|stage| stage.name.clone()).collect()
}
