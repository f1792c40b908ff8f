//! What the customer's page is rendered with (`quote` in the site's data, read by
//! `web/src/app/quote/quote-page.tsx`): the quote with its amounts already
//! written out in kroner, so the page does no sums of its own, its state in plain
//! words, and the texts the customer agrees to.

use serde_json::{Value, json};

use fagfolk_data::money;
use fagfolk_data::oslo;
use fagfolk_data::quotes::{CustomerKind, Quote, QuoteStatus, texts};

use crate::http::error::ApiResult;
use crate::state::AppState;

/// The page's data; a failed read (the firm as sent, the site's pages) is an error, which
/// the page answers with "Prøv igjen".
pub async fn page_data(
    state: &AppState,
    token: &str,
    quote: &Quote,
    newer: Option<&Quote>,
    form: Option<Value>,
) -> ApiResult<Value> {
    let consumer = quote.customer_kind == CustomerKind::Private;
    let finished = super::documents::list(state, token, quote).await;
    // The firm as the quote was sent (`crate::pdf::letterhead::as_sent`); a quote sent before that
    // was kept shows the firm as the site shows it now (no read of the settings per visit).
    let kept = fagfolk_data::quotes::store::sent_firm(&state.db, quote.id).await?;
    let firm = match kept.as_deref().and_then(crate::pdf::Letterhead::from_json) {
        Some(firm) => json!({
            "name": firm.name, "phone": firm.phone, "email": firm.email, "address": firm.address,
            "org_nr": firm.org_nr,
        }),
        None => {
            // The page is drawn by the site's pages, so without them there is no page either.
            let rendered = state.pages.current().await?;
            let firm = &rendered.facts;
            json!({
                "name": firm.company_name, "phone": firm.phone, "email": firm.email, "address": firm.adresse,
                "org_nr": firm.orgnr,
            })
        }
    };
    let lines: Vec<Value> = quote
        .lines
        .iter()
        .map(|line| {
            let amounts = line.amounts();
            let unit_price =
                if consumer { money::line(100, line.unit_price, line.vat).gross } else { line.unit_price };
            json!({
                "description": line.description,
                "quantity": money::quantity(line.quantity),
                "unit": line.unit.label(),
                "vat": format!("{} %", line.vat),
                "unit_price": money::kroner(unit_price),
                "amount": money::kroner(if consumer { amounts.gross } else { amounts.net }),
            })
        })
        .collect();
    let state_text = match quote.status {
        QuoteStatus::Accepted => quote.accepted_at.map(|at| {
            format!("Akseptert {} av {}.", oslo::moment(at), quote.accepted_name.clone().unwrap_or_default())
        }),
        QuoteStatus::Declined => {
            quote.declined_at.map(|at| format!("Du avslo tilbudet {}.", oslo::moment(at)))
        }
        QuoteStatus::Expired => Some(format!(
            "Tilbudet gikk ut {}. Ring oss hvis du fortsatt ønsker arbeidet, så lager vi et nytt tilbud.",
            oslo::date(quote.valid_until)
        )),
        QuoteStatus::Withdrawn => Some(
            "Tilbudet er trukket tilbake og kan ikke aksepteres. Ring oss om du har spørsmål.".to_owned(),
        ),
        QuoteStatus::Replaced => Some(match newer {
            Some(newer) => format!("Tilbudet er erstattet av versjon {}.", newer.version),
            None => "Tilbudet er erstattet av en nyere versjon. Ring oss om du har spørsmål.".to_owned(),
        }),
        QuoteStatus::Draft | QuoteStatus::Sent => None,
    };
    // After accepting: thanks, what they chose, and what happens next.
    let thanks = (quote.status == QuoteStatus::Accepted).then(|| {
        let mut lines = vec!["Takk for at du valgte oss!".to_owned()];
        if quote.angrerett {
            lines.push(texts::early_start_answer(quote.early_start.unwrap_or(false)).to_owned());
        }
        lines.push("Vi tar kontakt for å avtale oppstart.".to_owned());
        match (&quote.customer_email, state.notifier.is_some()) {
            (Some(email), true) => lines
                .push(format!("En bekreftelse med det aksepterte tilbudet som PDF er sendt til {email}.")),
            _ => lines.push("Det aksepterte tilbudet kan du laste ned som PDF nedenfor.".to_owned()),
        }
        lines
    });
    Ok(json!({
        "token": token,
        "thanks": thanks,
        "status": quote.status,
        "state_text": state_text,
        "newest": newer.map(|_| format!("/tilbud/{token}?versjon=siste")),
        "pdf": format!("/tilbud/{token}/pdf"),
        "action": format!("/tilbud/{token}"),
        "number": quote.number,
        "version": quote.version,
        "label": quote.label(),
        "title": quote.kind_name(),
        "firm": firm,
        "customer": {
            "name": quote.customer_name, "addressee": quote.addressee(), "address": quote.customer_address, "email": quote.customer_email,
            "phone": quote.customer_phone, "org_nr": quote.org_nr,
        },
        "consumer": consumer,
        "sent": quote.sent_at.map(|at| oslo::date(oslo::day_of(at))),
        "valid_until": oslo::date(quote.valid_until),
        "price_type": texts::price_type_name(quote.price_type),
        "price_type_text": texts::price_type(quote.price_type, quote.customer_kind, quote.reservation),
        "intro": quote.intro,
        "terms": quote.terms,
        "lines": lines,
        "totals": {
            "net": money::kroner(quote.net_total), "vat": money::kroner(quote.vat_total), "gross": money::kroner(quote.total),
        },
        "angrerett": quote.angrerett.then_some(texts::ANGRERETT),
        "early_start_text": texts::EARLY_START,
        "read_terms_text": texts::READ_TERMS,
        "form": form,
        "documents": finished.documents,
        "documents_linked": finished.linked,
        "owed": finished.owed,
    }))
}
