//! Which invoice an incoming payment pays: by its KID first, then by an invoice number in
//! its message. A payment is booked on an invoice only when that is plain: one invoice
//! found, and no more than is owed on it. Anything else waits for the office with the
//! reason ([`Waiting`]); nothing is booked by guess.

use std::collections::BTreeSet;

use super::Waiting;
use super::camt::Incoming;

/// What is owed on an invoice a payment may name, as the matching sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owed {
    pub number: String,
    /// Øre left to pay; nothing or less when paid or credited in full.
    pub outstanding: i64,
}

/// What becomes of one payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// Booked on this invoice (by its number).
    Pays(String),
    /// Left for the office; the invoice it seems to be for, when one was found.
    Waits(Waiting, Option<String>),
}

/// The invoice number a KID was made from (`crate::values::kid`): the year's four digits
/// and the count after them, when the KID's check digit holds.
pub fn number_of_kid(kid: &str) -> Option<String> {
    if kid.len() < 6 || !kid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = &kid[..kid.len() - 1];
    if crate::values::kid(digits) != kid {
        return None;
    }
    Some(format!("{}-{}", &digits[..4], &digits[4..]))
}

/// Every invoice number written in `message` ("2026-0042", "faktura 2026-42" is not one:
/// numbers have at least four digits after the year), each once, in order.
pub fn numbers_in(message: &str) -> Vec<String> {
    let bytes = message.as_bytes();
    let mut found: Vec<String> = Vec::new();
    let mut at = 0;
    while at + 9 <= bytes.len() {
        let starts_word = at == 0 || !bytes[at - 1].is_ascii_digit();
        let year = bytes[at..at + 4].iter().all(u8::is_ascii_digit);
        if starts_word && year && bytes[at + 4] == b'-' {
            let count = bytes[at + 5..].iter().take_while(|b| b.is_ascii_digit()).count();
            if count >= 4 {
                let number = &message[at..at + 5 + count];
                if !found.iter().any(|seen| seen == number) {
                    found.push(number.to_owned());
                }
                at += 5 + count;
                continue;
            }
        }
        at += 1;
    }
    found
}

/// Decides each of `payments` in turn, `owed(number)` telling what is owed on the invoice
/// of that number (`None`: no such invoice). What a payment pays is taken off before the
/// next is decided, so two payments of one invoice in a file do not both count as whole.
pub fn decide(payments: &[Incoming], mut owed: impl FnMut(&str) -> Option<Owed>) -> Vec<Decision> {
    let mut paid: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
    payments
        .iter()
        .map(|payment| {
            let by_kid = payment.kid.as_deref().and_then(number_of_kid).and_then(|number| owed(&number));
            let candidates: Vec<Owed> = match by_kid {
                Some(invoice) => vec![invoice],
                None => {
                    let named: BTreeSet<String> = numbers_in(&payment.message).into_iter().collect();
                    named.iter().filter_map(|number| owed(number)).collect()
                }
            };
            match candidates.as_slice() {
                [] => Decision::Waits(Waiting::Unknown, None),
                [invoice] => {
                    let before = paid.get(&invoice.number).copied().unwrap_or(0);
                    if payment.amount > invoice.outstanding - before {
                        Decision::Waits(Waiting::Overpaid, Some(invoice.number.clone()))
                    } else {
                        paid.insert(invoice.number.clone(), before + payment.amount);
                        Decision::Pays(invoice.number.clone())
                    }
                }
                _ => Decision::Waits(Waiting::Ambiguous, None),
            }
        })
        .collect()
}

/// The note on a payment the bank took back on `day`.
pub fn taken_back_note(day: chrono::NaiveDate) -> String {
    format!("Tilbakeført av banken {}.", crate::oslo::date_short(day))
}

/// The note on the bank's reversal of a payment, booked on invoice `number` if it was.
pub fn reversal_note(number: Option<&str>) -> String {
    match number {
        Some(number) => {
            format!("Banken tok tilbake en innbetaling på faktura {number}; den er tatt av fakturaen.")
        }
        None => "Banken tok tilbake en innbetaling som ventet på avklaring.".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use proptest::prelude::*;

    use super::*;

    fn payment(amount: i64, kid: Option<&str>, message: &str) -> Incoming {
        Incoming {
            bank_ref: "R".into(),
            booking: crate::payments::camt::Booking::Payment,
            end_to_end: None,
            amount,
            paid_on: NaiveDate::from_ymd_opt(2026, 12, 1).unwrap(),
            kid: kid.map(str::to_owned),
            message: message.into(),
            payer: "Kari".into(),
        }
    }

    fn invoices(number: &str) -> Option<Owed> {
        match number {
            "2026-0007" => Some(Owed { number: number.into(), outstanding: 100_000 }),
            "2026-0008" => Some(Owed { number: number.into(), outstanding: 50_000 }),
            "2026-0009" => Some(Owed { number: number.into(), outstanding: 0 }),
            _ => None,
        }
    }

    #[test]
    fn a_kid_names_the_invoice_it_was_made_from() {
        let kid = crate::values::kid("2026-0007");
        assert_eq!(number_of_kid(&kid).as_deref(), Some("2026-0007"));
        assert_eq!(number_of_kid(&crate::values::kid("2026-12345")).as_deref(), Some("2026-12345"));
        let wrong_check =
            format!("{}{}", &kid[..kid.len() - 1], (kid.as_bytes()[kid.len() - 1] - b'0' + 1) % 10);
        assert_eq!(number_of_kid(&wrong_check), None);
        assert_eq!(number_of_kid("12a45"), None);
    }

    #[test]
    fn invoice_numbers_are_found_in_a_message() {
        assert_eq!(numbers_in("Faktura 2026-0007 og 2026-0008, 2026-0007"), ["2026-0007", "2026-0008"]);
        assert_eq!(numbers_in("faktura nr 2026-42"), Vec::<String>::new());
        assert_eq!(numbers_in("12026-0007"), Vec::<String>::new());
        assert_eq!(numbers_in("2026-00071"), ["2026-00071"]);
    }

    #[test]
    fn kid_first_then_the_message_and_only_what_is_plain() {
        let kid = crate::values::kid("2026-0007");
        let decided = decide(
            &[
                payment(100_000, Some(&kid), "feil tekst 2026-0008"),
                payment(20_000, None, "Faktura 2026-0008"),
                payment(20_000, None, "2026-0007 og 2026-0008"),
                payment(20_000, Some("12345678"), "ingen nummer"),
                payment(40_000, None, "2026-0008"),
                payment(1, None, "2026-0009"),
            ],
            invoices,
        );
        assert_eq!(
            decided,
            [
                Decision::Pays("2026-0007".into()),
                Decision::Pays("2026-0008".into()),
                Decision::Waits(Waiting::Ambiguous, None),
                Decision::Waits(Waiting::Unknown, None),
                // 20 000 of the 50 000 went on the second payment.
                Decision::Waits(Waiting::Overpaid, Some("2026-0008".into())),
                Decision::Waits(Waiting::Overpaid, Some("2026-0009".into())),
            ]
        );
    }

    proptest! {
        /// Whatever comes in, no invoice is booked more than is owed on it.
        #[test]
        fn nothing_is_booked_past_what_is_owed(amounts in proptest::collection::vec((1i64..120_000, 0usize..4), 0..12)) {
            let numbers = ["2026-0007", "2026-0008", "2026-0009", "2026-0010"];
            let payments: Vec<Incoming> = amounts
                .iter()
                .map(|&(amount, which)| payment(amount, Some(&crate::values::kid(numbers[which])), ""))
                .collect();
            let decided = decide(&payments, invoices);
            for number in numbers {
                let booked: i64 = payments
                    .iter()
                    .zip(&decided)
                    .filter(|(_, decision)| **decision == Decision::Pays(number.into()))
                    .map(|(payment, _)| payment.amount)
                    .sum();
                let owed = invoices(number).map_or(0, |owed| owed.outstanding);
                prop_assert!(booked <= owed.max(0), "{number}: {booked} booked of {owed}");
            }
        }
    }
}
