//! Optional e-mail to staff about a new enquiry (README, "Configuration"), when
//! `FAGFOLK_SMTP_URL` and `FAGFOLK_NOTIFY_TO` are set. Sent in the background after the
//! submission is stored: a mail server that fails never loses an enquiry.

use anyhow::Context;
use std::sync::Arc;

use lettre::Message;
use lettre::message::Mailbox;
use uuid::Uuid;

use crate::mail::{Letterhead, Mailer};
use crate::state::AppState;
use fagfolk_data::contact::ContactForm;

fn subject(form: &ContactForm) -> String {
    format!("Ny henvendelse fra {}", form.name)
}

/// Sends the notice to staff, and the customer a receipt of what they sent, in the
/// background; failures are logged, never returned. Either way the lead's timeline
/// records each (`fagfolk_data::leads::history::record_email`). The receipt goes to
/// the address typed in the form, which nobody has confirmed: it is sent as often as
/// the form takes an enquiry from one client (`FAGFOLK_CONTACT_LIMIT`), and says
/// nothing the sender did not type.
pub fn enquiry(mailer: &Arc<Mailer>, state: &AppState, form: &ContactForm, lead_id: Uuid) {
    let mailer = mailer.clone();
    let form = form.clone();
    let (db, clock) = (state.db.clone(), state.clock.clone());
    let state = state.clone();
    tokio::spawn(async move {
        let letterhead = crate::mail::send::letterhead(&state).await;
        let result = match message(&mailer, &form, lead_id, &letterhead) {
            Ok(message) => mailer.send(message).await,
            Err(err) => Err(err),
        };
        let error = result.as_ref().err().map(|err| format!("{err:#}"));
        match &error {
            None => tracing::info!(lead = %lead_id, "varsel om ny henvendelse sendt"),
            Some(error) => tracing::error!(lead = %lead_id, error = %error, "kunne ikke sende varsel"),
        }
        let record = |to: String, subject: String, error: Option<String>| {
            let db = db.clone();
            let now = clock.now();
            async move {
                let recorded = fagfolk_data::leads::history::record_email(
                    &db,
                    lead_id,
                    now,
                    &to,
                    &subject,
                    error.as_deref(),
                )
                .await;
                if let Err(err) = recorded {
                    tracing::error!(lead = %lead_id, error = %err, "kunne ikke føre e-posten i historikken");
                }
            }
        };
        record(mailer.staff_address(), subject(&form), error).await;
        let sent = match receipt(&mailer, &form, &letterhead) {
            Ok(message) => mailer.send(message).await,
            Err(err) => Err(err),
        };
        let error = sent.as_ref().err().map(|err| format!("{err:#}"));
        if let Some(error) = &error {
            tracing::warn!(lead = %lead_id, error = %error, "kunne ikke sende kvitteringen til kunden");
        }
        record(form.email.clone(), RECEIPT_SUBJECT.to_owned(), error).await;
    });
}

/// The customer's receipt: what they sent, and when they will hear from the firm.
fn receipt(mailer: &Mailer, form: &ContactForm, letterhead: &Letterhead) -> anyhow::Result<Message> {
    let to: Mailbox = form.email.parse().context("ugyldig e-postadresse")?;
    let firm = if letterhead.firm.is_empty() { "oss".to_owned() } else { letterhead.firm.clone() };
    let body = format!(
        "Hei {}!\n\nTakk for henvendelsen til {firm}. Vi har fått den og kontakter deg innen 24 timer.\n\n\
         Dette sendte du:\n{}\n\n{}\n\nVil du legge til noe, svar på denne e-posten.\n\nMed vennlig hilsen\n{}\n",
        form.name,
        facts(form).join("\n"),
        form.message,
        letterhead.firm,
    );
    mailer
        .message()
        .to(to)
        .subject(RECEIPT_SUBJECT)
        .multipart(letterhead.body(&body))
        .context("kunne ikke lage e-posten")
}

fn message(
    mailer: &Mailer,
    form: &ContactForm,
    lead_id: Uuid,
    letterhead: &Letterhead,
) -> anyhow::Result<Message> {
    let body = enquiry_text(form, lead_id, mailer.base_url());
    let mut builder = mailer.message().to(mailer.staff().clone()).subject(subject(form));
    if let Ok(reply_to) = form.email.parse::<Mailbox>() {
        builder = builder.reply_to(reply_to);
    }
    builder.multipart(letterhead.body(&body)).context("kunne ikke lage e-posten")
}

/// The customer's receipt's subject.
pub const RECEIPT_SUBJECT: &str = "Vi har mottatt henvendelsen din";

/// The new-enquiry e-mail's text: everything the customer sent (the address, the days
/// they offered for a befaring, how many photos), and the link to the lead's own page,
/// which shows the photos.
fn enquiry_text(form: &ContactForm, lead_id: Uuid, base_url: &str) -> String {
    format!(
        "Ny henvendelse fra nettstedet.\n\n{}\n\n{}\n\nÅpne lead-en: {base_url}/admin/leads/{lead_id}\n",
        facts(form).join("\n"),
        form.message
    )
}

/// What a customer sent with an enquiry, a line each, as the staff's notice and the
/// customer's receipt list it.
fn facts(form: &ContactForm) -> Vec<String> {
    let service = form.service.map(|s| s.label()).unwrap_or("Ikke valgt");
    let mut facts = vec![
        format!("Navn: {}", form.name),
        format!("Telefon: {}", form.phone),
        format!("E-post: {}", form.email),
        format!("Tjeneste: {service}"),
    ];
    let place = crate::mail::letter::place(form.address.as_deref(), form.postcode.as_deref());
    facts.push(format!("Adresse: {}", if place.is_empty() { "ikke oppgitt" } else { &place }));
    if form.preferred_times.is_empty() {
        facts.push("Ønsket tid for befaring: ikke oppgitt".to_owned());
    } else {
        facts.push("Ønsket tid for befaring:".to_owned());
        for time in &form.preferred_times {
            facts.push(format!(
                "- {} {}, {}",
                fagfolk_data::oslo::weekday(time.day),
                fagfolk_data::oslo::date(time.day),
                time.part.label()
            ));
        }
    }
    facts.push(match form.photos.len() {
        0 => "Bilder: ingen".to_owned(),
        count => format!("Bilder: {count}"),
    });
    facts
}
