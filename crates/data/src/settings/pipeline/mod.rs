//! The lead pipeline: statuses in order, each with what it means for the lead (open, won
//! or lost). Counters and filters go by the meaning, never by a status's name, so staff
//! may rename "Vunnet" without zeroing the dashboard's won counter. The editor's answer
//! is read in `input.rs` and saved, with the leads of a renamed status moved along, in
//! `save.rs`.

pub mod input;
pub mod save;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// What a status means for the lead in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusKind {
    /// Still being worked.
    Open,
    /// The job was won.
    Won,
    /// The job was lost or declined.
    Lost,
}

/// One status of the pipeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Stage {
    pub name: String,
    pub kind: StatusKind,
}

impl Stage {
    pub fn new(name: &str, kind: StatusKind) -> Self {
        Self { name: name.to_owned(), kind }
    }
}

/// The pipeline a new installation starts with (editable under Innstillinger).
pub fn default_pipeline() -> Vec<Stage> {
    use StatusKind::{Lost, Open, Won};
    [
        ("Ny", Open),
        ("Kontaktet", Open),
        ("Avtalt befaring", Open),
        ("Tilbud sendt", Open),
        ("Vunnet", Won),
        ("Tapt", Lost),
    ]
    .into_iter()
    .map(|(name, kind)| Stage::new(name, kind))
    .collect()
}

/// The step a lead moves to when something happens on it (a befaring booked, a quote
/// sent): the first open status whose name holds `word` ("befaring", "tilbud"), if it
/// comes after the lead's status `current`. The pipeline's statuses mean only open, won or
/// lost, so such a step is found by its name; without one the lead stays where it is.
pub fn forward_to_step(pipeline: &[Stage], current: &str, word: &str) -> Option<String> {
    let position = |name: &str| pipeline.iter().position(|stage| stage.name == name);
    let target = pipeline
        .iter()
        .find(|stage| stage.kind == StatusKind::Open && crate::text::fold(&stage.name).contains(word))?;
    let here = position(current);
    let current_is_open = here.is_none_or(|index| pipeline[index].kind == StatusKind::Open);
    (current_is_open && here.is_none_or(|index| index < position(&target.name).unwrap_or(0)))
        .then(|| target.name.clone())
}

/// Reads the settings row's stored pipeline: a list of `{"name", "kind"}` objects. A plain
/// name (how pipelines were stored before statuses had a meaning, see migration 0002) is
/// read as open, except "Vunnet" and "Tapt", which meant won and lost then.
pub fn from_stored(stored: &[Value]) -> Vec<Stage> {
    stored
        .iter()
        .filter_map(|value| match value {
            Value::String(name) => Some(Stage::new(name, legacy_kind(name))),
            other => serde_json::from_value::<Stage>(other.clone()).ok(),
        })
        .collect()
}

fn legacy_kind(name: &str) -> StatusKind {
    match name {
        "Vunnet" => StatusKind::Won,
        "Tapt" => StatusKind::Lost,
        _ => StatusKind::Open,
    }
}

/// The names, in order.
pub fn names(pipeline: &[Stage]) -> Vec<String> {
    pipeline.iter().map(|stage| stage.name.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn stored_pipelines_of_both_shapes_are_read_with_their_meaning() {
        let stored = [json!("Ny"), json!("Vunnet"), json!("Tapt"), json!({"name": "Signert", "kind": "won"})];
        assert_eq!(
            from_stored(&stored),
            [
                Stage::new("Ny", StatusKind::Open),
                Stage::new("Vunnet", StatusKind::Won),
                Stage::new("Tapt", StatusKind::Lost),
                Stage::new("Signert", StatusKind::Won),
            ]
        );
    }
}
