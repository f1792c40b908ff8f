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
    assert_eq!(ore("0.01"), Some(1));
    assert_eq!(ore("12"), Some(1200));
    assert_eq!(ore("12.5"), Some(1250));
    assert_eq!(ore("12."), None);
    assert_eq!(ore(".5"), None);
    assert_eq!(ore("1e3"), None);
    assert_eq!(ore("99999999999999"), None);
}
