//! The bank's files as banks really write them (issue #74, docs/SECURITY.md "Fifth review",
//! findings 1 to 5, 7 and 16): a payment is known by itself, never by the file it came in;
//! the booked amount is the transaction's, in kroner; a reversal takes its payment back or
//! waits, never silently; a file cut short, too large, or holding text no input may hold
//! is refused whole; a payment is never dated before its invoice. Every file is checked
//! against the official camt.054 schema before it is imported (`camt::assert_valid`).

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::fixtures::camt::{self, Entry, Tx, Version};
use crate::fixtures::{Answer, invoiced_job};
use crate::helpers::{Session, TestApp};
use crate::payments::sums_add_up;

crate::db_tests!(
    a_payment_is_known_by_itself_not_by_the_file_or_the_place_it_came_in,
    the_booked_amount_is_the_transactions_in_kroner_whatever_the_payer_sent,
    a_reversal_takes_its_payment_back_and_a_returned_refund_waits_for_the_office,
    a_file_cut_short_or_declaring_a_doctype_is_refused_whole_naming_why,
    a_bank_file_over_its_limits_or_with_text_no_input_may_hold_is_refused_whole,
    every_refusal_of_a_payment_says_its_own_reason,
    the_payments_waiting_for_the_office_come_a_page_at_a_time,
    any_files_built_from_the_same_payments_book_each_payment_once,
);

/// An invoice the tests pay: its id, number, total and KID.
struct Invoice {
    id: String,
    number: String,
    total: i64,
    kid: String,
    issued: String,
}

async fn invoice(app: &TestApp, office: &Session) -> Invoice {
    let (_, made) = invoiced_job(app, office).await;
    let number = made["number"].as_str().unwrap().to_owned();
    Invoice {
        id: made["id"].as_str().unwrap().to_owned(),
        kid: fagfolk_data::values::kid(&number),
        total: made["total"].as_i64().unwrap(),
        issued: made["issue_date"].as_str().unwrap().to_owned(),
        number,
    }
}

/// What is paid on `invoice` now.
async fn paid(office: &Session, invoice: &Invoice) -> i64 {
    let account: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{}/payments", invoice.id), None).await.good();
    account["balance"]["paid"].as_i64().unwrap()
}

/// Imports `xml` (checked against the schema first) and returns what the import did.
async fn import(office: &Session, what: &str, xml: &str) -> Value {
    camt::assert_valid(xml);
    Answer::read(what.into(), camt::import(office, xml).await).await.good()
}

/// The import's (new, already) counts.
fn counts(done: &Value) -> (i64, i64) {
    (done["new"].as_i64().unwrap(), done["already"].as_i64().unwrap())
}

async fn waiting(office: &Session) -> Vec<Value> {
    let page: Value = office.call(Method::GET, "/api/admin/payments/waiting", None).await.good();
    page["payments"].as_array().unwrap().clone()
}

fn today(app: &TestApp) -> String {
    app.state.clock.today().to_string()
}

/// Finding 1: without `AcctSvcrRef`, a payment's key held the notification's id and its
/// place in the file, so one 500 kr payment re-sent in a new file, and again as the second
/// entry, was booked as 1 500 kr. Two equal payments in one file stay two; the same
/// payments in an intraday file and then the day's file are booked once.
async fn a_payment_is_known_by_itself_not_by_the_file_or_the_place_it_came_in(app: TestApp) {
    let office = app.admin().await;
    let invoice = invoice(&app, &office).await;
    let day = today(&app);
    let one = Tx::kid("500.00", &invoice.kid, "Kari Nordmann").end_to_end("E2E-777");
    let other = Tx::kid("20.00", &invoice.kid, "Ola Nordmann").end_to_end("E2E-778");
    let first = camt::file(Version::V2, "N-1", &[Entry::credit(&day, vec![one.clone()])]);
    assert_eq!(counts(&import(&office, "first", &first).await), (1, 0));
    let resent = camt::file(Version::V2, "N-2", &[Entry::credit(&day, vec![one.clone()])]);
    assert_eq!(counts(&import(&office, "re-sent", &resent).await), (0, 1));
    let second_entry = camt::file(
        Version::V8,
        "N-3",
        &[Entry::credit(&day, vec![other.clone()]), Entry::credit(&day, vec![one.clone()])],
    );
    assert_eq!(counts(&import(&office, "second entry", &second_entry).await), (1, 1));
    assert_eq!(paid(&office, &invoice).await, 52_000, "500 kr once and 20 kr");

    // Two equal payments with no reference at all (the same KID, amount, day and payer):
    // the intraday file has one, the day's file both, grouped in one entry.
    let twin = Tx::kid("100.00", &invoice.kid, "Per Hansen").end_to_end("NOTPROVIDED");
    let intraday = camt::file(Version::V2, "INTRA-1", &[Entry::credit(&day, vec![twin.clone()])]);
    assert_eq!(counts(&import(&office, "intraday", &intraday).await), (1, 0));
    let end_of_day = camt::file(
        Version::V2,
        "EOD-1",
        &[Entry::credit(&day, vec![other.clone(), twin.clone(), one.clone(), twin.clone()])],
    );
    assert_eq!(counts(&import(&office, "end of day", &end_of_day).await), (1, 3));
    assert_eq!(counts(&import(&office, "end of day again", &end_of_day).await), (0, 4));
    assert_eq!(paid(&office, &invoice).await, 72_000, "500 + 20 + 100 + 100 kr");
    sums_add_up(&app).await;
    app.stop().await;
}

/// Finding 2: `InstdAmt` and `TxAmt` (version 2), or `Amt` and `TxAmt` (version 8), were
/// glued into one amount: "1250.001250.00" refused the day's file, and written without
/// decimals 12 501 250 kr could be booked. A payment in euro with its kroner in `TxAmt`
/// blocked the file. The booked amount is the transaction's, in the account's kroner.
async fn the_booked_amount_is_the_transactions_in_kroner_whatever_the_payer_sent(app: TestApp) {
    let office = app.admin().await;
    let invoice = invoice(&app, &office).await;
    let day = today(&app);
    let mut same = Tx::kid("1250", &invoice.kid, "Kari Nordmann").reference("A-1");
    same.instructed = Some(("1250".into(), "NOK".into()));
    let mut foreign = Tx::kid("1180.50", &invoice.kid, "Hans Müller").reference("A-2");
    foreign.instructed = Some(("100.00".into(), "EUR".into()));
    let v2 = camt::file(Version::V2, "N-1", &[Entry::credit(&day, vec![same, foreign])]);
    let done = import(&office, "version 2", &v2).await;
    assert_eq!((done["new"].as_i64(), done["matched"].as_i64()), (Some(2), Some(2)));
    assert_eq!(paid(&office, &invoice).await, 125_000 + 118_050);
    let v8 = camt::file(
        Version::V8,
        "N-2",
        &[Entry::credit(&day, vec![Tx::kid("1250.00", &invoice.kid, "Ola").reference("A-3")])],
    );
    assert_eq!(counts(&import(&office, "version 8", &v8).await), (1, 0));
    assert_eq!(paid(&office, &invoice).await, 2 * 125_000 + 118_050);
    sums_add_up(&app).await;
    app.stop().await;
}

/// Finding 3: `RvslInd` was not read. A reversed KID payment left the invoice paid; a
/// refund the payee's bank sent back, naming an invoice, was booked as the customer's
/// payment. Now the reversal takes its payment off the invoice (saying so in the import's
/// answer), and money of the firm's own coming back waits for the office with its reason.
async fn a_reversal_takes_its_payment_back_and_a_returned_refund_waits_for_the_office(app: TestApp) {
    let office = app.admin().await;
    let invoice = invoice(&app, &office).await;
    let day = today(&app);
    let amount = format!("{}.{:02}", invoice.total / 100, invoice.total % 100);
    let payment = Tx::kid(&amount, &invoice.kid, "Kari Nordmann").reference("P-1").end_to_end("E2E-900");
    let paid_file = camt::file(Version::V2, "N-1", &[Entry::credit(&day, vec![payment])]);
    import(&office, "the payment", &paid_file).await;
    assert_eq!(paid(&office, &invoice).await, invoice.total);

    let taken_back = Tx::kid(&amount, &invoice.kid, "Kari Nordmann").reference("R-1").end_to_end("E2E-900");
    let reversal = camt::file(Version::V2, "N-2", &[Entry::reversal(&day, vec![taken_back])]);
    let done = import(&office, "the reversal", &reversal).await;
    assert_eq!((done["new"].as_i64(), done["reversed"].as_i64()), (Some(1), Some(1)));
    assert_eq!(paid(&office, &invoice).await, 0, "the money went back: the invoice is owed again");
    let again = import(&office, "the reversal again", &reversal).await;
    assert_eq!((again["already"].as_i64(), again["reversed"].as_i64()), (Some(1), Some(0)));
    assert_eq!(paid(&office, &invoice).await, 0);

    // A reversal of a payment this firm never had waits, naming why.
    let unknown = Tx::kid("99.00", "12345678903", "Ukjent").reference("R-2").end_to_end("E2E-901");
    let bounced = Tx {
        message: format!("Tilbakebetaling faktura {}", invoice.number),
        ..Tx::kid("250.00", &invoice.kid, "Kari Nordmann").reference("R-3")
    };
    let odd = camt::file(
        Version::V8,
        "N-3",
        &[Entry::reversal(&day, vec![unknown]), Entry::returned(&day, vec![bounced])],
    );
    let done = import(&office, "odd ones", &odd).await;
    assert_eq!(
        (done["new"].as_i64(), done["waiting"].as_i64(), done["matched"].as_i64()),
        (Some(2), Some(2), Some(0))
    );
    assert_eq!(paid(&office, &invoice).await, 0, "money of the firm's own coming back pays nothing");
    let open = waiting(&office).await;
    let mut why: Vec<&str> = open.iter().map(|payment| payment["waiting"].as_str().unwrap()).collect();
    why.sort_unstable();
    assert_eq!(why, ["returned", "reversal"]);
    sums_add_up(&app).await;
    app.stop().await;
}

/// Findings 4 and 16: a file cut off after an `</Ntry>` was imported in part; an entity
/// declared in a DOCTYPE was refused as if on "linje 1" though it stood further down.
async fn a_file_cut_short_or_declaring_a_doctype_is_refused_whole_naming_why(app: TestApp) {
    let office = app.admin().await;
    let invoice = invoice(&app, &office).await;
    let day = today(&app);
    let whole = camt::file(
        Version::V2,
        "N-1",
        &[
            Entry::credit(&day, vec![Tx::kid("100.00", &invoice.kid, "Kari").reference("C-1")]),
            Entry::credit(&day, vec![Tx::kid("200.00", &invoice.kid, "Ola").reference("C-2")]),
        ],
    );
    let cut = &whole[..whole.find("</Ntry>").unwrap() + "</Ntry>".len()];
    Answer::<Value>::read("cut".into(), camt::import(&office, cut).await).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Filen er ikke hel: den slutter før «Document» er lukket, så noe mangler. \
         Last ned filen på nytt fra nettbanken. Ingenting ble importert.",
    );
    let declared =
        whole.replacen("<Document", "<!DOCTYPE Document [\n<!ENTITY ref \"C-9\">\n]>\n<Document", 1);
    Answer::<Value>::read("doctype".into(), camt::import(&office, &declared).await).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Filen har en DOCTYPE-erklæring (linje 2). En bankfil har ingen, og den leses ikke. \
         Ingenting ble importert.",
    );
    assert_eq!(paid(&office, &invoice).await, 0);
    assert!(waiting(&office).await.is_empty());
    app.stop().await;
}

/// Finding 5: 100 000 entries held SQLite's write lock for 25 s; a 52 MB file was told it
/// "must be multipart"; control characters, U+FFFF and 19 MB messages were stored from
/// the file, and a NUL byte was a 500 on PostgreSQL. Each is refused whole, saying why.
async fn a_bank_file_over_its_limits_or_with_text_no_input_may_hold_is_refused_whole(app: TestApp) {
    let office = app.admin().await;
    let invoice = invoice(&app, &office).await;
    let day = today(&app);
    let too_large = "x".repeat(21 * 1024 * 1024);
    let answer = camt::import(&office, &too_large).await;
    assert_eq!(answer.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: Value = answer.json().await.unwrap();
    assert_eq!(body["error"], "Filen er for stor. En bankfil kan være høyst 20 MB.");

    let limit = fagfolk_data::payments::camt::MAX_PAYMENTS;
    let many: Vec<Tx> =
        (0..=limit).map(|n| Tx::kid("1.00", "12345678903", "Kari").reference(&format!("M-{n}"))).collect();
    let many = camt::file(Version::V2, "N-MANY", &[Entry::credit(&day, many)]);
    Answer::<Value>::read("many".into(), camt::import(&office, &many).await).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        &format!(
            "Filen har mer enn {limit} innbetalinger. Last ned en kortere periode om gangen fra nettbanken. \
             Ingenting ble importert."
        ),
    );
    let file = |message: &str| {
        let tx = Tx { message: message.into(), ..Tx::kid("10.00", &invoice.kid, "Kari").reference("T-1") };
        camt::file(Version::V2, "N-TEXT", &[Entry::credit(&day, vec![tx])])
    };
    let refused = "Post 1 i filen har en tekst med tegn som ikke kan lagres (kontrolltegn, NUL eller \
                   U+FFFE/U+FFFF). Ingenting ble importert.";
    for bad in ["bjelle\u{7}", "null\u{0}tegn", "ikke\u{FFFF}tegn"] {
        Answer::<Value>::read(format!("{bad:?}"), camt::import(&office, &file(bad)).await)
            .await
            .refused(StatusCode::UNPROCESSABLE_ENTITY, refused);
    }
    let long = "a".repeat(fagfolk_data::payments::camt::MAX_TEXT + 1);
    Answer::<Value>::read("long".into(), camt::import(&office, &file(&long)).await).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        &format!(
            "Post 1 i filen har en tekst på mer enn {} tegn. Ingenting ble importert.",
            fagfolk_data::payments::camt::MAX_TEXT
        ),
    );
    assert_eq!(paid(&office, &invoice).await, 0);
    assert!(waiting(&office).await.is_empty());
    app.stop().await;
}

/// Finding 7, and every refusal of a payment with its own sentence: a payment dated
/// 0001-01-01 was taken (and lowered the forsinkelsesrente).
async fn every_refusal_of_a_payment_says_its_own_reason(app: TestApp) {
    let office = app.admin().await;
    let invoice = invoice(&app, &office).await;
    let path = format!("/api/admin/invoices/{}/payments", invoice.id);
    let register = |paid_on: String, amount: i64| {
        let office = &office;
        let path = &path;
        async move {
            office
                .call::<Value>(Method::POST, path, Some(&json!({"paid_on": paid_on, "amount": amount})))
                .await
        }
    };
    let issued = fagfolk_data::oslo::parse_day(&invoice.issued).unwrap();
    let before = format!("Datoen kan ikke være før fakturadatoen ({}).", issued.format("%d.%m.%Y"));
    for day in ["0001-01-01".to_owned(), (issued - chrono::Duration::days(1)).to_string()] {
        let refused = register(day, 100).await;
        refused.refused(StatusCode::UNPROCESSABLE_ENTITY, &before);
    }
    let note: Value = office
        .call(
            Method::POST,
            &format!("/api/admin/invoices/{}/credit-notes", invoice.id),
            Some(&json!({"lines": [0], "reason": "Feil areal"})),
        )
        .await
        .good();
    office
        .call::<Value>(
            Method::POST,
            &format!("/api/admin/invoices/{}/payments", note["id"].as_str().unwrap()),
            Some(&json!({"paid_on": today(&app), "amount": 100})),
        )
        .await
        .refused(
            StatusCode::CONFLICT,
            "En kreditnota betales ikke. Registrer betalingen på fakturaen den krediterer.",
        );
    let owed = invoice.total - note["total"].as_i64().unwrap();
    let more =
        format!("Beløpet er større enn det som står igjen å betale ({}).", fagfolk_data::money::kroner(owed));
    register(invoice.issued.clone(), owed + 1).await.refused(StatusCode::UNPROCESSABLE_ENTITY, &more);
    let whole: Value = register(invoice.issued.clone(), owed).await.good();
    assert_eq!(whole["amount"], owed);
    register(invoice.issued.clone(), 100).await.refused(
        StatusCode::CONFLICT,
        "Fakturaen er betalt eller kreditert. Det står ikke noe igjen å betale.",
    );
    let day = today(&app);
    let from_bank = camt::file(
        Version::V2,
        "N-1",
        &[Entry::credit(&day, vec![Tx::kid("10.00", "12345678903", "Ukjent").reference("B-1")])],
    );
    import(&office, "bank", &from_bank).await;
    let id = waiting(&office).await[0]["id"].as_str().unwrap().to_owned();
    office.call::<Value>(Method::DELETE, &format!("/api/admin/payments/{id}"), None).await.refused(
        StatusCode::CONFLICT,
        "En innbetaling fra banken slettes ikke. Ta den av fakturaen, så venter den på avklaring.",
    );
    sums_add_up(&app).await;
    app.stop().await;
}

/// Finding 5: after a large file, the waiting list had 200 000 rows and no paging (20 s).
async fn the_payments_waiting_for_the_office_come_a_page_at_a_time(app: TestApp) {
    let office = app.admin().await;
    let day = today(&app);
    let unknown: Vec<Tx> =
        (0..120).map(|n| Tx::kid("1.00", "12345678903", "Ukjent").reference(&format!("W-{n:03}"))).collect();
    import(&office, "120 unknown", &camt::file(Version::V2, "N-W", &[Entry::credit(&day, unknown)])).await;
    let page = |n: i64| {
        let office = &office;
        async move {
            let page: Value =
                office.call(Method::GET, &format!("/api/admin/payments/waiting?page={n}"), None).await.good();
            let refs: Vec<String> = page["payments"]
                .as_array()
                .unwrap()
                .iter()
                .map(|payment| payment["bank_ref"].as_str().unwrap().to_owned())
                .collect();
            (page["total"].as_i64().unwrap(), page["page_size"].as_i64().unwrap(), refs)
        }
    };
    let (first, second, last, past) = (page(1).await, page(2).await, page(3).await, page(4).await);
    assert_eq!((first.0, first.1, first.2.len(), second.2.len(), last.2.len()), (120, 50, 50, 50, 20));
    let mut all: Vec<String> = [first.2, second.2, last.2].concat();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 120, "every payment on exactly one page");
    assert!(past.2.is_empty());
    app.stop().await;
}

/// A small deterministic generator (xorshift), so a failing round names its seed.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, sides: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % sides
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for at in (1..items.len()).rev() {
            let other = self.roll(at as u64 + 1) as usize;
            items.swap(at, other);
        }
    }
}

/// The property of finding 1 through the real server: files built from the same payments
/// (the day's whole file, intraday parts of it, each re-sent, regrouped one entry per
/// payment or all in one, in either version, imported in any order) book each payment
/// exactly once, and every invoice's sums agree with its rows. Payments of four kinds:
/// with the bank's reference, with only an EndToEndId, with "NOTPROVIDED", and twins equal
/// in everything.
async fn any_files_built_from_the_same_payments_book_each_payment_once(app: TestApp) {
    let office = app.admin().await;
    let day = today(&app);
    for seed in [7_u64, 1_013, 90_001, 4_242_424] {
        let mut dice = Dice(seed);
        let invoice = invoice(&app, &office).await;
        let payments: Vec<Tx> = (0..2 + dice.roll(7))
            .map(|n| match dice.roll(4) {
                0 => Tx::kid("10.00", &invoice.kid, "Ref").reference(&format!("R{seed}-{n}")),
                1 => Tx::kid("11.00", &invoice.kid, "Ende").end_to_end(&format!("E{seed}-{n}")),
                2 => Tx::kid(&format!("{}.50", n + 1), &invoice.kid, "Uten").end_to_end("NOTPROVIDED"),
                _ => Tx::kid("7.00", &invoice.kid, "Tvilling"),
            })
            .collect();
        let owed: i64 =
            payments.iter().map(|tx| (tx.amount.parse::<f64>().unwrap() * 100.0).round() as i64).sum();
        let mut files: Vec<Vec<Tx>> = vec![payments.clone()];
        for _ in 0..1 + dice.roll(4) {
            let part: Vec<Tx> = payments.iter().filter(|_| dice.roll(2) == 0).cloned().collect();
            files.push(if part.is_empty() { payments[..1].to_vec() } else { part });
        }
        let again = files[dice.roll(files.len() as u64) as usize].clone();
        files.push(again);
        dice.shuffle(&mut files);
        for (number, mut file) in files.into_iter().enumerate() {
            dice.shuffle(&mut file);
            let version = if dice.roll(2) == 0 { Version::V2 } else { Version::V8 };
            let entries = if dice.roll(2) == 0 {
                vec![Entry::credit(&day, file)]
            } else {
                file.into_iter().map(|tx| Entry::credit(&day, vec![tx])).collect()
            };
            import(
                &office,
                &format!("seed {seed}, file {number}"),
                &camt::file(version, &format!("F{number}"), &entries),
            )
            .await;
        }
        assert_eq!(paid(&office, &invoice).await, owed, "seed {seed}: each payment booked once");
    }
    sums_add_up(&app).await;
    app.stop().await;
}
