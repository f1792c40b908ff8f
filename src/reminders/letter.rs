//! A reminder's words, the same in its e-mail and its PDF (`crate::pdf::reminder`): what
//! the claim is and what it is for (inkassoforskriften § 1-2 asks both of a purring with a
//! fee), the sums line by line, by when and to which account with which KID, and for an
//! inkassovarsel that collection follows if it is not paid (inkassoloven § 9).

use fagfolk_data::invoices::Invoice;
use fagfolk_data::money::kroner;
use fagfolk_data::oslo;
use fagfolk_data::reminders::{Kind, Letter};

/// The letter's sums, line by line, ending with what to pay.
pub fn sums(letter: &Letter, invoice: &Invoice) -> Vec<(String, i64, bool)> {
    let mut rows = vec![(format!("Faktura {}", invoice.number), letter.total, false)];
    if letter.credited > 0 {
        rows.push(("Kreditert".to_owned(), -letter.credited, false));
    }
    if letter.earlier_fees > 0 {
        rows.push(("Gebyr for tidligere purring".to_owned(), letter.earlier_fees, false));
    }
    if letter.paid > 0 {
        rows.push(("Innbetalt".to_owned(), -letter.paid, false));
    }
    if letter.fee > 0 {
        let fee = match letter.kind {
            Kind::Purring => "Purregebyr (inkassoforskriften § 1-2)",
            Kind::Notice => "Gebyr for inkassovarsel (inkassoforskriften § 1-2)",
        };
        rows.push((fee.to_owned(), letter.fee, false));
    }
    if letter.interest.amount > 0 {
        rows.push((
            format!(
                "Forsinkelsesrente {}–{}",
                oslo::date(letter.interest.from),
                oslo::date(letter.interest.to)
            ),
            letter.interest.amount,
            false,
        ));
    }
    rows.push(("Å betale".to_owned(), letter.amount_due, true));
    rows
}

/// "12,25 %" of 1225.
pub fn percent(hundredths: i32) -> String {
    let text = format!("{},{:02}", hundredths / 100, hundredths % 100);
    format!("{} %", text.trim_end_matches('0').trim_end_matches(','))
}

/// Where to pay: "til konto 1234.56.78903 med KID 0000070071".
fn pay_to(invoice: &Invoice) -> String {
    let account = invoice
        .seller
        .account()
        .map(|account| format!(" til konto {}", account.display()))
        .unwrap_or_default();
    let kid = invoice
        .kid()
        .map(|kid| format!(" med KID {kid}"))
        .unwrap_or_else(|| format!(" og merk betalingen med fakturanummer {}", invoice.number));
    format!("{account}{kid}")
}

/// The letter's paragraphs, before its sums and after them.
pub fn paragraphs(letter: &Letter, invoice: &Invoice) -> (Vec<String>, Vec<String>) {
    let what = format!(
        "Faktura {} av {} for «{}» forfalt til betaling {}.",
        invoice.number,
        oslo::date(invoice.issue_date),
        invoice.basis.job_title,
        oslo::date(letter.due_date)
    );
    let pay = format!(
        "Vi ber deg betale {} innen {}{}.",
        kroner(letter.amount_due),
        oslo::date(letter.pay_by),
        pay_to(invoice)
    );
    let before = match letter.kind {
        Kind::Purring => vec![format!("{what} Vi kan ikke se å ha mottatt full betaling."), pay],
        Kind::Notice => vec![
            format!("{what} Den er ikke betalt, heller ikke etter påminnelse."),
            format!(
                "{pay} Blir kravet ikke betalt innen fristen, vil det bli sendt til inkasso. \
                 Inkasso gir deg flere kostnader (inkassoloven § 17)."
            ),
        ],
    };
    let mut after = Vec::new();
    if let Some(rate) = letter.interest.rate {
        after.push(format!(
            "Forsinkelsesrenten er nå {} i året (forsinkelsesrenteloven § 3). Den løper fra dagen etter forfall til \
             betaling skjer (§ 2); beløpet over er regnet til datoen for dette brevet.",
            percent(rate)
        ));
    }
    if letter.kind == Kind::Notice {
        after.push("Dette er et inkassovarsel etter inkassoloven § 9.".to_owned());
    }
    after.push(match letter.kind {
        Kind::Purring => "Har du betalt i mellomtiden, kan du se bort fra denne purringen.".to_owned(),
        Kind::Notice => "Har du betalt i mellomtiden, kan du se bort fra dette varselet.".to_owned(),
    });
    after.push(
        "Mener du at kravet ikke er riktig, ta kontakt med oss før fristen, så ser vi på det.".to_owned(),
    );
    (before, after)
}

/// The e-mail's plain text: greeting, paragraphs, sums, the customer's page by `link`
/// (when there is one), the PDF named, the firm.
pub fn mail_text(letter: &Letter, invoice: &Invoice, firm: &str, link: Option<&str>) -> String {
    let (before, after) = paragraphs(letter, invoice);
    let sums: Vec<String> = sums(letter, invoice)
        .into_iter()
        .map(|(label, amount, _)| format!("{label}: {}", kroner(amount)))
        .collect();
    let page = link.map_or(String::new(), |link| {
        format!("Hva som står igjen å betale i dag, fakturaen og brevet finner du her:\n{link}\n\n")
    });
    format!(
        "Hei {},\n\n{}\n\n{}\n\n{}\n\n{page}{} er vedlagt som PDF.\n\nMed vennlig hilsen\n{firm}\n",
        invoice.basis.customer.name,
        before.join("\n\n"),
        sums.join("\n"),
        after.join("\n\n"),
        letter.kind.name(),
    )
}

/// "Purring på faktura 2026-0007 fra Rør & Strøm Oslo AS".
pub fn subject(letter: &Letter, invoice: &Invoice, firm: &str) -> String {
    format!("{} på faktura {} fra {firm}", letter.kind.name(), invoice.number)
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn a_rate_is_written_as_norwegians_write_it() {
        assert_eq!(percent(1225), "12,25 %");
        assert_eq!(percent(1200), "12 %");
        assert_eq!(percent(1250), "12,5 %");
    }
}
