//! A job's plan told to its customer (#63): the office reads the e-mail as it would go now
//! (which days, from when, who comes and how to reach them; on a change, what changed) and
//! sends it, edited or not, with a calendar file of the days (`crate::visits::invitation::
//! job_days`). Each notice is kept with the days it told (`fagfolk_data::planning::notice`),
//! which the next one is compared with.
//!
//! The send is the reminders' (`crate::reminders::routes`): the notice is kept first (so a
//! second send of the same moment meets it at its unique number), then mailed while the
//! office waits, at most 20 seconds, so it hears at once if the mail server refused; then
//! taken back, or audited and noted on the lead's timeline.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveTime;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::letter::{self, Facts};
use crate::http::error::{ApiResult, ErrorBody, OrNotFound};
use crate::http::{ApiJson, ApiPath};
use crate::state::AppState;
use crate::visits::invitation::{self, JobDay, Person};
use fagfolk_data::audit::{AuditAction, AuditEntity};
use fagfolk_data::auth::CurrentUser;
use fagfolk_data::jobs::{self, Job, JobStatus};
use fagfolk_data::planning::input::{self, PlanNoticeInput};
use fagfolk_data::planning::notice::{self, PlanNotice, PlannedPerson, ToldDay};
use fagfolk_data::planning::{Refused, store};

/// The e-mail about a job's plan as it would go now, and those sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanNoticePreview {
    /// The customer's e-mail address, when they have one.
    pub to: Option<String>,
    /// Whether it can be e-mailed: the server has e-mail and the customer an address.
    pub can_email: bool,
    pub subject: String,
    /// The text as it would go; the office may edit it.
    pub text: String,
    /// Nothing told yet: this would be the first.
    pub first: bool,
    /// What changed since the last notice, as the customer reads it.
    pub changes: Vec<String>,
    /// The days as planned now, as the customer is told them.
    pub days: Vec<ToldDay>,
    /// The plan is as last told: nothing to send.
    pub unchanged: bool,
    /// Why it cannot be sent now; none when it can.
    pub not_now: Option<String>,
    /// What the office has seen (the days, the address, the notice's number), sent back
    /// with the send.
    pub seen: String,
    /// The notices sent, oldest first.
    pub sent: Vec<PlanNotice>,
}

/// A notice worked out from the job and its plan.
struct Composed {
    preview: PlanNoticePreview,
    /// The notices sent before (this one's number).
    number: i32,
    /// Days told before and no longer planned.
    gone: Vec<ToldDay>,
    people: Vec<PlannedPerson>,
    firm: String,
    refused: Option<Refused>,
}

async fn compose(state: &AppState, job: &Job) -> ApiResult<Composed> {
    let people = store::planned_people(&state.db, job.id).await?;
    let settings = fagfolk_data::settings::store::facts(&state.db).await?;
    let ordinary = settings.as_ref().map(|facts| facts.working_time).unwrap_or_default().day_minutes;
    let firm_phone = settings.and_then(|facts| facts.global_phone_primary);
    let days = notice::told_days(&people, ordinary);
    let sent = store::notices(&state.db, job.id).await?;
    let before = sent.last().map(|last| last.days.clone()).unwrap_or_default();
    let number = sent.last().map_or(0, |last| last.number + 1);
    let first = sent.is_empty();
    // The first notice tells the days; only a later one says what changed.
    let changes = if first { Vec::new() } else { letter::change_lines(&notice::changes(&before, &days)) };
    let gone: Vec<ToldDay> = notice::gone(&before, &days).into_iter().cloned().collect();
    let to = jobs::customer_email(&state.db, job).await?.filter(|email| fagfolk_data::text::is_email(email));
    let letterhead = crate::mail::send::letterhead(state).await;
    let firm = match (letterhead.firm.is_empty(), &state.notifier) {
        (true, Some(notifier)) => notifier.sender().0.unwrap_or_default(),
        _ => letterhead.firm,
    };
    let mut contacts: Vec<(String, Option<String>)> =
        people.iter().map(|person| (person.name.clone(), person.phone.clone())).collect();
    contacts.sort();
    contacts.dedup();
    let facts = Facts {
        customer: &job.customer_name,
        title: &job.title,
        address: job.customer_address.as_deref(),
        firm: &firm,
        contacts: &contacts,
        firm_phone: firm_phone.as_deref(),
    };
    let unchanged = !first && before == days;
    let refused = if job.status == JobStatus::Invoiced {
        Some(Refused::NoticeClosed)
    } else if state.notifier.is_none() {
        Some(Refused::NoMail)
    } else if to.is_none() {
        Some(Refused::NoCustomerEmail)
    } else if days.is_empty() && gone.is_empty() {
        Some(Refused::NothingPlanned)
    } else if unchanged {
        Some(Refused::Unchanged)
    } else {
        None
    };
    let preview = PlanNoticePreview {
        can_email: state.notifier.is_some() && to.is_some(),
        subject: letter::subject(&job.title, first),
        text: letter::text(&facts, &days, &changes, first),
        first,
        changes,
        unchanged,
        not_now: refused.map(|refused| fagfolk_data::refusal::Refusal::text(&refused).into_owned()),
        seen: notice::fingerprint(number, to.as_deref(), &days),
        to,
        days,
        sent,
    };
    Ok(Composed { preview, number, gone, people, firm, refused })
}

/// The e-mail about job `id`'s plan as it would go now, what changed since the last, and
/// those sent.
#[utoipa::path(
    get, path = "/api/admin/jobs/{id}/plan-notice", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")),
    responses((status = 200, description = "E-posten slik den vil bli sendt, og de som er sendt", body = PlanNoticePreview))
)]
pub(super) async fn plan_notice(
    State(state): State<AppState>,
    _user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<PlanNoticePreview>> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    Ok(Json(compose(&state, &job).await?.preview))
}

/// Sends job `id`'s customer its plan: the text (as shown, or edited) with a calendar file
/// of the days, the days no longer planned cancelled. Refused when it cannot be e-mailed,
/// when nothing is planned or changed, and when the plan changed after the office read it.
#[utoipa::path(
    post, path = "/api/admin/jobs/{id}/plan-notice", tag = "admin",
    params(("id" = Uuid, Path, description = "Oppdragets id")), request_body = PlanNoticeInput,
    responses(
        (status = 201, description = "E-posten er sendt", body = PlanNotice),
        (status = 409, description = "Kan ikke sendes nå, planen er endret siden, eller e-posttjeneren tok ikke imot den", body = ErrorBody),
        (status = 422, description = "Teksten er tom", body = ErrorBody),
    )
)]
pub(super) async fn send_plan_notice(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(input): ApiJson<PlanNoticeInput>,
) -> ApiResult<(StatusCode, Json<PlanNotice>)> {
    let job = jobs::store::get(&state.db, id).await?.or_not_found(jobs::NOT_FOUND)?;
    let input::NoticeText { text, seen } = input::read_notice(input)?;
    let composed = compose(&state, &job).await?;
    // What stops it whatever was seen first, then what was seen: a plan changed since is
    // read again before anything else is said of it.
    match composed.refused {
        Some(refused @ (Refused::NoticeClosed | Refused::NoMail | Refused::NoCustomerEmail)) => {
            return Err(refused.into());
        }
        _ if seen.as_deref() != Some(composed.preview.seen.as_str()) => {
            return Err(Refused::PlanChanged.into());
        }
        Some(refused) => return Err(refused.into()),
        None => {}
    }
    let (Some(notifier), Some(to)) = (state.notifier.clone(), composed.preview.to.clone()) else {
        return Err(Refused::NoMail.into());
    };
    let now = state.clock.now();
    let kept = PlanNotice {
        id: Uuid::now_v7(),
        job_id: job.id,
        number: composed.number,
        sent_to: to.clone(),
        subject: composed.preview.subject.clone(),
        body: format!("{text}\n"),
        days: composed.preview.days.clone(),
        sent_by: user.name.clone(),
        sent_at: now,
    };
    if !store::keep_notice(&state.db, &kept).await? {
        return Err(Refused::NoticeSent.into());
    }
    let ics = calendar(&state, &job, &composed, &notifier, now);
    let letterhead = crate::mail::send::letterhead(&state).await.replying_to(Some(&user.email));
    let sent = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        notifier.send_with_calendar(
            &to,
            &kept.subject,
            &kept.body,
            (&ics, "PUBLISH", "kalender.ics"),
            &letterhead,
        ),
    )
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")));
    if let Some(lead_id) = job.lead_id {
        crate::mail::send::record(&state, lead_id, &to, &kept.subject, &sent).await;
    }
    if let Err(err) = sent {
        tracing::error!(error = %format!("{err:#}"), job = %job.id, "kunne ikke sende planen til kunden");
        store::withdraw_notice(&state.db, kept.id).await?;
        return Err(Refused::NotDelivered.into());
    }
    let what = serde_json::json!({
        "job_title": job.title, "to": to, "first": composed.preview.first,
        "days": kept.days.iter().map(|day| day.day).collect::<Vec<_>>(),
        "changes": composed.preview.changes,
    });
    let entry = user.recorded(now, AuditAction::Send, AuditEntity::PlanNotices, Some(job.id), what);
    fagfolk_data::audit::store::record(&state.db, &entry).await?;
    Ok((StatusCode::CREATED, Json(kept)))
}

/// The days as calendar events: each planned day, and each day told before and no longer
/// planned as cancelled, numbered after the notices sent before.
fn calendar(
    state: &AppState,
    job: &Job,
    composed: &Composed,
    notifier: &crate::mail::Mailer,
    now: chrono::DateTime<chrono::Utc>,
) -> String {
    let host = state.config.public_url.host_str().unwrap_or("localhost");
    // The work first, as a calendar's day shows the start of it: "Nytt bad – Rør & Strøm AS".
    let summary = if composed.firm.is_empty() {
        job.title.clone()
    } else {
        format!("{} – {}", job.title, composed.firm)
    };
    let at = |day: &ToldDay| {
        let start = day.starts_at?;
        let clock =
            NaiveTime::from_hms_opt(u32::try_from(start / 60).ok()?, u32::try_from(start % 60).ok()?, 0)?;
        Some((clock, u32::try_from(day.ends_at.unwrap_or(start) - start).unwrap_or(0)))
    };
    let describe = |day: &ToldDay| {
        let mut lines = vec![format!("Kommer: {}", day.people.join(", "))];
        for person in composed.people.iter().filter(|person| person.day == day.day) {
            if let Some(phone) = &person.phone {
                lines.push(format!("{}: {phone}", person.name));
            }
        }
        lines.join("\n")
    };
    let planned: Vec<(ToldDay, String)> =
        composed.preview.days.iter().map(|day| (day.clone(), describe(day))).collect();
    let cancelled = "Denne dagen er tatt ut av planen.";
    let mut days: Vec<JobDay<'_>> = planned
        .iter()
        .map(|(day, description)| JobDay {
            day: day.day,
            at: at(day),
            summary: &summary,
            description,
            cancelled: false,
        })
        .collect();
    days.extend(composed.gone.iter().map(|day| JobDay {
        day: day.day,
        at: at(day),
        summary: &summary,
        description: cancelled,
        cancelled: true,
    }));
    days.sort_by_key(|day| day.day);
    let (_, organizer_email) = notifier.sender();
    let place = job.customer_address.clone().unwrap_or_default();
    invitation::job_days(
        job.id,
        u32::try_from(composed.number).unwrap_or_default(),
        &days,
        (&place, Person { name: &composed.firm, email: &organizer_email }),
        now,
        host,
    )
}
