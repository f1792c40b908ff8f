//! What the pipeline editor sends, read against the pipeline before it: the statuses it
//! will have, the renames whose leads move along, and the statuses that go (the server
//! refuses to remove one that still has leads). Pure: the pipeline before is passed in.

use serde::Deserialize;
use utoipa::ToSchema;

use super::{Stage, StatusKind, names};

#[derive(Debug, Deserialize, ToSchema)]
pub struct PipelineInput {
    pub statuses: Vec<PipelineStatus>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PipelineStatus {
    pub name: String,
    /// The status's current name when renaming; its leads move along.
    pub previous: Option<String>,
    /// What the status means; absent keeps the meaning of `previous` (open for a new one).
    pub kind: Option<StatusKind>,
}

/// The pipeline the editor asks for, checked.
#[derive(Debug, PartialEq, Eq)]
pub struct PipelineChange {
    /// The statuses in their new order, each with its meaning.
    pub stages: Vec<Stage>,
    /// `(from, to)`: the statuses renamed, whose leads move along.
    pub renames: Vec<(String, String)>,
    /// The statuses of `before` that are neither kept nor renamed.
    pub removed: Vec<String>,
}

/// The most statuses a pipeline may have.
pub const MOST: usize = 20;
/// The longest name of a status, in characters.
pub const LONGEST: usize = 40;

impl PipelineInput {
    /// Reads the editor's statuses against `before`, or says in Norwegian what is wrong
    /// with them (the server answers it under the field `statuses`).
    pub fn read(&self, before: &[Stage]) -> Result<PipelineChange, String> {
        let names_before = names(before);
        let wanted: Vec<&str> = self.statuses.iter().map(|status| status.name.trim()).collect();
        if wanted.is_empty() || wanted.len() > MOST {
            return Err(format!("Pipelinen må ha mellom 1 og {MOST} statuser."));
        }
        if wanted
            .iter()
            .any(|name| name.is_empty() || name.chars().count() > LONGEST || !crate::text::is_one_line(name))
        {
            return Err(format!("Hver status må ha et navn på høyst {LONGEST} tegn."));
        }
        let mut seen: Vec<String> = Vec::new();
        for name in &wanted {
            let key = name.to_lowercase();
            if seen.contains(&key) {
                return Err(format!("Statusen «{name}» står to ganger."));
            }
            seen.push(key);
        }
        let renames: Vec<(String, String)> = self
            .statuses
            .iter()
            .zip(&wanted)
            .filter_map(|(status, name)| {
                let previous = status.previous.as_deref()?.trim();
                (names_before.iter().any(|old| old == previous) && previous != *name)
                    .then(|| (previous.to_owned(), (*name).to_owned()))
            })
            .collect();
        let removed = names_before
            .iter()
            .filter(|old| !wanted.contains(&old.as_str()) && !renames.iter().any(|(from, _)| from == *old))
            .cloned()
            .collect();
        let stages = self
            .statuses
            .iter()
            .zip(&wanted)
            .map(|(status, name)| {
                let previous = status.previous.as_deref().map(str::trim);
                let kept = before.iter().find(|stage| Some(stage.name.as_str()) == previous);
                let kind = status.kind.or(kept.map(|stage| stage.kind)).unwrap_or(StatusKind::Open);
                Stage::new(name, kind)
            })
            .collect();
        Ok(PipelineChange { stages, renames, removed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::pipeline::default_pipeline;

    fn status(name: &str, previous: Option<&str>, kind: Option<StatusKind>) -> PipelineStatus {
        PipelineStatus { name: name.to_owned(), previous: previous.map(str::to_owned), kind }
    }

    fn kept(before: &[Stage]) -> Vec<PipelineStatus> {
        before.iter().map(|stage| status(&stage.name, Some(&stage.name), None)).collect()
    }

    #[test]
    fn a_rename_moves_its_leads_and_keeps_its_meaning_a_new_status_is_open() {
        let before = default_pipeline();
        let mut statuses = kept(&before);
        statuses[4] = status(" Signert ", Some("Vunnet"), None);
        statuses.insert(1, status("Ringt opp", None, None));
        let change = PipelineInput { statuses }.read(&before).unwrap();
        assert_eq!(change.renames, [("Vunnet".to_owned(), "Signert".to_owned())]);
        assert!(change.removed.is_empty());
        assert_eq!(change.stages[1], Stage::new("Ringt opp", StatusKind::Open));
        assert_eq!(change.stages[5], Stage::new("Signert", StatusKind::Won));
    }

    #[test]
    fn a_status_left_out_is_removed_and_a_meaning_given_wins() {
        let before = default_pipeline();
        let mut statuses = kept(&before);
        statuses.retain(|status| status.name != "Kontaktet");
        statuses[0].kind = Some(StatusKind::Lost);
        let change = PipelineInput { statuses }.read(&before).unwrap();
        assert_eq!(change.removed, ["Kontaktet"]);
        assert_eq!(change.stages[0], Stage::new("Ny", StatusKind::Lost));
    }

    #[test]
    fn an_empty_a_long_or_a_repeated_name_and_too_many_statuses_are_refused_in_norwegian() {
        let before = default_pipeline();
        let read = |names: &[&str]| {
            PipelineInput { statuses: names.iter().map(|name| status(name, None, None)).collect() }
                .read(&before)
        };
        assert_eq!(read(&[]).unwrap_err(), "Pipelinen må ha mellom 1 og 20 statuser.");
        assert_eq!(read(&["x"; 21]).unwrap_err(), "Pipelinen må ha mellom 1 og 20 statuser.");
        assert_eq!(read(&["Ny", "  "]).unwrap_err(), "Hver status må ha et navn på høyst 40 tegn.");
        assert_eq!(read(&[&"a".repeat(41)]).unwrap_err(), "Hver status må ha et navn på høyst 40 tegn.");
        assert_eq!(read(&["Ny\nlinje"]).unwrap_err(), "Hver status må ha et navn på høyst 40 tegn.");
        assert_eq!(read(&["Vunnet", "vunnet"]).unwrap_err(), "Statusen «vunnet» står to ganger.");
        assert!(read(&[&"a".repeat(40)]).is_ok());
    }
}
