//! A lead's history: the notes staff write on it, and its timeline, which gathers what
//! happened to it from where each thing is already kept: its creation and every status
//! change and edit from the audit log, its notes, the contact-form enquiries behind it
//! (`contact_submissions`) and the e-mails sent about it (`lead_emails`, written by
//! `crate::contact::notify`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

pub use fagfolk_data::leads::history::*;

use crate::http::error::OrNotFound;
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::leads::input::{self, NoteInput};

/// One field of an edit: its value before and after.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldChange {
    /// The field's key, as in `Lead`.
    pub field: String,
    pub before: Value,
    pub after: Value,
}

/// One thing in a lead's timeline. `by` is the member of staff who did it, by name (or
/// e-mail address when they are no longer a user); empty for the website.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The lead came in: entered by staff, or from the website's contact form.
    Created {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    /// Moved from one status to another.
    Status {
        at: DateTime<Utc>,
        by: Option<String>,
        from: Option<String>,
        to: Option<String>,
    },
    /// Other fields edited.
    Changed {
        at: DateTime<Utc>,
        by: Option<String>,
        changes: Vec<FieldChange>,
    },
    Note {
        at: DateTime<Utc>,
        note: Note,
    },
    /// An enquiry sent through the contact form.
    Submission {
        at: DateTime<Utc>,
        submission: Submission,
    },
    /// An e-mail sent to staff about the lead; `error` says why it failed.
    Email {
        at: DateTime<Utc>,
        recipient: String,
        subject: String,
        error: Option<String>,
    },
    /// Another lead (`name`) was merged into this one; its history is part of this one's.
    Merged {
        at: DateTime<Utc>,
        by: Option<String>,
        name: String,
    },
    /// Something happened to one of the lead's quotes, said in Norwegian ("Tilbud
    /// 2026-0042 akseptert av Kari Nordmann").
    Quote {
        at: DateTime<Utc>,
        by: Option<String>,
        quote_id: Uuid,
        text: String,
    },
    /// A befaring booked, moved or cancelled, said in Norwegian ("Befaring avtalt søndag
    /// 25. oktober 2026 kl. 09:00–10:00, Ola drar").
    Visit {
        at: DateTime<Utc>,
        by: Option<String>,
        text: String,
    },
}

impl Event {
    fn at(&self) -> DateTime<Utc> {
        match self {
            Self::Created { at, .. }
            | Self::Status { at, .. }
            | Self::Changed { at, .. }
            | Self::Note { at, .. }
            | Self::Submission { at, .. }
            | Self::Email { at, .. }
            | Self::Merged { at, .. }
            | Self::Quote { at, .. }
            | Self::Visit { at, .. } => *at,
        }
    }
}

/// Everything that happened to lead `id`, newest first.
#[utoipa::path(
    get, path = "/api/admin/leads/{id}/timeline",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    responses(
        (status = 200, description = "Historikken, nyeste først", body = [Event]),
    )
)]
pub(super) async fn get_timeline(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Vec<Event>>> {
    let lead =
        fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let staff = fagfolk_data::users::store::staff(&state.db).await?;
    let name_of = |email: Option<String>| {
        email.map(|email| staff.iter().find(|m| m.email == email).map_or(email, |m| m.name.clone()))
    };
    // Leads merged into this one keep their history here.
    let merges = store::merges(&state.db, id).await?;
    let ids: Vec<String> =
        std::iter::once(id).chain(merges.iter().map(|m| m.merged_id)).map(|id| id.to_string()).collect();
    let audit = store::audit_rows(&state.db, &ids).await?;
    let own = Some(id.to_string());
    let created_by = audit
        .iter()
        .find(|row| row.action == "create" && row.entity_id == own)
        .and_then(|row| row.performed_by.clone());
    // An enquiry and the lead it made share a moment: gathered first, the enquiry shows above.
    let mut events: Vec<Event> = store::submissions(&state.db, id)
        .await?
        .into_iter()
        .map(|submission| Event::Submission { at: submission.created_at, submission })
        .collect();
    events.push(Event::Created { at: lead.created_at, by: name_of(created_by) });
    for row in audit.into_iter().filter(|row| row.action == "update") {
        let by = name_of(row.performed_by);
        let Some(changes) = row.changes else { continue };
        let mut fields: Vec<FieldChange> = changes["after"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(field, after)| FieldChange {
                field: field.clone(),
                before: changes["before"][field].clone(),
                after: after.clone(),
            })
            .collect();
        if let Some(place) = fields.iter().position(|change| change.field == "status") {
            let status = fields.remove(place);
            let text = |value: Value| value.as_str().map(str::to_owned);
            let (from, to) = (text(status.before), text(status.after));
            events.push(Event::Status { at: row.created_at, by: by.clone(), from, to });
        }
        if !fields.is_empty() {
            events.push(Event::Changed { at: row.created_at, by, changes: fields });
        }
    }
    events.extend(
        notes(&state.db, id).await?.into_iter().map(|note| Event::Note { at: note.created_at, note }),
    );
    events.extend(merges.into_iter().map(|merge| Event::Merged {
        at: merge.merged_at,
        by: name_of(Some(merge.merged_by)),
        name: merge.merged_name,
    }));
    events.extend(sent_emails(&state.db, id).await?.into_iter().map(|row| Event::Email {
        at: row.sent_at,
        recipient: row.recipient,
        subject: row.subject,
        error: row.error,
    }));
    for quote in fagfolk_data::quotes::store::of_lead(&state.db, id).await? {
        events.extend(quote_events(&quote));
    }
    for visit in fagfolk_data::visits::store::of_lead(&state.db, id).await? {
        events.extend(visit_events(&visit));
    }
    // Stable, so what happened in one moment keeps the order it was gathered in.
    events.sort_by_key(|event| std::cmp::Reverse(event.at()));
    Ok(Json(events))
}

/// What happened to `visit`: booked, and moved (to where it is now) or cancelled. A visit
/// keeps only its latest time, so moves show as one, at the last.
fn visit_events(visit: &fagfolk_data::visits::Visit) -> Vec<Event> {
    let when = fagfolk_data::oslo::when(visit.starts_at, visit.minutes);
    let booked =
        |text: String| Event::Visit { at: visit.created_at, by: Some(visit.booked_by.clone()), text };
    let who = &visit.staff_name;
    match (visit.cancelled_at, visit.sequence) {
        (None, 0) => vec![booked(format!("Befaring avtalt {when}, {who} drar"))],
        (None, _) => vec![
            booked(format!("Befaring avtalt, {who} drar")),
            Event::Visit {
                at: visit.updated_at,
                by: None,
                text: format!("Befaringen ble flyttet til {when}"),
            },
        ],
        (Some(at), _) => vec![
            booked(format!("Befaring avtalt, {who} drar")),
            Event::Visit { at, by: None, text: format!("Befaringen {when} ble avlyst") },
        ],
    }
}

/// What happened to `quote`, one event per step, in plain Norwegian.
fn quote_events(quote: &fagfolk_data::quotes::Quote) -> Vec<Event> {
    let label = quote.label();
    let event = |at, by: Option<&String>, text: String| Event::Quote {
        at,
        by: by.cloned(),
        quote_id: quote.id,
        text,
    };
    let mut events = vec![event(quote.created_at, Some(&quote.owner_name), format!("Tilbud {label} laget"))];
    let steps = [
        (quote.sent_at, quote.sent_by.as_ref(), format!("Tilbud {label} sendt til kunden")),
        (quote.first_opened_at, None, format!("Kunden åpnet tilbud {label}")),
        (
            quote.accepted_at,
            None,
            format!("Tilbud {label} akseptert av {}", quote.accepted_name.clone().unwrap_or_default()),
        ),
        (
            quote.declined_at,
            None,
            match &quote.decline_reason {
                Some(reason) => format!("Kunden avslo tilbud {label}: «{reason}»"),
                None => format!("Kunden avslo tilbud {label}"),
            },
        ),
        (quote.withdrawn_at, quote.withdrawn_by.as_ref(), format!("Tilbud {label} trukket tilbake")),
        (quote.replaced_at, quote.replaced_by.as_ref(), format!("Tilbud {label} erstattet av en ny versjon")),
    ];
    for (at, by, text) in steps {
        if let Some(at) = at {
            events.push(event(at, by, text));
        }
    }
    events
}

/// Add a note to a lead, signed by the signed-in user.
#[utoipa::path(
    post, path = "/api/admin/leads/{id}/notes",
    params(("id" = Uuid, Path, description = "Lead-ens id")), tag = "admin",
    request_body = NoteInput,
    responses(
        (status = 201, description = "Notatet er lagret", body = Note),
        (status = 422, description = "Tomt eller for langt notat", body = ErrorBody),
    )
)]
pub(super) async fn create_note(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<NoteInput>,
) -> ApiResult<(StatusCode, Json<Note>)> {
    let body = input::read_note(input)?;
    fagfolk_data::leads::store::get(&state.db, id).await?.or_not_found(fagfolk_data::leads::NOT_FOUND)?;
    let note = Note {
        id: Uuid::now_v7(),
        lead_id: id,
        author_id: Some(user.id),
        author_name: user.name.clone(),
        body,
        created_at: state.clock.now(),
    };
    let entry =
        user.recorded(note.created_at, AuditAction::Note, AuditEntity::Leads, Some(id), note_view(&note));
    let written = store::insert_note(&state.db, &note, &entry).await?;
    if written == 0 {
        return Err(ApiError::not_found(fagfolk_data::leads::NOT_FOUND));
    }
    Ok((StatusCode::CREATED, Json(note)))
}

/// What the log keeps of a note written or deleted. The entry is the lead's (action
/// `note` or `delete_note`), so the log names the lead it was written on.
fn note_view(note: &Note) -> Value {
    serde_json::json!({ "note": note.body })
}

/// Delete a note: its author's own, or any as an administrator.
#[utoipa::path(
    delete, path = "/api/admin/leads/{id}/notes/{note_id}",
    params(
        ("id" = Uuid, Path, description = "Lead-ens id"),
        ("note_id" = Uuid, Path, description = "Notatets id"),
    ),
    tag = "admin",
    responses(
        (status = 204, description = "Slettet"),
        (status = 403, description = "Andres notat", body = ErrorBody),
    )
)]
pub(super) async fn delete_note(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath((id, note_id)): ApiPath<(Uuid, Uuid)>,
) -> ApiResult<StatusCode> {
    let note: Option<Note> = store::note(&state.db, id, note_id).await?;
    let note = note.ok_or(fagfolk_data::leads::Refused::NoNote)?;
    if note.author_id != Some(user.id) && !user.is_admin() {
        return Err(fagfolk_data::leads::Refused::NoteNotYours.into());
    }
    let now = state.clock.now();
    let entry = user.removed(now, AuditAction::DeleteNote, AuditEntity::Leads, Some(id), note_view(&note));
    store::delete_note(&state.db, note.id, &entry).await?;
    Ok(StatusCode::NO_CONTENT)
}
