//! The bank's file of incoming payments: ISO 20022 camt.054, BankToCustomerDebitCredit-
//! Notification, as Norwegian banks deliver it for payments with KID (version 2, and
//! version 8 where a bank offers it). Read with quick-xml as a stream of elements by
//! their local names, so a file with or without a namespace prefix reads the same; where
//! each value sits in either version is in tests/camt/README.md, and the tests check
//! their files against the official schemas there.
//!
//! Each transaction of a booked credit entry is one payment; an entry without
//! transaction details is one payment itself. Debit entries (money out) and entries not
//! booked (`PDNG`, `INFO`) are counted and left. A file that is not camt.054, is not
//! well-formed, or has an entry whose amount or day cannot be read is refused whole
//! ([`Unreadable`]), so nothing is imported from a file half read.

use chrono::NaiveDate;
use quick_xml::events::Event;
use quick_xml::reader::NsReader;

use entry::{Entry, Transaction};

mod entry;
mod identity;
#[cfg(test)]
mod tests;

/// What an entry of the file does to the account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Booking {
    /// Money in: a payment (`CRDT`).
    Payment,
    /// The bank takes back a payment booked earlier (`DBIT` with `RvslInd`).
    Reversal,
    /// Money the firm sent comes back, such as a refund the payee's bank returned (`CRDT`
    /// with `RvslInd`): no customer's payment.
    Returned,
}

/// One payment in the file (or a reversal of one: [`Booking`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    /// What the payment is known by in every file that reports it (`identity.rs`): the
    /// bank's reference, else a digest of the payer's EndToEndId or of what it says. A
    /// second import knows it by this.
    pub bank_ref: String,
    pub booking: Booking,
    /// The payer's EndToEndId, when one was given.
    pub end_to_end: Option<String>,
    /// Øre, positive.
    pub amount: i64,
    /// The day the bank booked it.
    pub paid_on: NaiveDate,
    /// The KID the payer gave, digits only.
    pub kid: Option<String>,
    /// The payer's own message, if any.
    pub message: String,
    /// Who paid, as the bank names them.
    pub payer: String,
}

/// What the file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notification {
    pub payments: Vec<Incoming>,
    /// Entries left out: money out of the account, or not booked yet.
    pub skipped: usize,
}

/// Why a file is refused, whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// Not well-formed XML: the line where reading stopped.
    NotXml { line: usize },
    /// Well-formed, but not a camt.054 document (what its root element is).
    NotCamt054 { root: String },
    /// An entry (counted from 1 in the file) whose amount, currency or day is wrong.
    Entry { entry: usize, fault: Fault },
    /// The file ends before its root element is closed: it was cut off.
    CutOff { root: String },
    /// A DOCTYPE (and with it entities) on this line: no bank file has one.
    DocType { line: usize },
    /// More payments than [`MAX_PAYMENTS`].
    TooMany,
}

/// What is wrong in one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// No amount (`Amt`).
    NoAmount,
    /// An amount that is not kroner with at most two decimals (as written).
    Amount(String),
    /// A currency other than NOK (the one given).
    Currency(String),
    /// No booking day (`BookgDt`).
    NoDay,
    /// A day that is not a date (as written).
    Day(String),
    /// A text (message, payer, KID, reference) longer than [`MAX_TEXT`].
    TooLong,
    /// A text with a character no text may hold: a control character (NUL too), U+FFFE or
    /// U+FFFF (`crate::text::is_one_line`, the rule every input follows).
    Text,
}

/// The most payments one file may hold: a small firm's year is far fewer, and a file is
/// imported in one transaction, which holds the database's writes while it runs
/// (bench/payments.sh measures one of this size).
pub const MAX_PAYMENTS: usize = 5_000;

/// The longest text (message, payer, KID, reference) a payment may carry, in characters:
/// ISO 20022 gives each line at most 140, and a message a few lines.
pub const MAX_TEXT: usize = 1_000;

/// The namespace every version of camt.054 has, before its version number.
const NAMESPACE: &str = "urn:iso:std:iso:20022:tech:xsd:camt.054.";

/// Reads `xml`, a camt.054 document.
pub fn read(xml: &str) -> Result<Notification, Unreadable> {
    let mut reader = NsReader::from_str(xml);
    let mut path: Vec<String> = Vec::new();
    let mut notification = Notification::default();
    let mut entry = Entry::default();
    let mut entries = 0;
    let mut root_seen = false;
    let line_at = |at: u64| {
        let at = usize::try_from(at).unwrap_or(usize::MAX).min(xml.len());
        xml.as_bytes()[..at].iter().filter(|b| **b == b'\n').count() + 1
    };
    loop {
        // Where this event starts: the line a refusal of it names.
        let start = reader.buffer_position();
        let not_xml = |_: &NsReader<&[u8]>| Unreadable::NotXml { line: line_at(start) };
        let (namespace, event) = match reader.read_resolved_event() {
            Ok(read) => read,
            Err(_) => return Err(Unreadable::NotXml { line: line_at(reader.error_position()) }),
        };
        let namespace = match namespace {
            quick_xml::name::ResolveResult::Bound(ns) => String::from_utf8_lossy(ns.as_ref()).into_owned(),
            _ => String::new(),
        };
        let opens = matches!(event, Event::Start(_));
        match event {
            Event::DocType(_) => return Err(Unreadable::DocType { line: line_at(start) }),
            Event::Start(start) | Event::Empty(start) if !root_seen => {
                let root = String::from_utf8_lossy(start.local_name().as_ref()).into_owned();
                if root != "Document" || !namespace.starts_with(NAMESPACE) {
                    return Err(Unreadable::NotCamt054 { root });
                }
                root_seen = true;
                if opens {
                    path.push(root);
                }
            }
            Event::Start(start) => {
                let name = String::from_utf8_lossy(start.local_name().as_ref()).into_owned();
                if name == "Ntry" {
                    entries += 1;
                    entry = Entry::default();
                }
                if name == "TxDtls" && within(&path, "Ntry") {
                    entry.transactions.push(Transaction::default());
                }
                path.push(name);
                if path.last().map(String::as_str) == Some("Amt") {
                    let currency = start
                        .try_get_attribute("Ccy")
                        .ok()
                        .flatten()
                        .and_then(|attribute| {
                            attribute.normalized_value(quick_xml::XmlVersion::Implicit1_0).ok()
                        })
                        .map(|value| value.trim().to_owned());
                    let (in_transaction, inside) = match below(&path, "TxDtls") {
                        Some(inside) => (true, Some(inside)),
                        None => (false, below(&path, "Ntry")),
                    };
                    if let Some(slot) =
                        inside.and_then(|inside| entry::amount_slot(&mut entry, in_transaction, &inside))
                    {
                        entry::open_amount(slot, currency);
                    }
                }
            }
            Event::Empty(_) => {}
            Event::Text(text) => {
                let Ok(text) = text.xml10_content() else { return Err(not_xml(&reader)) };
                take(&path, &text, &mut entry);
            }
            Event::CData(text) => {
                let Ok(text) = text.decode() else { return Err(not_xml(&reader)) };
                take(&path, &text, &mut entry);
            }
            Event::GeneralRef(reference) => {
                let text = match reference.resolve_char_ref() {
                    Ok(Some(character)) => character.to_string(),
                    Ok(None) => {
                        let Ok(name) = reference.decode() else { return Err(not_xml(&reader)) };
                        match quick_xml::escape::resolve_predefined_entity(&name) {
                            Some(resolved) => resolved.to_owned(),
                            None => return Err(not_xml(&reader)),
                        }
                    }
                    Err(_) => return Err(not_xml(&reader)),
                };
                take(&path, &text, &mut entry);
            }
            Event::End(_) => {
                if path.last().map(String::as_str) == Some("Ntry") {
                    let done = std::mem::take(&mut entry);
                    done.finish(entries, &mut notification)?;
                    if notification.payments.len() > MAX_PAYMENTS {
                        return Err(Unreadable::TooMany);
                    }
                }
                path.pop();
            }
            Event::Eof if !path.is_empty() => return Err(Unreadable::CutOff { root: path.swap_remove(0) }),
            Event::Eof => break,
            _ => {}
        }
    }
    if !root_seen {
        return Err(Unreadable::NotXml { line: 1 });
    }
    count_within(&mut notification.payments);
    Ok(notification)
}

/// Numbers the keys that end in "#" (`identity.rs`) by their count in the file: the first
/// "…#1", the second of the same "…#2".
fn count_within(payments: &mut [Incoming]) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for payment in payments.iter_mut().filter(|payment| payment.bank_ref.ends_with('#')) {
        let count = seen.entry(payment.bank_ref.clone()).or_default();
        *count += 1;
        payment.bank_ref.push_str(&count.to_string());
    }
}

/// Whether `path` is inside an element named `name`.
fn within(path: &[String], name: &str) -> bool {
    path.iter().any(|part| part == name)
}

/// The part of `path` after its last `name`, joined by `/`, if `path` is inside one.
fn below(path: &[String], name: &str) -> Option<String> {
    let at = path.iter().rposition(|part| part == name)?;
    Some(path[at + 1..].join("/"))
}

/// Keeps `text` where `path` says it belongs.
fn take(path: &[String], text: &str, entry: &mut Entry) {
    if let Some(inside) = below(path, "TxDtls") {
        if let Some(transaction) = entry.transactions.last_mut() {
            transaction.take(&inside, text);
        }
        return;
    }
    if let Some(inside) = below(path, "Ntry") {
        entry.take(&inside, text);
    }
}
