//! Personvern: what the firm stores about a person (found by e-mail address or phone
//! number) exported as JSON or erased, and a retention rule that anonymises won and lost
//! leads after a number of months. Administrators only; every run is audited, and the
//! audit entries name no person: they count what was found.
//!
//! Erasing deletes the person's leads (their notes, e-mails and merges go with them) and
//! contact-form enquiries, and empties the changes of the audit entries about those
//! leads: who did what, and when, is kept. Backups made before keep their copy until
//! they are rotated away (README.md, "Privacy").

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Months, Utc};
use serde::{Deserialize, Serialize};
use sqlx::QueryBuilder;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::audit::{AuditEntry, NewAudit};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::http::ApiJson;
use crate::http::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::leads::history::Note;
use crate::leads::model::Lead;
use crate::settings::{self, StatusKind};
use crate::state::AppState;
use crate::text::phone_digits;
use crate::{audited, db_run};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(export_person))
        .routes(routes!(erase_person))
        .routes(routes!(get_retention, set_retention))
}

/// Who the firm stores data about: an e-mail address (any case) or a phone number (by its
/// digits, with or without +47).
#[derive(Debug, Deserialize, ToSchema)]
pub struct PersonInput {
    pub person: Option<String>,
}

enum Person {
    Email(String),
    Phone(String),
}

impl Person {
    fn parse(input: PersonInput) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let text =
            errors.required("person", input.person, 254, "Skriv en e-postadresse eller et telefonnummer.");
        errors.finish()?;
        if text.contains('@') {
            return Ok(Self::Email(text.to_lowercase()));
        }
        let digits = phone_digits(&text);
        if digits.len() < 6 || text.chars().any(|c| c.is_alphabetic()) {
            return Err(ApiError::field("person", "Skriv en e-postadresse eller et telefonnummer."));
        }
        Ok(Self::Phone(digits))
    }

    fn matches(&self, email: Option<&str>, phone: Option<&str>) -> bool {
        match self {
            Self::Email(wanted) => email.is_some_and(|email| email.to_lowercase() == *wanted),
            Self::Phone(wanted) => phone.is_some_and(|phone| phone_digits(phone) == *wanted),
        }
    }
}

/// A contact-form enquiry as stored.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct StoredSubmission {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub service: Option<String>,
    pub message: String,
    pub lead_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

/// An e-mail to staff about one of the person's leads.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct SentEmail {
    pub lead_id: Uuid,
    pub sent_at: DateTime<Utc>,
    pub recipient: String,
    pub subject: String,
    pub error: Option<String>,
}

/// Everything stored about a person.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonData {
    /// The e-mail address or phone number asked about.
    pub person: String,
    pub exported_at: DateTime<Utc>,
    pub leads: Vec<Lead>,
    pub notes: Vec<Note>,
    pub submissions: Vec<StoredSubmission>,
    pub emails: Vec<SentEmail>,
    /// The audit log's entries about the leads.
    pub audit: Vec<AuditEntry>,
}

/// How much an erasure removed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Erased {
    pub leads: usize,
    pub submissions: usize,
    pub notes: usize,
    /// Audit entries whose changes were emptied.
    pub audit_entries: usize,
}

/// The person's leads and enquiries; 404 when there are none.
async fn found(db: &Db, person: &Person) -> ApiResult<(Vec<Lead>, Vec<StoredSubmission>)> {
    let leads = match person {
        Person::Email(email) => crate::leads::store::by_contact(db, Some(email), None).await?,
        Person::Phone(digits) => crate::leads::store::by_contact(db, None, Some(digits)).await?,
    };
    let ids: Vec<Uuid> = leads.iter().map(|lead| lead.id).collect();
    // Enquiries are few; each is compared in full, so a number written any way is found.
    let all: Vec<StoredSubmission> = db_run!(db, pool => sqlx::query_as(
        "SELECT id, name, email, phone, service, message, lead_id, created_at FROM contact_submissions ORDER BY created_at",
    )
    .fetch_all(pool)
    .await)?;
    let submissions = all
        .into_iter()
        .filter(|s| {
            s.lead_id.is_some_and(|id| ids.contains(&id)) || person.matches(Some(&s.email), Some(&s.phone))
        })
        .collect::<Vec<_>>();
    if leads.is_empty() && submissions.is_empty() {
        return Err(ApiError::NotFound("Fant ingen opplysninger om denne personen.".to_owned()));
    }
    Ok((leads, submissions))
}

/// How many notes the leads `ids` have.
async fn note_count(db: &Db, ids: &[Uuid]) -> Result<usize, sqlx::Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    let (count,): (i64,) = db_run!(db, pool => {
        let mut query = QueryBuilder::new("SELECT COUNT(*) FROM lead_notes WHERE");
        crate::db::push_in(&mut query, "lead_id", ids);
        query.build_query_as().fetch_one(pool).await
    })?;
    Ok(usize::try_from(count).unwrap_or_default())
}

/// The audit entries about `ids` (leads).
async fn audit_about(db: &Db, ids: &[String]) -> Result<Vec<AuditEntry>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    db_run!(db, pool => {
        let mut query = QueryBuilder::new(
            "SELECT id, created_at, action, entity_type, entity_id, performed_by, changes FROM audit_logs \
             WHERE entity_type = 'leads' AND",
        );
        crate::db::push_in(&mut query, "entity_id", ids);
        query.push(" ORDER BY created_at, id");
        query.build_query_as().fetch_all(pool).await
    })
}

/// Everything stored about a person, as JSON (innsyn). Sent as POST so the address or
/// number stays out of URLs and logs.
#[utoipa::path(
    post, path = "/api/admin/privacy/export", tag = "admin", security(("session" = [])), request_body = PersonInput,
    responses(
        (status = 200, description = "Alt som er lagret om personen", body = PersonData),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 404, description = "Ingen opplysninger", body = ErrorBody),
        (status = 422, description = "Verken e-post eller telefon", body = ErrorBody),
    )
)]
async fn export_person(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PersonInput>,
) -> ApiResult<Json<PersonData>> {
    user.require_admin()?;
    let asked = input.person.clone().unwrap_or_default().trim().to_owned();
    let person = Person::parse(input)?;
    let (leads, submissions) = found(&state.db, &person).await?;
    let mut notes = Vec::new();
    let mut emails = Vec::new();
    for lead in &leads {
        notes.extend(crate::leads::history::notes(&state.db, lead.id).await?);
        emails.extend(crate::leads::history::sent_emails(&state.db, lead.id).await?);
    }
    let ids: Vec<String> = leads.iter().map(|lead| lead.id.to_string()).collect();
    let audit = audit_about(&state.db, &ids).await?;
    let now = state.clock.now();
    let counts =
        serde_json::json!({ "leads": leads.len(), "submissions": submissions.len(), "notes": notes.len() });
    let entry = NewAudit::new(
        now,
        "export",
        "privacy",
        None,
        &user.email,
        Some(serde_json::json!({ "before": {}, "after": counts })),
    );
    audited!(&state.db, &entry, _tx => ())?;
    Ok(Json(PersonData { person: asked, exported_at: now, leads, notes, submissions, emails, audit }))
}

/// Erase everything stored about a person: their leads (with notes and e-mails) and
/// enquiries are deleted, and the audit entries about the leads lose their changes.
#[utoipa::path(
    post, path = "/api/admin/privacy/erase", tag = "admin", security(("session" = [])), request_body = PersonInput,
    responses(
        (status = 200, description = "Slettet", body = Erased),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 404, description = "Ingen opplysninger", body = ErrorBody),
        (status = 422, description = "Verken e-post eller telefon", body = ErrorBody),
    )
)]
async fn erase_person(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PersonInput>,
) -> ApiResult<Json<Erased>> {
    user.require_admin()?;
    let person = Person::parse(input)?;
    let (leads, submissions) = found(&state.db, &person).await?;
    let lead_ids: Vec<Uuid> = leads.iter().map(|lead| lead.id).collect();
    let notes = note_count(&state.db, &lead_ids).await?;
    let entity_ids: Vec<String> = lead_ids.iter().map(Uuid::to_string).collect();
    let audit_entries = audit_about(&state.db, &entity_ids).await?.len();
    let submission_ids: Vec<Uuid> = submissions.iter().map(|s| s.id).collect();
    let erased = Erased { leads: leads.len(), submissions: submissions.len(), notes, audit_entries };
    let after = serde_json::to_value(&erased).unwrap_or_default();
    let entry = NewAudit::new(
        state.clock.now(),
        "erase",
        "privacy",
        None,
        &user.email,
        Some(serde_json::json!({ "before": {}, "after": after })),
    );
    audited!(&state.db, &entry, tx => {
        if !entity_ids.is_empty() {
            let mut query = QueryBuilder::new("UPDATE audit_logs SET changes = NULL WHERE entity_type = 'leads' AND");
            crate::db::push_in(&mut query, "entity_id", &entity_ids);
            query.build().execute(&mut *tx).await?;
        }
        if !submission_ids.is_empty() {
            let mut query = QueryBuilder::new("DELETE FROM contact_submissions WHERE");
            crate::db::push_in(&mut query, "id", &submission_ids);
            query.build().execute(&mut *tx).await?;
        }
        if !lead_ids.is_empty() {
            let mut query = QueryBuilder::new("DELETE FROM leads WHERE");
            crate::db::push_in(&mut query, "id", &lead_ids);
            query.build().execute(&mut *tx).await?;
        }
    })?;
    tracing::info!(leads = erased.leads, submissions = erased.submissions, "personopplysninger slettet");
    Ok(Json(erased))
}

/// The retention rule: months a won or lost lead keeps its personal data; `null` is off.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Retention {
    #[serde(default, deserialize_with = "crate::http::whole_number")]
    pub months: Option<i64>,
}

/// The retention rule.
#[utoipa::path(
    get, path = "/api/admin/privacy/retention", tag = "admin", security(("session" = [])),
    responses(
        (status = 200, description = "Sletteregelen", body = Retention),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
    )
)]
async fn get_retention(State(state): State<AppState>, _user: CurrentUser) -> ApiResult<Json<Retention>> {
    Ok(Json(Retention { months: retention_months(&state.db).await? }))
}

/// Set the retention rule (administrators only): won and lost leads not changed for this
/// many months (1-120) are anonymised once a day; `null` turns it off.
#[utoipa::path(
    put, path = "/api/admin/privacy/retention", tag = "admin", security(("session" = [])), request_body = Retention,
    responses(
        (status = 200, description = "Lagret", body = Retention),
        (status = 401, description = "Ikke innlogget", body = ErrorBody),
        (status = 403, description = "Bare administratorer", body = ErrorBody),
        (status = 422, description = "Ugyldig antall måneder", body = ErrorBody),
    )
)]
async fn set_retention(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<Retention>,
) -> ApiResult<Json<Retention>> {
    user.require_admin()?;
    if input.months.is_some_and(|months| !(1..=120).contains(&months)) {
        return Err(ApiError::field("months", "Velg mellom 1 og 120 måneder, eller slå regelen av."));
    }
    let before = retention_months(&state.db).await?;
    let now = state.clock.now();
    let changes = crate::audit::changes(
        &serde_json::json!({ "retention_months": before }),
        &serde_json::json!({ "retention_months": input.months }),
    );
    if changes.is_some() {
        let entry = NewAudit::new(now, "update", "settings", None, &user.email, changes);
        audited!(&state.db, &entry, tx => {
            sqlx::query("UPDATE settings SET retention_months = $1, updated_at = $2 WHERE id = 1")
                .bind(input.months)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        })?;
        // Applied at once, not only at the next daily run.
        apply_retention(&state.db, now).await?;
    }
    Ok(Json(input))
}

async fn retention_months(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(Option<i64>,)> = db_run!(db, pool =>
        sqlx::query_as("SELECT retention_months FROM settings WHERE id = 1").fetch_optional(pool).await)?;
    Ok(row.and_then(|(months,)| months))
}

/// Who the audit log says anonymised leads by the retention rule.
pub const RETENTION_ACTOR: &str = "automatisk (sletteregel)";

/// Anonymises the won and lost leads last changed more than the retention rule's months
/// before `now`: name "Anonymisert", contact details, description and address gone, their
/// notes, enquiries, e-mails and merges deleted, their audit entries' changes emptied.
/// Status, source, tags and dates stay for the statistics. Answers how many leads it
/// anonymised; does nothing when the rule is off. Run daily by [`keep_retention`].
pub async fn apply_retention(db: &Db, now: DateTime<Utc>) -> Result<usize, sqlx::Error> {
    let Some(months) = retention_months(db).await? else { return Ok(0) };
    let Some(cutoff) = now.checked_sub_months(Months::new(months.clamp(1, 120) as u32)) else { return Ok(0) };
    let closed: Vec<String> = settings::stages(db)
        .await?
        .into_iter()
        .filter(|stage| matches!(stage.kind, StatusKind::Won | StatusKind::Lost))
        .map(|stage| stage.name)
        .collect();
    if closed.is_empty() {
        return Ok(0);
    }
    let mut done = 0;
    loop {
        let ids: Vec<(Uuid,)> = db_run!(db, pool => {
            let mut query = QueryBuilder::new("SELECT id FROM leads WHERE anonymized_at IS NULL AND updated_at < ");
            query.push_bind(cutoff).push(" AND");
            crate::db::push_in(&mut query, "status", &closed);
            query.push(" LIMIT 500");
            query.build_query_as().fetch_all(pool).await
        })?;
        if ids.is_empty() {
            return Ok(done);
        }
        let ids: Vec<Uuid> = ids.into_iter().map(|(id,)| id).collect();
        let entity_ids: Vec<String> = ids.iter().map(Uuid::to_string).collect();
        let changes = serde_json::json!({ "before": {}, "after": { "leads": ids.len(), "months": months } });
        let entry = NewAudit::new(now, "anonymize", "leads", None, RETENTION_ACTOR, Some(changes));
        audited!(db, &entry, tx => {
            let mut query = QueryBuilder::new(
                "UPDATE leads SET name = 'Anonymisert', email = NULL, phone = NULL, beskrivelse = NULL, \
                 adresse = NULL, postnr = NULL, search = 'anonymisert', phone_digits = '', follow_up = NULL, \
                 duplicate_of = NULL, anonymized_at = ",
            );
            query.push_bind(now).push(" WHERE");
            crate::db::push_in(&mut query, "id", &ids);
            query.build().execute(&mut *tx).await?;
            for table in ["lead_notes", "contact_submissions", "lead_emails", "lead_merges"] {
                let mut query = QueryBuilder::new(format!("DELETE FROM {table} WHERE"));
                crate::db::push_in(&mut query, "lead_id", &ids);
                query.build().execute(&mut *tx).await?;
            }
            let mut query = QueryBuilder::new("UPDATE audit_logs SET changes = NULL WHERE entity_type = 'leads' AND");
            crate::db::push_in(&mut query, "entity_id", &entity_ids);
            query.build().execute(&mut *tx).await?;
        })?;
        done += ids.len();
    }
}

/// Applies the retention rule now and then once a day, for as long as the server runs.
pub async fn keep_retention(db: Db, clock: crate::clock::Clock) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(24 * 60 * 60));
    loop {
        every.tick().await;
        match apply_retention(&db, clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(leads = n, "leads anonymisert etter sletteregelen"),
            Err(err) => tracing::error!(error = %err, "sletteregelen feilet"),
        }
    }
}
