//! Lead types and the validated input of the create and edit forms.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::fields::FieldErrors;

pub use super::contacts::{ContactKind, LeadContact};

/// Sources offered in the lead form; other values are allowed too.
pub const SOURCES: [&str; 5] = ["Web", "Telefon", "E-post", "Henvisning", "Annet"];
pub const DEFAULT_SOURCE: &str = "Web";

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Lead {
    pub id: Uuid,
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub status: String,
    pub kilde: String,
    pub beskrivelse: Option<String>,
    pub adresse: Option<String>,
    pub postnr: Option<String>,
    #[sqlx(json)]
    pub tags: Vec<String>,
    /// When someone should follow the lead up ("Oppfølging"), a day in Norway.
    pub follow_up: Option<NaiveDate>,
    /// The member of staff who works the lead.
    pub assignee_id: Option<Uuid>,
    /// The open lead with the same phone number (by digits) or e-mail address that was
    /// there when this one came in: a possible duplicate, until merged or dismissed.
    pub duplicate_of: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The other e-mail addresses and phone numbers of the customer, kept by merges beside
    /// the main `email` and `phone`; found by searches, duplicates and privacy requests
    /// like the main ones (`store::contacts`).
    #[sqlx(skip)]
    pub other_contacts: Vec<LeadContact>,
}

impl Lead {
    /// The editable fields, for the audit log's before/after. The other contacts change
    /// only by a merge, whose entry names the merged lead's (`src/leads/duplicates.rs`).
    pub fn audit_view(&self) -> serde_json::Value {
        serde_json::json!({
            "name": self.name, "email": self.email, "phone": self.phone, "status": self.status,
            "kilde": self.kilde, "beskrivelse": self.beskrivelse, "adresse": self.adresse,
            "postnr": self.postnr, "tags": self.tags, "follow_up": self.follow_up,
            "assignee_id": self.assignee_id, "duplicate_of": self.duplicate_of,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeadPage {
    pub items: Vec<Lead>,
    /// How many photos the customer sent, by lead id, for the leads of `items` that have
    /// any.
    pub photos: std::collections::BTreeMap<Uuid, i64>,
    /// Leads matching the filters (all pages).
    pub total: i64,
    /// Every lead in the database, for "Viser X av Y leads".
    pub all: i64,
    /// The distinct sources present in the data, for the source filter.
    pub sources: Vec<String>,
    /// The lead pipeline's statuses in order, for the status filter and the form.
    pub pipeline: Vec<String>,
    /// The sources the lead form offers (any other text is allowed too).
    pub known_sources: Vec<String>,
    /// Who a lead can be assigned to, by name.
    pub staff: Vec<StaffMember>,
}

/// A member of staff, as the lead views name them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct StaffMember {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    /// A deactivated user keeps the leads they had, but is not offered for new ones.
    pub is_active: bool,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeadFilter {
    /// Text search over name, e-mail, phone, description and address, in any case
    /// (Norwegian letters too); a phone number also by its digits, with or without +47.
    pub q: Option<String>,
    pub status: Option<String>,
    /// Source (`kilde`).
    pub source: Option<String>,
    /// Page number, from 1.
    pub page: Option<i64>,
    /// Leads per page (1-200, default 50).
    pub per_page: Option<i64>,
    /// The order (default newest first).
    #[param(inline)]
    pub sort: Option<LeadSort>,
    /// Only the signed-in user's leads ("Mine").
    pub mine: Option<bool>,
    /// By follow-up date.
    #[param(inline)]
    pub follow_up: Option<FollowUpFilter>,
    /// Only leads in a status that means this (open, won or lost), whatever it is called:
    /// the dashboard's counts link here.
    #[param(inline)]
    pub kind: Option<crate::settings::pipeline::StatusKind>,
    /// Only leads that came in during the last this many days (1-366).
    #[param(minimum = 1, maximum = 366)]
    pub days: Option<i64>,
}

/// Leads by their follow-up date: `due` today or earlier (in Norway), `planned` for any
/// date, `none` without one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FollowUpFilter {
    Due,
    Planned,
    None,
}

/// The lead list's order: by name (A-Å, any case), by status (in the pipeline's order)
/// or by when the lead came in; a `-` in front reverses it. Ties go newest first.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
pub enum LeadSort {
    #[serde(rename = "name")]
    Name,
    #[serde(rename = "-name")]
    NameDesc,
    #[serde(rename = "status")]
    Status,
    #[serde(rename = "-status")]
    StatusDesc,
    #[serde(rename = "created")]
    Created,
    #[default]
    #[serde(rename = "-created")]
    CreatedDesc,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardColumn {
    pub status: String,
    /// What the status means (open, won or lost).
    pub kind: crate::settings::pipeline::StatusKind,
    /// Leads in this status matching the filters.
    pub total: i64,
    /// The newest of them (up to 100).
    pub items: Vec<Lead>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LeadInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub status: Option<String>,
    pub kilde: Option<String>,
    pub beskrivelse: Option<String>,
    pub adresse: Option<String>,
    pub postnr: Option<String>,
    pub tags: Option<Vec<String>>,
    /// The follow-up day as `YYYY-MM-DD`; empty for none.
    pub follow_up: Option<String>,
    /// The id of the member of staff who works the lead; empty for nobody.
    pub assignee_id: Option<String>,
}

impl LeadInput {
    /// This input over `lead`: each field given here, the lead's own where not. An empty
    /// text (or an empty list of tags) still clears a field. The edit-in-place of the
    /// details dialog sends one field at a time this way (`PATCH /api/admin/leads/{id}`).
    pub fn over(self, lead: &Lead) -> LeadInput {
        LeadInput {
            name: self.name.or_else(|| Some(lead.name.clone())),
            email: self.email.or_else(|| lead.email.clone()),
            phone: self.phone.or_else(|| lead.phone.clone()),
            status: self.status.or_else(|| Some(lead.status.clone())),
            kilde: self.kilde.or_else(|| Some(lead.kilde.clone())),
            beskrivelse: self.beskrivelse.or_else(|| lead.beskrivelse.clone()),
            adresse: self.adresse.or_else(|| lead.adresse.clone()),
            postnr: self.postnr.or_else(|| lead.postnr.clone()),
            tags: self.tags.or_else(|| Some(lead.tags.clone())),
            follow_up: self.follow_up.or_else(|| lead.follow_up.map(|day| day.to_string())),
            assignee_id: self.assignee_id.or_else(|| lead.assignee_id.map(|id| id.to_string())),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusInput {
    pub status: String,
}

/// A lead as it will be stored: trimmed, empty values as null, tags without blanks or
/// duplicates.
#[derive(Debug, Clone)]
pub struct LeadFields {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub status: String,
    pub kilde: String,
    pub beskrivelse: Option<String>,
    pub adresse: Option<String>,
    pub postnr: Option<String>,
    pub tags: Vec<String>,
    pub follow_up: Option<NaiveDate>,
    pub assignee_id: Option<Uuid>,
}

impl LeadFields {
    /// Checks `input` against the pipeline's statuses and the staff a lead can be assigned to.
    pub fn parse(input: LeadInput, pipeline: &[String], staff: &[StaffMember]) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = errors.optional("name", input.name, 200).unwrap_or_default();
        let email = errors.optional("email", input.email, 254);
        let phone = errors.optional("phone", input.phone, 40).map(|phone| crate::text::phone_display(&phone));
        let kilde = errors.optional("kilde", input.kilde, 50).unwrap_or_else(|| DEFAULT_SOURCE.to_owned());
        let beskrivelse = errors.optional_text("beskrivelse", input.beskrivelse, 5000);
        let adresse = errors.optional("adresse", input.adresse, 300);
        let postnr = errors.optional("postnr", input.postnr, 10);
        let status = input.status.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
        let status = match status {
            Some(status) if pipeline.contains(&status) => status,
            Some(_) => {
                errors.add("status", "Ukjent status. Velg en status fra pipelinen.");
                String::new()
            }
            None => pipeline.first().cloned().unwrap_or_else(|| "Ny".to_owned()),
        };
        errors.check_email("email", email.as_deref());
        let tags = normalize_tags(input.tags.unwrap_or_default());
        if tags.len() > 30 || tags.iter().any(|t| t.chars().count() > 50) {
            errors.add("tags", "Høyst 30 tags på høyst 50 tegn hver.");
        }
        let follow_up = errors.optional("follow_up", input.follow_up, 10).and_then(|day| {
            let parsed = crate::oslo::parse_day(&day);
            if parsed.is_none() {
                errors.add("follow_up", "Skriv en gyldig dato.");
            }
            parsed
        });
        let assignee_id = errors.optional("assignee_id", input.assignee_id, 40).and_then(|id| {
            let known = Uuid::parse_str(&id).ok().filter(|id| staff.iter().any(|member| member.id == *id));
            if known.is_none() {
                errors.add("assignee_id", "Velg en medarbeider fra listen.");
            }
            known
        });
        errors.finish()?;
        Ok(Self {
            name,
            email,
            phone,
            status,
            kilde,
            beskrivelse,
            adresse,
            postnr,
            tags,
            follow_up,
            assignee_id,
        })
    }
}

/// Trims tags and drops blanks and duplicates (case-insensitive), keeping the first.
pub fn normalize_tags(tags: Vec<String>) -> Vec<String> {
    let mut seen = Vec::<String>::new();
    let mut out = Vec::new();
    for tag in tags {
        let tag = tag.trim().to_owned();
        let key = tag.to_lowercase();
        if !tag.is_empty() && !seen.contains(&key) {
            seen.push(key);
            out.push(tag);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_lose_blanks_and_duplicates() {
        let tags = normalize_tags(vec![" bad ".into(), "".into(), "Bad".into(), "akutt".into(), "  ".into()]);
        assert_eq!(tags, ["bad", "akutt"]);
    }
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct RecentLead {
    pub id: Uuid,
    pub name: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
}

/// An open lead due for follow-up.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct FollowUp {
    pub id: Uuid,
    pub name: String,
    pub status: String,
    pub follow_up: NaiveDate,
    /// Who works the lead, by name.
    pub assignee: Option<String>,
}
