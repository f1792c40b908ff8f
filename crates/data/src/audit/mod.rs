//! The audit log (README, "Roles"), written by the server for every admin mutation:
//! `changes = {"before": {...}, "after": {...}}` with the changed fields only. What an
//! entry is and how it is read; the handlers are the server's (`src/audit/mod.rs`).

pub mod input;
pub mod refused;
pub mod store;

pub use refused::Refused;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::db::Db;

/// What an entry says was done (`audit_logs.action`). An enum in the OpenAPI document,
/// so the web app's words for it (`web/src/features/audit/words.ts`) are checked against
/// it: a new action without words fails `make lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    Create,
    Update,
    Delete,
    Login,
    Logout,
    Password,
    Reorder,
    Clear,
    Note,
    DeleteNote,
    Merge,
    /// A person's data looked up on Personvern (innsyn), shown on the screen.
    Lookup,
    /// Data taken away: the leads as CSV, or a person's data as a file.
    Export,
    Erase,
    Anonymize,
    /// A quote sent to its customer.
    Send,
    /// A new version of a quote ("Revider").
    Revise,
    Withdraw,
    /// The customer accepted a quote on its page.
    Accept,
    /// The customer declined a quote on its page.
    Decline,
    /// A befaring called off.
    Cancel,
    /// A samsvarserklæring signed by the responsible person.
    Sign,
    /// The bank's file of incoming payments read in.
    Import,
    /// A waiting payment booked on an invoice by the office.
    Match,
    /// An imported payment taken off its invoice: it waits for the office again.
    Unmatch,
    /// A waiting payment set aside as no payment of an invoice.
    SetAside,
    /// A purring or an inkassovarsel sent for an invoice.
    Remind,
    /// A month's hours approved by the office (`crate::jobs::month`).
    Approve,
    /// An approved month opened again by the office.
    Reopen,
}

/// What kind of thing an entry is about (`audit_logs.entity_type`), named after its table
/// as the log has always stored it; an enum in the OpenAPI document, as the action is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AuditEntity {
    Leads,
    ServicesAdmin,
    Categories,
    ContentItems,
    Media,
    AdminUsers,
    Settings,
    AuditLogs,
    Privacy,
    Quotes,
    Visits,
    /// A member of staff's private calendar address (made, replaced or switched off).
    CalendarFeeds,
    /// Oppdrag.
    Jobs,
    /// An hour entry of the time sheet.
    TimeEntries,
    /// A material line on a job.
    JobMaterials,
    /// A § 7 contact recorded on a job.
    JobContacts,
    /// An invoice or a credit note made for a job.
    Invoices,
    /// A samsvarserklæring on a job.
    Declarations,
    /// A job's link to its documents for the customer (made, replaced or taken back).
    DocumentLinks,
    /// A payment of an invoice (registered, imported, booked, set aside).
    Payments,
    /// A person planned on a job for a day (planned, moved, removed).
    PlanDays,
    /// A person away for a day (ferie, syk, kurs).
    Absences,
    /// What a job's customer was told of its plan (an e-mail with the days; its id is the job's).
    PlanNotices,
}

/// The stored text of an enum value: its serde name.
fn stored<T: Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(text)) => text,
        _ => unreachable!("audit enums serialize as strings"),
    }
}

impl AuditAction {
    pub fn as_str(self) -> String {
        stored(self)
    }
}

impl AuditEntity {
    pub fn as_str(self) -> String {
        stored(self)
    }
}

impl TryFrom<String> for AuditAction {
    type Error = serde_json::Error;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_value(Value::String(text))
    }
}

impl TryFrom<String> for AuditEntity {
    type Error = serde_json::Error;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_value(Value::String(text))
    }
}

/// An entry about to be written.
#[derive(Debug, Clone)]
pub struct NewAudit {
    pub at: DateTime<Utc>,
    pub action: String,
    pub entity_type: String,
    pub entity_id: Option<String>,
    pub performed_by: String,
    pub changes: Option<Value>,
    /// The change shows on the public site: the write that stores this entry also moves
    /// the site's change counter, in the same transaction (`audit::store`), and the
    /// request that made it waits for the pages (the server's `pages_caught_up`, src/app.rs).
    pub on_site: bool,
}

impl NewAudit {
    /// Marks a change the public site shows (see [`NewAudit::on_site`]).
    pub fn on_site(mut self) -> Self {
        self.on_site = true;
        self
    }

    pub fn new(
        at: DateTime<Utc>,
        action: AuditAction,
        entity_type: AuditEntity,
        entity_id: Option<Uuid>,
        performed_by: &str,
        changes: Option<Value>,
    ) -> Self {
        Self {
            at,
            action: action.as_str(),
            entity_type: entity_type.as_str(),
            entity_id: entity_id.map(|id| id.to_string()),
            performed_by: performed_by.to_owned(),
            changes,
            on_site: false,
        }
    }

    /// An entry for what was made or done without a row before it, kept as the change from
    /// nothing to `what` (the form every "made" entry has; `CurrentUser::created`).
    pub fn recorded(
        at: DateTime<Utc>,
        action: AuditAction,
        entity_type: AuditEntity,
        entity_id: Option<Uuid>,
        performed_by: &str,
        what: Value,
    ) -> Self {
        Self::new(
            at,
            action,
            entity_type,
            entity_id,
            performed_by,
            Some(serde_json::json!({ "before": {}, "after": what })),
        )
    }
}

/// The fields that differ between two JSON objects, as `{"before": {...}, "after": {...}}`;
/// `None` when nothing changed. Keys named like secrets are never included.
pub fn changes(before: &Value, after: &Value) -> Option<Value> {
    let empty = Map::new();
    let before = before.as_object().unwrap_or(&empty);
    let after = after.as_object().unwrap_or(&empty);
    let mut old = Map::new();
    let mut new = Map::new();
    for key in before.keys().chain(after.keys()) {
        if key.contains("password") || old.contains_key(key) || new.contains_key(key) {
            continue;
        }
        let (a, b) = (before.get(key).unwrap_or(&Value::Null), after.get(key).unwrap_or(&Value::Null));
        if a != b {
            old.insert(key.clone(), a.clone());
            new.insert(key.clone(), b.clone());
        }
    }
    (!new.is_empty()).then(|| serde_json::json!({ "before": old, "after": new }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AuditEntry {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    #[sqlx(try_from = "String")]
    pub action: AuditAction,
    #[sqlx(try_from = "String")]
    pub entity_type: AuditEntity,
    pub entity_id: Option<String>,
    /// What the entry is about, by name (a lead's or a user's name, a service's...): as it
    /// is now, or as the entry itself recorded it when it is gone.
    #[sqlx(skip)]
    pub entity_name: Option<String>,
    pub performed_by: Option<String>,
    #[sqlx(json(nullable))]
    pub changes: Option<Value>,
}

/// The audit log's filters: who, what kind of thing, and the days (in Norway) from and to.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditFilter {
    /// Who did it (`performed_by`, an e-mail address).
    pub user: Option<String>,
    /// What kind of thing (`entity_type`, as `leads`).
    pub entity_type: Option<String>,
    /// From this day (`YYYY-MM-DD`, in Norway).
    #[serde(default, deserialize_with = "crate::text::plain_date")]
    pub from: Option<NaiveDate>,
    /// To and with this day.
    #[serde(default, deserialize_with = "crate::text::plain_date")]
    pub to: Option<NaiveDate>,
    /// Page number, from 1.
    pub page: Option<i64>,
    /// Entries per page (1-200, default 50).
    pub per_page: Option<i64>,
}

/// One page of the audit log, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditLogPage {
    pub items: Vec<AuditEntry>,
    /// Entries matching the filters (all pages).
    pub total: i64,
    /// Everyone who appears in the log, for the user filter.
    pub users: Vec<String>,
    /// Every kind of thing in the log, for the type filter.
    pub entity_types: Vec<String>,
    /// The names of what this page's entries refer to by id or address, so the log reads
    /// as sentences: staff by their e-mail address (who did it) and by id (`assignee_id`),
    /// categories (`category_id`) and leads (`duplicate_of`). An id or address whose row is
    /// gone is left out.
    pub names: std::collections::BTreeMap<String, String>,
}

/// The keys in an entry's changes whose values are ids, and the table each names a row of.
const REFERENCES: [(&str, &str, &str); 3] = [
    ("assignee_id", "admin_users", "name"),
    ("category_id", "categories", "name"),
    ("duplicate_of", "leads", "name"),
];

/// The names `AuditLogPage::names` gives for `entries`.
pub async fn referenced_names(
    db: &Db,
    entries: &[AuditEntry],
) -> Result<std::collections::BTreeMap<String, String>, sqlx::Error> {
    let mut names = std::collections::BTreeMap::new();
    for (key, table, column) in REFERENCES {
        let ids: Vec<Uuid> = entries
            .iter()
            .filter_map(|entry| entry.changes.as_ref())
            .flat_map(|changes| [&changes["before"][key], &changes["after"][key]])
            .filter_map(|value| value.as_str().and_then(|id| Uuid::parse_str(id).ok()))
            .collect();
        if ids.is_empty() {
            continue;
        }
        for (id, name) in store::names(db, table, column, &ids).await? {
            if let Some(name) = name.filter(|name| !name.is_empty()) {
                names.insert(id.to_string(), name);
            }
        }
    }
    let emails: Vec<String> = entries.iter().filter_map(|entry| entry.performed_by.clone()).collect();
    names.extend(store::user_names(db, &emails).await?);
    Ok(names)
}

/// The tables whose rows have a name, and the column it is in.
pub(crate) const NAMED: [(&str, &str); 5] = [
    ("leads", "name"),
    ("services_admin", "name"),
    ("admin_users", "name"),
    ("categories", "name"),
    ("media", "name"),
];

/// Fills in `entity_name` of `entries`: the row's name now, or when it is gone the name
/// the entry recorded (`changes.before.name`, `changes.after.name` or, for content, its
/// text or title).
pub async fn name_entries(db: &Db, entries: &mut [AuditEntry]) -> Result<(), sqlx::Error> {
    for (table, column) in NAMED {
        let ids: Vec<Uuid> = entries
            .iter()
            .filter(|entry| entry.entity_type.as_str() == table)
            .filter_map(|entry| entry.entity_id.as_deref().and_then(|id| Uuid::parse_str(id).ok()))
            .collect();
        if ids.is_empty() {
            continue;
        }
        let rows = store::names(db, table, column, &ids).await?;
        for entry in entries.iter_mut().filter(|entry| entry.entity_type.as_str() == table) {
            let id = entry.entity_id.as_deref().and_then(|id| Uuid::parse_str(id).ok());
            entry.entity_name =
                rows.iter().find(|(row, _)| Some(*row) == id).and_then(|(_, name)| name.clone());
        }
    }
    for entry in entries.iter_mut().filter(|entry| entry.entity_name.is_none()) {
        entry.entity_name = recorded_name(entry.changes.as_ref());
    }
    Ok(())
}

fn recorded_name(changes: Option<&Value>) -> Option<String> {
    let changes = changes?;
    ["before", "after"].iter().find_map(|side| {
        let fields = &changes[side];
        let data = &fields["data"];
        [&fields["name"], &data["name"], &data["title"], &data["text"], &data["label"]]
            .into_iter()
            .find_map(|value| value.as_str().filter(|text| !text.is_empty()).map(str::to_owned))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_hold_only_the_changed_fields_and_never_passwords() {
        let before = json!({"name": "Kari", "status": "Ny", "password_hash": "x", "tags": []});
        let after = json!({"name": "Kari", "status": "Kontaktet", "password_hash": "y", "tags": ["bad"]});
        assert_eq!(
            changes(&before, &after),
            Some(
                json!({"before": {"status": "Ny", "tags": []}, "after": {"status": "Kontaktet", "tags": ["bad"]}})
            )
        );
        assert_eq!(changes(&before, &before), None);
    }
}
