//! The customer's answer. An acceptance is evidence: the name typed, when, from which
//! address and browser, the exact version and the SHA-256 of its PDF, and the texts
//! agreed to are stored with it; the lead moves to the pipeline's won status (by its
//! meaning); staff are told by e-mail and the customer gets the PDF marked "Akseptert".
//! Accepting twice is answered like once, and two accepts at once record one
//! (`fagfolk_data::quotes::store::mark_accepted_in` is conditional on the state).

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::quotes::{self, Quote, QuoteStatus, store, texts};

use fagfolk_data::oslo::moment;

use super::customer::{Answer, agreed_texts};
use crate::state::AppState;

type Refusal = (Value, StatusCode);

/// Who did it, in the audit log: the customer, by the name they typed.
fn customer(name: &str) -> String {
    format!("kunde: {name}")
}

/// The answer could not be stored, or a read it depends on failed: nothing is recorded,
/// and the customer is asked to try again with what they typed kept.
fn not_stored(err: &sqlx::Error, typed: &Value) -> Refusal {
    tracing::error!(error = %err, "kunne ikke lagre svaret på tilbudet");
    (
        json!({"error": "Svaret kunne ikke lagres. Prøv igjen om litt.", "typed": typed}),
        StatusCode::SERVICE_UNAVAILABLE,
    )
}

/// Why the quote cannot be answered now, in the customer's words; `None` when it can.
fn closed(quote: &Quote) -> Option<&'static str> {
    match quote.status {
        QuoteStatus::Sent => None,
        QuoteStatus::Accepted => Some("Tilbudet er allerede akseptert."),
        QuoteStatus::Declined => Some("Tilbudet er avslått."),
        QuoteStatus::Expired => Some("Tilbudet har gått ut på dato."),
        QuoteStatus::Withdrawn => Some("Tilbudet er trukket tilbake."),
        QuoteStatus::Replaced => Some("Tilbudet er erstattet av en nyere versjon."),
        QuoteStatus::Draft => Some("Tilbudet er ikke sendt."),
    }
}

pub async fn accept(
    state: &AppState,
    quote: &Quote,
    answer: &Answer,
    address: &str,
    user_agent: &str,
) -> Result<(), Refusal> {
    if quote.status == QuoteStatus::Accepted {
        return Ok(());
    }
    let name = answer.navn.as_deref().map(str::trim).unwrap_or_default();
    let mut errors = serde_json::Map::new();
    if !fagfolk_data::text::is_one_line(name) {
        errors.insert("navn".into(), json!(fagfolk_data::fields::ONE_LINE));
    } else if name.chars().count() < 2 || !name.contains(char::is_alphabetic) {
        errors.insert("navn".into(), json!("Skriv fullt navn."));
    } else if name.chars().count() > 200 {
        errors.insert("navn".into(), json!("Navnet kan ikke være lengre enn 200 tegn."));
    }
    if answer.lest.is_none() {
        errors.insert("lest".into(), json!("Kryss av for at du har lest tilbudet og vilkårene."));
    }
    let early_start = answer.tidlig_start.is_some();
    let typed = json!({"navn": name, "tidlig_start": early_start});
    if let Some(message) = closed(quote) {
        return Err((json!({"error": message, "typed": typed}), StatusCode::CONFLICT));
    }
    if !errors.is_empty() {
        return Err((json!({"errors": errors, "typed": typed}), StatusCode::UNPROCESSABLE_ENTITY));
    }
    let now = state.clock.now();
    let mut texts = agreed_texts(quote, early_start);
    texts["version"] = json!(quote.version);
    texts["pdf_sha256"] = json!(quote.pdf_sha256);
    let acceptance = store::Acceptance { name, ip: address, user_agent, texts: &texts, early_start };
    // A change order (tilleggsarbeid) moves no lead: its lead was won by the job's quote.
    let won = match quote.lead_of_quote() {
        Some(_) => match crate::settings::stages(&state.db).await {
            Ok(stages) => quotes::won_status(&stages),
            Err(err) => return Err(not_stored(&err, &typed)),
        },
        None => None,
    };
    let entry = NewAudit::new(
        now,
        AuditAction::Accept,
        AuditEntity::Quotes,
        Some(quote.id),
        &customer(name),
        Some(json!({
            "before": {"status": QuoteStatus::Sent},
            "after": {"status": QuoteStatus::Accepted, "number": quote.label(), "accepted_name": name,
                      "pdf_sha256": quote.pdf_sha256, "lead_status": won, "early_start": early_start},
        })),
    );
    let today = state.clock.today();
    let accepted = quotes::accept(&state.db, quote, &acceptance, won.as_deref(), now, today, &entry).await;
    match accepted {
        Ok(quotes::Accepted::Accepted) => {
            tell(state, quote.id, name.to_owned(), now);
            Ok(())
        }
        // Another request accepted it a moment ago (then this one is answered like it),
        // or it was withdrawn or replaced meanwhile.
        Ok(quotes::Accepted::JobInvoiced) => Err((
            json!({"error": "Arbeidet er alt fakturert, så tilleggsarbeidet kan ikke aksepteres her. Ring oss, så finner vi ut av det.", "typed": typed}),
            StatusCode::CONFLICT,
        )),
        Ok(quotes::Accepted::NotOpen) => match store::get(&state.db, quote.id).await {
            Ok(Some(now)) if now.status == QuoteStatus::Accepted => Ok(()),
            Ok(Some(now)) => {
                Err((json!({"error": closed(&now.settle(today)), "typed": typed}), StatusCode::CONFLICT))
            }
            Ok(None) => Err((json!({"error": "Tilbudet finnes ikke lenger."}), StatusCode::CONFLICT)),
            Err(err) => Err(not_stored(&err, &typed)),
        },
        Err(err) => Err(not_stored(&err, &typed)),
    }
}

pub async fn decline(state: &AppState, quote: &Quote, answer: &Answer) -> Result<(), Refusal> {
    if quote.status == QuoteStatus::Declined {
        return Ok(());
    }
    if let Some(message) = closed(quote) {
        return Err((json!({"error": message}), StatusCode::CONFLICT));
    }
    let typed = json!({"grunn": answer.grunn.clone().unwrap_or_default()});
    let reason = answer.grunn.as_deref().map(str::trim).filter(|reason| !reason.is_empty());
    let reason = match reason.map(fagfolk_data::text::multiline) {
        Some(None) => {
            return Err((
                json!({"errors": {"grunn": fagfolk_data::fields::CONTROL}, "typed": typed}),
                StatusCode::UNPROCESSABLE_ENTITY,
            ));
        }
        reason => reason.flatten(),
    };
    let reason = reason.as_deref();
    if reason.is_some_and(|reason| reason.chars().count() > 2000) {
        return Err((
            json!({"errors": {"grunn": "Kan ikke være lengre enn 2000 tegn."}, "typed": typed}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ));
    }
    // Declining is asked once: the form's box says so, and a post without it is shown again.
    if answer.bekreft.is_none() {
        return Err((
            json!({"errors": {"bekreft": "Kryss av for å bekrefte at du vil avslå tilbudet."}, "typed": typed}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ));
    }
    let now = state.clock.now();
    let lead = match quote.lead_of_quote() {
        Some(id) => {
            fagfolk_data::leads::store::get(&state.db, id).await.map_err(|err| not_stored(&err, &typed))?
        }
        None => None,
    };
    let lost = match &lead {
        Some(lead) => match crate::settings::stages(&state.db).await {
            Ok(stages) => quotes::lost_status(&stages, &lead.status),
            Err(err) => return Err(not_stored(&err, &typed)),
        },
        None => None,
    };
    let entry = NewAudit::new(
        now,
        AuditAction::Decline,
        AuditEntity::Quotes,
        Some(quote.id),
        &customer(&quote.customer_name),
        Some(json!({
            "before": {"status": QuoteStatus::Sent},
            "after": {"status": QuoteStatus::Declined, "decline_reason": reason, "lead_status": lost},
        })),
    );
    match quotes::decline(&state.db, quote, reason, lost.as_deref(), now, state.clock.today(), &entry).await {
        Ok(true) => {
            tell_declined(state, quote.id, now);
            Ok(())
        }
        Ok(false) => Err((json!({"error": "Tilbudet kan ikke avslås lenger."}), StatusCode::CONFLICT)),
        Err(err) => Err(not_stored(&err, &typed)),
    }
}

/// Tells staff, and the customer with the marked PDF, in the background: who accepted
/// which version when, and (with angrerett) whether they asked for an early start.
fn tell(state: &AppState, id: uuid::Uuid, name: String, at: DateTime<Utc>) {
    let Some(notifier) = state.notifier.clone() else { return };
    let state = state.clone();
    tokio::spawn(async move {
        let Some(quote) = reread(&state, id).await else { return };
        // The firm signs the letters; without it they go unsigned, and the error is logged.
        let firm = match crate::pdf::letterhead::as_sent(&state, &quote).await {
            Ok(letterhead) => letterhead.firm.name,
            Err(err) => {
                tracing::error!(error = %err, quote = %quote.id, "kunne ikke lese firmaet til bekreftelsen");
                String::new()
            }
        };
        let total = super::customer::kroner(quote.total);
        let early = quote.early_start.unwrap_or(false);
        let staff_early = if quote.angrerett {
            format!("{}\n\n", texts::early_start_for_staff(early))
        } else {
            String::new()
        };
        let staff = format!(
            "{name} aksepterte {} {} (versjon {}, {total} inkl. MVA) {}.\n\n{staff_early}{}\n",
            quote.kind_name().to_lowercase(),
            quote.number,
            quote.version,
            moment(at),
            quote.staff_link(&state.config.base_url()),
        );
        let subject = format!("{} {} er akseptert", quote.kind_name(), quote.label());
        let customer = quote.customer_email.as_deref();
        let _ =
            crate::mail::send::send_staff(&state, &notifier, &subject, &staff, quote.lead_id, customer).await;
        if let Some(to) = quote.customer_email.clone() {
            // The confirmation goes without its PDF rather than not at all (the page keeps
            // it for download); a failure to read or draw it is logged.
            let pdf = match super::mail::stamped(&state, &quote, at, name.clone()).await {
                Ok(bytes) => Some((quote.accepted_file_name(), bytes)),
                Err(err) => {
                    tracing::error!(error = %err, quote = %quote.id, "bekreftelsen går uten PDF");
                    None
                }
            };
            let customer_early = if quote.angrerett {
                format!("{}\n\n", texts::early_start_answer(early))
            } else {
                String::new()
            };
            let text = format!(
                "Hei {name}!\n\nTakk! Vi har mottatt at du aksepterte {} {} (versjon {}) {}. \
                 Den aksepterte versjonen ligger ved som PDF.\n\n{customer_early}\
                 Vi tar kontakt for å avtale oppstart.\n\nMed vennlig hilsen\n{firm}\n",
                quote.kind_name().to_lowercase(),
                quote.number,
                quote.version,
                moment(at),
            );
            let subject =
                format!("Bekreftelse: {} {} er akseptert", quote.kind_name().to_lowercase(), quote.label());
            let owner = super::mail::owner_email(&state, &quote).await;
            let _ = crate::mail::send::send(
                &state,
                &notifier,
                &to,
                &subject,
                &text,
                pdf,
                quote.lead_id,
                owner.as_deref(),
            )
            .await;
        }
    });
}

/// Tells staff that the customer declined, with their reason, in the background.
fn tell_declined(state: &AppState, id: uuid::Uuid, at: DateTime<Utc>) {
    let Some(notifier) = state.notifier.clone() else { return };
    let state = state.clone();
    tokio::spawn(async move {
        let Some(quote) = reread(&state, id).await else { return };
        let reason = match quote.decline_reason.as_deref() {
            Some(reason) => format!("Grunnen kunden ga:\n{reason}\n\n"),
            None => "Kunden oppga ingen grunn.\n\n".to_owned(),
        };
        let text = format!(
            "{} avslo {} {} (versjon {}, {} inkl. MVA) {}.\n\n{reason}{}\n",
            quote.customer_name,
            quote.kind_name().to_lowercase(),
            quote.number,
            quote.version,
            super::customer::kroner(quote.total),
            moment(at),
            quote.staff_link(&state.config.base_url()),
        );
        let subject = format!("{} {} er avslått", quote.kind_name(), quote.label());
        let customer = quote.customer_email.as_deref();
        let _ =
            crate::mail::send::send_staff(&state, &notifier, &subject, &text, quote.lead_id, customer).await;
    });
}

/// Quote `id` as stored, for the letters about an answer; a failed read is logged (the
/// letters then do not go), a quote gone since is nothing to tell.
async fn reread(state: &AppState, id: uuid::Uuid) -> Option<Quote> {
    match store::get(&state.db, id).await {
        Ok(quote) => quote,
        Err(err) => {
            tracing::error!(error = %err, quote = %id, "kunne ikke lese tilbudet; e-postene om svaret gikk ikke");
            None
        }
    }
}
