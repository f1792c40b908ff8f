//! The reader on files a bank could send, and on files it refuses.

use super::*;

fn file(entries: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-12-01T06:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><CreDtTm>2026-12-01T06:00:00</CreDtTm>
  <Acct><Id><Othr><Id>12345678903</Id></Othr></Id></Acct>
  {entries}
</Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>"#
    )
}

fn entry(amount: &str, credit: &str, transactions: &str) -> String {
    format!(
        "<Ntry><Amt Ccy=\"NOK\">{amount}</Amt><CdtDbtInd>{credit}</CdtDbtInd><Sts>BOOK</Sts>\
         <BookgDt><Dt>2026-12-01</Dt></BookgDt><ValDt><Dt>2026-12-01</Dt></ValDt>\
         <AcctSvcrRef>E1</AcctSvcrRef><BkTxCd/><NtryDtls>{transactions}</NtryDtls></Ntry>"
    )
}

fn transaction(reference: &str, amount: &str, kid: &str, message: &str) -> String {
    format!(
        "<TxDtls><Refs><AcctSvcrRef>{reference}</AcctSvcrRef></Refs>\
         <AmtDtls><TxAmt><Amt Ccy=\"NOK\">{amount}</Amt></TxAmt></AmtDtls>\
         <RltdPties><Dbtr><Nm>Kari &amp; Ola Nordmann</Nm></Dbtr></RltdPties>\
         <RmtInf><Ustrd>{message}</Ustrd><Strd><CdtrRefInf><Ref>{kid}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>"
    )
}

#[test]
fn each_transaction_of_a_credit_is_a_payment_in_ore() {
    let xml = file(&entry(
        "1500.50",
        "CRDT",
        &(transaction("T1", "1000", "202600075", "") + &transaction("T2", "500.5", "", "Faktura 2026-0008")),
    ));
    let read = read(&xml).unwrap();
    assert_eq!(read.skipped, 0);
    assert_eq!(read.payments.len(), 2);
    assert_eq!(read.payments[0].amount, 100_000);
    assert_eq!(read.payments[0].kid.as_deref(), Some("202600075"));
    assert_eq!(read.payments[0].payer, "Kari & Ola Nordmann");
    assert_eq!(read.payments[0].bank_ref, "T1");
    assert_eq!(read.payments[1].amount, 50_050);
    assert_eq!(read.payments[1].kid, None);
    assert_eq!(read.payments[1].message, "Faktura 2026-0008");
    assert_eq!(read.payments[1].paid_on, NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
}

#[test]
fn money_out_and_entries_not_booked_are_left() {
    let pending = entry("10", "CRDT", "").replace("<Sts>BOOK</Sts>", "<Sts>PDNG</Sts>");
    let read = read(&file(&(entry("10", "DBIT", "") + &pending))).unwrap();
    assert_eq!((read.payments.len(), read.skipped), (0, 2));
}

#[test]
fn an_entry_without_details_is_one_payment_with_the_entrys_reference() {
    let read = read(&file(&entry("250", "CRDT", ""))).unwrap();
    assert_eq!(read.payments.len(), 1);
    assert_eq!((read.payments[0].amount, read.payments[0].bank_ref.as_str()), (25_000, "E1"));
}

#[test]
fn a_file_without_references_gets_the_same_digest_each_time() {
    let bare = entry("250", "CRDT", "").replace("<AcctSvcrRef>E1</AcctSvcrRef>", "");
    let (first, again) = (read(&file(&bare)).unwrap(), read(&file(&bare)).unwrap());
    assert!(first.payments[0].bank_ref.starts_with("sha256:"));
    assert_eq!(first, again);
}

#[test]
fn a_prefixed_namespace_reads_the_same() {
    let xml = file(&entry("250", "CRDT", ""))
        .replace("<Document xmlns=", "<c:Document xmlns:c=")
        .replace("</Document>", "</c:Document>");
    // Only the root is prefixed here; its children are in no namespace, which a bank
    // would not write, but the reader goes by local names either way.
    assert_eq!(read(&xml).unwrap().payments.len(), 1);
}

#[test]
fn a_broken_file_is_refused_with_its_line() {
    let xml = file(&entry("250", "CRDT", "")).replace("</Ntfctn>", "");
    assert!(matches!(read(&xml), Err(Unreadable::NotXml { line }) if line > 5));
    assert_eq!(read("ikke xml"), Err(Unreadable::NotXml { line: 1 }));
}

#[test]
fn another_document_is_not_camt054() {
    let xml = file("").replace("camt.054.001.02", "camt.053.001.02");
    assert_eq!(read(&xml), Err(Unreadable::NotCamt054 { root: "Document".into() }));
    assert!(matches!(read("<Invoice/>"), Err(Unreadable::NotCamt054 { .. })));
}

#[test]
fn an_entry_with_a_wrong_amount_currency_or_day_refuses_the_file() {
    let second = |one: String| file(&(entry("1", "CRDT", "") + &one));
    let fault = |xml: String| match read(&xml) {
        Err(Unreadable::Entry { entry: 2, fault }) => fault,
        other => panic!("{other:?}"),
    };
    assert_eq!(fault(second(entry("12,50", "CRDT", ""))), Fault::Amount("12,50".into()));
    assert_eq!(fault(second(entry("1.005", "CRDT", ""))), Fault::Amount("1.005".into()));
    assert_eq!(fault(second(entry("-5", "CRDT", ""))), Fault::Amount("-5".into()));
    assert_eq!(fault(second(entry("5", "CRDT", "").replace("NOK", "EUR"))), Fault::Currency("EUR".into()));
    let no_day = entry("5", "CRDT", "")
        .replace("<BookgDt><Dt>2026-12-01</Dt></BookgDt><ValDt><Dt>2026-12-01</Dt></ValDt>", "");
    assert_eq!(fault(second(no_day)), Fault::NoDay);
    assert_eq!(
        fault(second(entry("5", "CRDT", "").replace("2026-12-01", "1. des"))),
        Fault::Day("1. des".into())
    );
}

#[test]
fn kroner_read_as_ore() {
    assert_eq!(crate::money::hundredths("0.01"), Some(1));
    assert_eq!(crate::money::hundredths("12"), Some(1200));
    assert_eq!(crate::money::hundredths("12.5"), Some(1250));
    assert_eq!(crate::money::hundredths("12."), None);
    assert_eq!(crate::money::hundredths(".5"), None);
    assert_eq!(crate::money::hundredths("1e3"), None);
    assert_eq!(crate::money::hundredths("99999999999999"), None);
}

/// A transaction as a bank writes it: with or without the bank's reference and the
/// payer's EndToEndId.
fn payment_xml(bank_ref: Option<&str>, end_to_end: Option<&str>, amount: &str, kid: &str) -> String {
    let refs = bank_ref.map(|r| format!("<AcctSvcrRef>{r}</AcctSvcrRef>")).unwrap_or_default()
        + &end_to_end.map(|id| format!("<EndToEndId>{id}</EndToEndId>")).unwrap_or_default();
    format!(
        "<TxDtls><Refs>{refs}</Refs><AmtDtls><TxAmt><Amt Ccy=\"NOK\">{amount}</Amt></TxAmt></AmtDtls>\
         <RltdPties><Dbtr><Nm>Kari</Nm></Dbtr></RltdPties>\
         <RmtInf><Strd><CdtrRefInf><Ref>{kid}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>"
    )
}

#[test]
fn two_amounts_of_one_payment_are_never_glued_and_the_booked_one_counts() {
    // Version 2: what the payer sent (InstdAmt, in euro) and what was booked (TxAmt).
    let tx = "<TxDtls><AmtDtls><InstdAmt><Amt Ccy=\"EUR\">100.00</Amt></InstdAmt>\
              <TxAmt><Amt Ccy=\"NOK\">1180.50</Amt></TxAmt></AmtDtls></TxDtls>";
    assert_eq!(read(&file(&entry("1180.50", "CRDT", tx))).unwrap().payments[0].amount, 118_050);
    // Version 8's `Amt` beside `TxAmt`, both 1250 without decimals: 1 250 kr, not 12 501 250.
    let tx = "<TxDtls><Amt Ccy=\"NOK\">1250</Amt><AmtDtls><TxAmt><Amt Ccy=\"NOK\">1250</Amt></TxAmt></AmtDtls></TxDtls>";
    assert_eq!(read(&file(&entry("1250", "CRDT", tx))).unwrap().payments[0].amount, 125_000);
}

#[test]
fn a_reversal_and_money_coming_back_are_read_as_such() {
    let reversal = entry("10", "DBIT", "").replace("</CdtDbtInd>", "</CdtDbtInd><RvslInd>true</RvslInd>");
    let returned = entry("10", "CRDT", "").replace("</CdtDbtInd>", "</CdtDbtInd><RvslInd>true</RvslInd>");
    let read = read(&file(&(reversal + &returned + &entry("10", "CRDT", "")))).unwrap();
    let bookings: Vec<Booking> = read.payments.iter().map(|payment| payment.booking).collect();
    assert_eq!(bookings, [Booking::Reversal, Booking::Returned, Booking::Payment]);
    let keys: std::collections::BTreeSet<&str> = read.payments.iter().map(|p| p.bank_ref.as_str()).collect();
    assert_eq!(keys.len(), 3, "a reversal is never known as the payment it takes back: {keys:?}");
}

#[test]
fn a_file_cut_short_a_doctype_and_text_no_input_may_hold_refuse_the_file() {
    let whole = file(&entry("10", "CRDT", ""));
    let cut = &whole[..whole.find("</Ntry>").unwrap() + 7];
    assert_eq!(read(cut), Err(Unreadable::CutOff { root: "Document".into() }));
    let declared = whole.replacen("<Document", "<!DOCTYPE Document [\n<!ENTITY e \"x\">\n]>\n<Document", 1);
    assert_eq!(read(&declared), Err(Unreadable::DocType { line: 2 }));
    let text = |message: &str| file(&entry("10", "CRDT", &transaction("T1", "10", "", message)));
    let fault = |xml: String| match read(&xml) {
        Err(Unreadable::Entry { entry: 1, fault }) => fault,
        other => panic!("{other:?}"),
    };
    assert_eq!(fault(text("a\u{1}b")), Fault::Text);
    assert_eq!(fault(text("a\u{FFFE}")), Fault::Text);
    assert_eq!(fault(text(&"å".repeat(MAX_TEXT + 1))), Fault::TooLong);
    assert!(read(&text(&"å".repeat(MAX_TEXT))).is_ok());
}

proptest::proptest! {
    /// Any sequence of files built from the same payments (re-sent, an intraday part then
    /// the day's whole, regrouped one entry per payment or all in one, in either version's
    /// order, in any order) names each payment by one key: the keys of all files together
    /// are exactly as many as the payments, so importing them all books each once.
    #[test]
    fn a_payment_has_one_key_whatever_file_brings_it(
        kinds in proptest::collection::vec(0u8..4, 1..10),
        files in proptest::collection::vec((proptest::bool::ANY, proptest::bool::ANY, 0usize..10, 0u64..1000), 1..6),
    ) {
        // Payments of four kinds: the bank's reference; the payer's EndToEndId only; none
        // (NOTPROVIDED); and none, equal to every other of that kind (twins).
        let payments: Vec<String> = kinds
            .iter()
            .enumerate()
            .map(|(n, kind)| match kind {
                0 => payment_xml(Some(&format!("R{n}")), None, "100", "202600075"),
                1 => payment_xml(None, Some(&format!("E2E-{n}")), "100", "202600075"),
                2 => payment_xml(None, Some("NOTPROVIDED"), &format!("{}.5", n + 1), "202600075"),
                _ => payment_xml(None, None, "7", "202600083"),
            })
            .collect();
        let mut keys = std::collections::BTreeSet::new();
        // The day's whole file is among them; the others are parts of it, regrouped.
        let whole = std::iter::once((true, false, payments.len(), 0));
        for (one_entry, reversed, take, seed) in whole.chain(files) {
            let mut chosen: Vec<&String> = payments.iter().take(take.max(1)).collect();
            if reversed {
                chosen.reverse();
            }
            let turn = usize::try_from(seed).unwrap() % chosen.len();
            chosen.rotate_left(turn);
            let entries = if one_entry {
                entry("1", "CRDT", &chosen.iter().map(|tx| tx.as_str()).collect::<String>())
            } else {
                chosen.iter().map(|tx| entry("1", "CRDT", tx)).collect()
            };
            for payment in read(&file(&entries)).unwrap().payments {
                keys.insert(payment.bank_ref);
            }
        }
        proptest::prop_assert_eq!(keys.len(), payments.len());
    }
}
