//! A befaring's e-mails: when it is booked, moved or cancelled, the customer (when the
//! lead has an address) and the member of staff who goes each get an e-mail that says
//! when and where, with the calendar invitation (`super::invitation`). They are sent in
//! the background, so a slow or failing mail server never holds up a booking; each is
//! noted on the lead's timeline, sent or not (`crate::mail::send::record`).

use fagfolk_data::leads::model::Lead;
use fagfolk_data::oslo;
use fagfolk_data::visits::Visit;

use super::invitation::{self, Method, Person};
use crate::mail::Letterhead;
use crate::state::AppState;

/// What happened to the visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Booked,
    Moved,
    Cancelled,
}

/// The lead's address on one line, as the invitation's place.
pub fn address(lead: &Lead) -> String {
    crate::mail::letter::place(lead.adresse.as_deref(), lead.postnr.as_deref())
}

/// The number the customer is given: whoever comes, by their own number; the firm's when
/// they have none. A failed read of the firm's is an error, never "no number".
pub async fn phone_of(state: &AppState, visit: &Visit) -> Result<String, sqlx::Error> {
    if let Some(phone) = &visit.staff_phone {
        return Ok(phone.clone());
    }
    let facts = fagfolk_data::settings::store::facts(&state.db).await?;
    Ok(facts.and_then(|facts| facts.global_phone_primary).unwrap_or_default())
}

/// Sends the customer and the member of staff the e-mail about `change` to `visit`, in
/// the background, and the member of staff `taken_off` it (name and address; a move to
/// someone else) a cancellation. The addresses it goes to; none when the server has no
/// SMTP.
pub fn tell(
    state: &AppState,
    lead: &Lead,
    visit: &Visit,
    change: Change,
    taken_off: Option<(String, String)>,
) -> Vec<String> {
    let Some(notifier) = state.notifier.clone() else {
        return Vec::new();
    };
    let customer = lead.email.clone().filter(|email| fagfolk_data::text::is_email(email));
    let recipients: Vec<String> = customer
        .iter()
        .cloned()
        .chain([visit.staff_email.clone()])
        .chain(taken_off.iter().map(|(_, email)| email.clone()))
        .collect();
    let (state, lead, visit) = (state.clone(), lead.clone(), visit.clone());
    tokio::spawn(async move {
        let letterhead = crate::mail::send::letterhead(&state).await;
        // The booking, move or cancellation goes once and now: without the firm's number
        // rather than not at all, and the failed read is logged.
        let phone = phone_of(&state, &visit).await.unwrap_or_else(|err| {
            tracing::error!(error = %err, visit = %visit.id, "kunne ikke lese firmaets telefonnummer til befaringen");
            String::new()
        });
        let host = state.config.public_url.host_str().unwrap_or("localhost").to_owned();
        let (organizer_name, organizer_email) = notifier.sender();
        let firm = if letterhead.firm.is_empty() {
            organizer_name.unwrap_or_default()
        } else {
            letterhead.firm.clone()
        };
        let mut attendees = vec![Person { name: &visit.staff_name, email: &visit.staff_email }];
        if let Some(email) = &customer {
            attendees.push(Person { name: &lead.name, email });
        }
        let place = address(&lead);
        let when = oslo::when(visit.starts_at, visit.minutes);
        let method = if change == Change::Cancelled { Method::Cancel } else { Method::Request };
        let ics = |summary: &str, description: &str, method: Method| {
            invitation::ics(
                &invitation::Visit {
                    id: visit.id,
                    sequence: u32::try_from(visit.sequence).unwrap_or_default(),
                    starts: visit.starts_at,
                    minutes: u32::try_from(visit.minutes).unwrap_or_default(),
                    summary,
                    location: &place,
                    description,
                    organizer: Person { name: &firm, email: &organizer_email },
                    attendees: &attendees,
                    made: state.clock.now(),
                },
                method,
                &host,
            )
        };
        let mut letters = Vec::new();
        if let Some(email) = &customer {
            let (subject, text) = to_customer(&lead, &visit, change, (&when, &place, &phone, &firm));
            let description = format!("Den som kommer: {}\nTelefon: {phone}", visit.staff_name);
            letters.push((
                email.clone(),
                subject,
                text,
                ics(&format!("Befaring: {firm}"), &description, method),
                method,
            ));
        }
        let (subject, text) = to_staff(&state, &lead, &visit, change, (&when, &place));
        let description = staff_description(&lead, &visit, &state.config.base_url());
        letters.push((
            visit.staff_email.clone(),
            subject,
            text,
            ics(&format!("Befaring: {}", lead.name), &description, method),
            method,
        ));
        if let Some((name, email)) = &taken_off {
            let subject = format!("Befaringen hos {} er gitt til {}", lead.name, visit.staff_name);
            let text = format!(
                "Hei {name}!\n\nDu skal ikke lenger på befaringen hos {}. {} tar den, {when}.\n\n\
                 Invitasjonen ligger ved, så befaringen tas ut av kalenderen din.\n",
                lead.name, visit.staff_name
            );
            let description = staff_description(&lead, &visit, &state.config.base_url());
            let cancel = ics(&format!("Befaring: {}", lead.name), &description, Method::Cancel);
            letters.push((email.clone(), subject, text, cancel, Method::Cancel));
        }
        for (to, subject, text, ics, method) in letters {
            // A lead deleted or erased since: its booking or move is not sent (the deletion
            // sent the cancellation, `cancel_with_lead`), nor is anything written on its
            // timeline, which went with it.
            let lead_there = match fagfolk_data::leads::store::get(&state.db, lead.id).await {
                Ok(found) => found.is_some(),
                // Whether it is gone cannot be told: nothing but a cancellation goes, as for
                // a lead deleted, and the failed read is logged as what it is.
                Err(err) => {
                    tracing::error!(error = %err, visit = %visit.id, "kunne ikke lese lead-en til befaringen");
                    if change != Change::Cancelled {
                        return;
                    }
                    false
                }
            };
            if !lead_there && change != Change::Cancelled {
                tracing::info!(visit = %visit.id, "befaringen ble ikke sendt: lead-en er slettet");
                return;
            }
            // The customer answers whoever comes; staff answer the customer.
            let reply_to = if customer.as_deref() == Some(to.as_str()) {
                Some(visit.staff_email.clone())
            } else {
                customer.clone()
            };
            let letterhead = Letterhead { reply_to, ..letterhead.clone() };
            let sent = tokio::time::timeout(
                std::time::Duration::from_secs(20),
                notifier.send_with_invitation(&to, &subject, &text, (&ics, method.name()), &letterhead),
            )
            .await
            .unwrap_or_else(|_| Err(anyhow::anyhow!("e-posttjeneren svarte ikke")));
            if let Err(err) = &sent {
                tracing::error!(error = %format!("{err:#}"), visit = %visit.id, "kunne ikke sende e-post om en befaring");
            }
            if lead_there {
                crate::mail::send::record(&state, lead.id, &to, &subject, &sent).await;
            }
        }
    });
    recipients
}

/// The befaringer of `lead` still to come and not cancelled, read before the lead is deleted
/// or erased (its befaringer go with it): `cancel_with_lead` sends their cancellations after.
pub async fn to_cancel_with(state: &AppState, lead: uuid::Uuid) -> Result<Vec<Visit>, sqlx::Error> {
    let now = state.clock.now();
    Ok(fagfolk_data::visits::store::of_lead(&state.db, lead)
        .await?
        .into_iter()
        .filter(|visit| {
            visit.cancelled_at.is_none()
                && visit.starts_at + chrono::TimeDelta::minutes(visit.minutes.into()) > now
        })
        .collect())
}

/// Tells the customer and whoever goes that each of `visits` is off, with `METHOD:CANCEL`
/// one sequence above the last invitation, once `lead` is deleted or erased: the event
/// leaves both calendars, with the customer's name and phone in the staff's copy.
pub fn cancel_with_lead(state: &AppState, lead: &Lead, visits: Vec<Visit>) {
    let now = state.clock.now();
    for visit in visits {
        let cancelled = Visit { sequence: visit.sequence + 1, cancelled_at: Some(now), ..visit };
        tell(state, lead, &cancelled, Change::Cancelled, None);
    }
}

fn to_customer(
    lead: &Lead,
    visit: &Visit,
    change: Change,
    (when, place, phone, firm): (&str, &str, &str, &str),
) -> (String, String) {
    let date = oslo::date(oslo::day_of(visit.starts_at));
    let place = if place.is_empty() { "avtales på telefon" } else { place };
    // A cancellation says which visit is off; nobody is coming, so nobody is named.
    let who = match change {
        Change::Cancelled => format!("Adresse: {place}\nSpørsmål? Ring oss på {phone}.\n"),
        _ => format!("Adresse: {place}\nDen som kommer: {}\nTelefon: {phone}\n", visit.staff_name),
    };
    let (subject, opening) = match change {
        Change::Booked => (format!("Befaring {date}"), format!("Vi kommer på befaring {when}.")),
        Change::Moved => {
            (format!("Ny tid for befaringen: {date}"), format!("Befaringen er flyttet. Ny tid: {when}."))
        }
        Change::Cancelled => (
            format!("Befaringen {date} er avlyst"),
            format!("Befaringen {when} er avlyst. Vi tar kontakt for å avtale en ny tid."),
        ),
    };
    let calendar = match change {
        Change::Cancelled => "Invitasjonen ligger ved, så befaringen tas ut av kalenderen din.",
        _ => "Invitasjonen ligger ved, så befaringen kommer i kalenderen din.",
    };
    let text =
        format!("Hei {}!\n\n{opening}\n\n{who}\n{calendar}\n\nMed vennlig hilsen\n{firm}\n", lead.name);
    (subject, text)
}

fn to_staff(
    state: &AppState,
    lead: &Lead,
    visit: &Visit,
    change: Change,
    (when, place): (&str, &str),
) -> (String, String) {
    let (subject, opening) = match change {
        Change::Booked => (format!("Befaring hos {}", lead.name), format!("Du skal på befaring {when}.")),
        Change::Moved => {
            (format!("Befaringen hos {} er flyttet", lead.name), format!("Befaringen er flyttet til {when}."))
        }
        Change::Cancelled => {
            (format!("Befaringen hos {} er avlyst", lead.name), format!("Befaringen {when} er avlyst."))
        }
    };
    let place = if place.is_empty() { "ikke oppgitt" } else { place };
    let text = format!(
        "{opening}\n\nKunde: {}\nTelefon: {}\nAdresse: {place}\n{}\nÅpne lead-en: {}/admin/leads/{}\n",
        lead.name,
        lead.phone.as_deref().unwrap_or("ikke oppgitt"),
        if visit.note.is_empty() { String::new() } else { format!("Notat: {}\n", visit.note) },
        state.config.base_url(),
        lead.id
    );
    (subject, text)
}

fn staff_description(lead: &Lead, visit: &Visit, base: &str) -> String {
    let mut lines = vec![format!("Kunde: {}", lead.name)];
    if let Some(phone) = &lead.phone {
        lines.push(format!("Telefon: {phone}"));
    }
    if !visit.note.is_empty() {
        lines.push(format!("Notat: {}", visit.note));
    }
    lines.push(format!("{base}/admin/leads/{}", lead.id));
    lines.join("\n")
}
