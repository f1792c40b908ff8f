//! The customer's reminder the day before a befaring (unless it was booked or moved that
//! day or later, when its invitation came in the reminder's stead): sent once, by whichever instance
//! claims it first. Every instance looks now and then (`FAGFOLK_REMINDER_SECS`) for the
//! visits of tomorrow (in Oslo) not yet reminded, and claims each with one atomic update
//! (`fagfolk_data::visits::store::claim_reminder`) before it sends; two instances never
//! both send. A claim whose instance died before it was done lapses after [`LEASE`] and
//! is taken again; a mail server that fails lets the claim go, and the reminder is tried
//! at the next look, up to `REMINDER_TRIES` times. None of it is in a request's way: a
//! booking never waits for a reminder.

use std::time::Duration;

use chrono::TimeDelta;

use fagfolk_data::oslo;
use fagfolk_data::visits::store;

use super::mail;
use crate::state::AppState;

/// How long a claim holds: longer than a send may take (its timeout is 20 s).
const LEASE: TimeDelta = TimeDelta::minutes(2);

/// Looks for due reminders every `config.reminder_every`, for as long as the server runs.
/// Does nothing without e-mail.
pub async fn keep_sending(state: AppState) {
    if state.notifier.is_none() {
        return;
    }
    // Every instance looks at the same moments (whole multiples of the period since
    // 1970), so instances racing for one reminder is the usual case, not a rare one: the
    // claim has to hold, and tests/api/reminders.rs sees it does.
    let period = state.config.reminder_every;
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let into_period = Duration::from_nanos((since_epoch.as_nanos() % period.as_nanos().max(1)) as u64);
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + (period - into_period), period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(err) = send_due(&state).await {
            tracing::warn!(error = %err, "kunne ikke se etter påminnelser om befaring");
        }
    }
}

/// Sends every reminder due now that this instance claims.
async fn send_due(state: &AppState) -> Result<(), sqlx::Error> {
    let now = state.clock.now();
    let today = oslo::day_of(now);
    let tomorrow = today + TimeDelta::days(1);
    let (from, to) = (oslo::start_of(tomorrow), oslo::start_of(tomorrow + TimeDelta::days(1)));
    let start_of_today = oslo::start_of(today);
    // A befaring booked or moved today for tomorrow had its invitation within the
    // reminder's window: that was its reminder.
    for id in store::due_reminders(&state.db, (from, to), start_of_today, now - LEASE).await? {
        if !store::claim_reminder(&state.db, id, state.clock.now(), state.clock.now() - LEASE).await? {
            continue;
        }
        let sent = remind(state, id).await;
        let done = if sent { Some(state.clock.now()) } else { None };
        store::reminder_done(&state.db, id, done).await?;
    }
    Ok(())
}

/// Sends visit `id`'s reminder to its customer; whether it went (the lead's timeline
/// says so either way).
async fn remind(state: &AppState, id: uuid::Uuid) -> bool {
    let Some(notifier) = state.notifier.clone() else { return false };
    let Ok(Some(visit)) = store::get(&state.db, id).await else { return false };
    let Ok(Some(lead)) = fagfolk_data::leads::store::get(&state.db, visit.lead_id).await else {
        return false;
    };
    let Some(to) = lead.email.clone() else { return false };
    let letterhead = crate::mail::send::letterhead(state).await.replying_to(Some(&visit.staff_email));
    // Not sent without the number: the reminder is tried again later.
    let Ok(phone) = mail::phone_of(state, &visit).await else { return false };
    let place = mail::address(&lead);
    let subject = format!("Påminnelse: befaring i morgen kl. {}", oslo::clock(visit.starts_at));
    let text = format!(
        "Hei {}!\n\nVi minner om befaringen {}.\n\nAdresse: {}\nDen som kommer: {}\nTelefon: {phone}\n\n\
         Passer tiden ikke likevel, ring oss, så finner vi en ny.\n\nMed vennlig hilsen\n{}\n",
        lead.name,
        oslo::when(visit.starts_at, visit.minutes),
        if place.is_empty() { "avtales på telefon" } else { &place },
        visit.staff_name,
        letterhead.firm,
    );
    let sent = tokio::time::timeout(
        Duration::from_secs(20),
        notifier.send_with_pdf(&to, &subject, &text, None, &letterhead),
    )
    .await
    .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")));
    if let Err(err) = &sent {
        tracing::warn!(error = %format!("{err:#}"), visit = %id, "påminnelsen om befaring gikk ikke; prøver igjen senere");
    }
    crate::mail::send::record(state, lead.id, &to, &subject, &sent).await;
    sent.is_ok()
}
