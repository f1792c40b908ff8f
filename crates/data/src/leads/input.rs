//! What staff send about a lead, read: a merge of another lead into it, and a note. Pure:
//! the leads themselves are looked up by the server.

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::Refused;
use crate::fields::FieldErrors;

#[derive(Debug, Deserialize, ToSchema)]
pub struct MergeInput {
    /// The lead to merge into this one; it is deleted.
    #[schema(value_type = Uuid, required = true)]
    pub from: Option<Uuid>,
    /// Whose e-mail address is the kept lead's main one afterwards: its own (the default,
    /// also when it has none) or the merged lead's. The other is kept beside it
    /// (`other_contacts`): staff who merge say the two are one customer.
    #[serde(default)]
    pub email: Side,
    /// Whose phone number is the main one afterwards, as `email`.
    #[serde(default)]
    pub phone: Side,
}

/// One of the two leads of a merge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The lead that is kept.
    #[default]
    Kept,
    /// The lead merged into it.
    Merged,
}

/// A merge read: the lead merged in, and whose main contact details are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Merge {
    pub from: Uuid,
    pub email: Side,
    pub phone: Side,
}

/// The message of a merge that names no lead to merge in.
pub const NO_FROM: &str = "Velg lead-en som skal slås sammen med denne.";

/// Reads a merge into lead `into`: another lead is named.
pub fn read_merge(input: MergeInput, into: Uuid) -> Result<Merge, FieldErrors> {
    let mut errors = FieldErrors::default();
    match input.from {
        None => errors.add("from", NO_FROM),
        Some(from) if from == into => errors.refuse(&Refused::MergeSelf),
        Some(_) => {}
    }
    errors.finish()?;
    Ok(Merge { from: input.from.unwrap_or_default(), email: input.email, phone: input.phone })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteInput {
    pub body: Option<String>,
}

/// Reads a note's text: there, at most 5000 characters.
pub fn read_note(input: NoteInput) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::default();
    let body = errors.required_text("body", input.body, 5000, "Skriv et notat.");
    errors.finish()?;
    Ok(body)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_merge_names_another_lead_and_a_note_has_a_text() {
        let into = Uuid::now_v7();
        let read = |value: serde_json::Value| read_merge(serde_json::from_value(value).unwrap(), into);
        assert_eq!(read(json!({})).unwrap_err().into_map()["from"], NO_FROM);
        assert!(read(json!({"from": into})).unwrap_err().has("from"));
        let from = Uuid::now_v7();
        let merge = read(json!({"from": from, "phone": "merged"})).unwrap();
        assert_eq!(merge, Merge { from, email: Side::Kept, phone: Side::Merged });
        let note = |body: &str| read_note(NoteInput { body: Some(body.into()) });
        assert_eq!(note(" Ringte ").unwrap(), "Ringte");
        assert_eq!(note(" ").unwrap_err().into_map()["body"], "Skriv et notat.");
    }
}
