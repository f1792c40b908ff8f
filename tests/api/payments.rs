//! Money in (#61): the list of invoices, payments by hand, the bank's camt.054 file
//! imported (twice), what waits for the office resolved, and the sums always adding up:
//! an invoice's `paid` and `credited` are what its rows say, after every step
//! (`fagfolk_data::payments::store::sums_astray`).

use reqwest::{Method, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::fixtures::camt::{self, Pay, Version};
use crate::fixtures::{Id, accepted_job, invoiced_job};
use crate::helpers::{Session, TestApp, audit_entries};

#[derive(Debug, Deserialize)]
struct Balance {
    total: i64,
    credited: i64,
    paid: i64,
    outstanding: i64,
}

#[derive(Debug, Deserialize)]
struct Account {
    balance: Balance,
    state: String,
    payments: Vec<Value>,
}

#[derive(Debug, Deserialize)]
struct Row {
    number: String,
    kind: String,
    credits: Option<String>,
    customer: String,
    balance: Balance,
    state: Option<String>,
}

#[derive(Debug, Deserialize)]
struct List {
    rows: Vec<Row>,
    total_rows: i64,
    outstanding: i64,
    counts: Value,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Imported {
    new: usize,
    matched: usize,
    waiting: usize,
    already: usize,
    skipped: usize,
}

/// An invoice as the tests use it: its id, number, total and KID.
struct Invoice {
    id: String,
    number: String,
    total: i64,
    kid: String,
}

impl Invoice {
    fn of(invoice: &Value) -> Self {
        let number = invoice["number"].as_str().unwrap().to_owned();
        Self {
            id: invoice["id"].as_str().unwrap().to_owned(),
            kid: fagfolk_data::values::kid(&number),
            total: invoice["total"].as_i64().unwrap(),
            number,
        }
    }

    fn payments(&self) -> String {
        format!("/api/admin/invoices/{}/payments", self.id)
    }
}

/// A second invoice, to a consumer this time.
async fn consumer_invoice(app: &TestApp, office: &Session) -> Invoice {
    let (_, job_id, _) = accepted_job(app, office, None, None).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    assert_eq!(office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(), 200);
    let made = office.send(Method::POST, &format!("{job_path}/invoices"), &json!({})).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    Invoice::of(&made.json().await.unwrap())
}

async fn account(office: &Session, invoice: &Invoice) -> Account {
    office.call::<Account>(Method::GET, &invoice.payments(), None).await.good()
}

async fn list(office: &Session, query: &str) -> List {
    office.call::<List>(Method::GET, &format!("/api/admin/invoices{query}"), None).await.good()
}

async fn waiting(office: &Session) -> Vec<Value> {
    let page: Value = office.call(Method::GET, "/api/admin/payments/waiting", None).await.good();
    page["payments"].as_array().unwrap().clone()
}

/// The invoices' `paid` and `credited` agree with their rows.
pub(crate) async fn sums_add_up(app: &TestApp) {
    let astray = fagfolk_data::payments::store::sums_astray(&app.state.db).await.unwrap();
    assert!(astray.is_empty(), "the sums of {astray:?} disagree with their rows");
}

/// Kroner as the bank writes them.
fn kroner(ore: i64) -> String {
    format!("{}.{:02}", ore / 100, ore % 100)
}

async fn the_list_finds_an_invoice_by_number_and_customer_and_a_credit_note_lowers_what_is_owed(
    app: TestApp,
) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let business = Invoice::of(&made);
    let consumer = consumer_invoice(&app, &office).await;

    let all = list(&office, "").await;
    assert_eq!(all.total_rows, 2);
    assert_eq!(all.outstanding, business.total + consumer.total);
    assert_eq!(all.counts["sent"], 2);
    let found = list(&office, &format!("?q={}", business.number)).await;
    assert_eq!(found.rows.len(), 1);
    assert_eq!(
        (found.rows[0].number.as_str(), found.rows[0].customer.as_str()),
        (business.number.as_str(), "Byggmester Hansen AS")
    );
    assert_eq!(found.rows[0].state.as_deref(), Some("sent"));
    // The consumer by her name, in another case, with its Norwegian letters.
    let found = list(&office, "?q=%C3%85SE%20%C3%98DEG").await;
    assert_eq!(
        found.rows.iter().map(|row| row.number.as_str()).collect::<Vec<_>>(),
        [consumer.number.as_str()]
    );
    assert_eq!(list(&office, "?q=50%25").await.total_rows, 0, "a % is a character, not a wildcard");
    // An invoice made before the list, its search text as the migration wrote it on SQLite
    // (only ASCII lowered), is found by its Norwegian letters once the server has started.
    let old = format!("{} Åse Ødegård", consumer.number);
    let id = uuid::Uuid::parse_str(&consumer.id).unwrap();
    fagfolk::db_run!(&app.state.db, pool => sqlx::query("UPDATE invoices SET search = $1 WHERE id = $2")
        .bind(&old)
        .bind(id)
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    // (SQLite's trigram index, migration 0046, folds Ø and Å itself: found all along.)
    let before = if matches!(app.state.db, fagfolk_data::db::Db::Sqlite(_)) { 1 } else { 0 };
    assert_eq!(list(&office, "?q=%C3%B8deg%C3%A5rd").await.total_rows, before, "as it was");
    assert_eq!(fagfolk_data::invoices::store::search_missing(&app.state.db).await.unwrap(), 1);
    assert_eq!(list(&office, "?q=%C3%B8deg%C3%A5rd").await.total_rows, 1, "found once written again");
    // Ctrl+K finds it too, by number or customer.
    let hits: Value = office.get_json("/api/admin/search", &[("q", business.number.as_str())]).await;
    assert_eq!(hits["invoices"][0]["title"], format!("Faktura {}", business.number));
    assert_eq!(hits["invoices"][0]["detail"], "Byggmester Hansen AS");
    let hits: Value = office.get_json("/api/admin/search", &[("q", "ødegård")]).await;
    assert_eq!(hits["invoices"][0]["title"], format!("Faktura {}", consumer.number));

    // A credit note of the first line: a row of its own, and what is owed goes down by it.
    let note: Value = office
        .call::<Value>(
            Method::POST,
            &format!("/api/admin/invoices/{}/credit-notes", business.id),
            Some(&json!({"lines": [0], "reason": "Feil areal."})),
        )
        .await
        .good();
    let credited = note["total"].as_i64().unwrap();
    let all = list(&office, "").await;
    assert_eq!(all.total_rows, 3);
    let note_row = all.rows.iter().find(|row| row.kind == "credit_note").unwrap();
    assert_eq!(
        (note_row.credits.as_deref(), note_row.state.as_ref()),
        (Some(business.number.as_str()), None)
    );
    let invoice_row = all.rows.iter().find(|row| row.number == business.number).unwrap();
    assert_eq!(
        (invoice_row.balance.credited, invoice_row.balance.outstanding),
        (credited, business.total - credited)
    );
    assert_eq!(all.outstanding, business.total - credited + consumer.total);
    assert_eq!(all.counts["credit_notes"], 1);
    let sums = account(&office, &business).await;
    assert_eq!(
        (sums.balance.total, sums.balance.credited, sums.balance.outstanding),
        (business.total, credited, business.total - credited)
    );
    sums_add_up(&app).await;

    office.call::<Value>(Method::GET, "/api/admin/invoices?state=betalt", None).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Ukjent status. Velg sendt, forfalt, delvis betalt, betalt eller kreditert.",
    );
    app.stop().await;
}

async fn a_payment_by_hand_is_partial_or_whole_and_never_more_than_is_owed(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let invoice = Invoice::of(&made);
    let today = app.state.clock.today().format("%Y-%m-%d").to_string();
    let pay = |amount: i64| json!({"paid_on": today, "amount": amount, "note": "Overført uten KID"});

    let first: Id = office.call(Method::POST, &invoice.payments(), Some(&pay(100_000))).await.good();
    let now = account(&office, &invoice).await;
    assert_eq!(
        (now.state.as_str(), now.balance.paid, now.balance.outstanding),
        ("partly_paid", 100_000, invoice.total - 100_000)
    );
    assert_eq!(list(&office, "?state=partly_paid").await.rows[0].number, invoice.number);
    assert_eq!(list(&office, "?state=unpaid").await.total_rows, 1);

    let rest = invoice.total - 100_000;
    office.call::<Value>(Method::POST, &invoice.payments(), Some(&pay(rest + 1))).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        &format!(
            "Beløpet er større enn det som står igjen å betale ({}).",
            fagfolk_data::money::kroner(rest)
        ),
    );
    let tomorrow = (app.state.clock.today() + chrono::Days::new(1)).format("%Y-%m-%d").to_string();
    office
        .call::<Value>(Method::POST, &invoice.payments(), Some(&json!({"paid_on": tomorrow, "amount": 1})))
        .await
        .refused(StatusCode::UNPROCESSABLE_ENTITY, "Datoen kan ikke være senere enn i dag.");
    let _: Id = office.call(Method::POST, &invoice.payments(), Some(&pay(rest))).await.good();
    let now = account(&office, &invoice).await;
    assert_eq!((now.state.as_str(), now.balance.outstanding, now.payments.len()), ("paid", 0, 2));
    office.call::<Value>(Method::POST, &invoice.payments(), Some(&pay(1))).await.refused(
        StatusCode::CONFLICT,
        "Fakturaen er betalt eller kreditert. Det står ikke noe igjen å betale.",
    );
    let nowhere = format!("/api/admin/invoices/{}/payments", uuid::Uuid::now_v7());
    office
        .call::<Value>(Method::POST, &nowhere, Some(&pay(1)))
        .await
        .refused(StatusCode::NOT_FOUND, "Fant ikke fakturaen.");
    assert_eq!(list(&office, "?state=paid").await.total_rows, 1);
    assert_eq!(list(&office, "").await.outstanding, 0);

    // A mistake is deleted, and the log says who did it.
    let deleted = office.delete(&format!("/api/admin/payments/{}", first.id)).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(account(&office, &invoice).await.state, "partly_paid");
    let (action, entity, _, by, _) = audit_entries(&app).await.remove(0);
    assert_eq!(
        (action.as_str(), entity.as_str(), by.as_deref()),
        ("delete", "payments", Some("admin@fagfolk.test"))
    );
    sums_add_up(&app).await;
    app.stop().await;
}

/// Ten registrations of the whole amount at once: one is booked, the others are told
/// nothing is left, and the invoice is paid once.
async fn the_whole_amount_registered_ten_times_at_once_is_booked_once(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let invoice = Invoice::of(&made);
    let today = app.state.clock.today().format("%Y-%m-%d").to_string();
    let body = json!({"paid_on": today, "amount": invoice.total});
    let path = invoice.payments();
    let tries = (0..10).map(|_| office.send(Method::POST, &path, &body));
    let answers = futures_util::future::join_all(tries).await;
    let booked = answers.iter().filter(|answer| answer.status() == StatusCode::CREATED).count();
    let refused = answers.iter().filter(|answer| answer.status() == StatusCode::CONFLICT).count();
    assert_eq!((booked, refused), (1, 9));
    let now = account(&office, &invoice).await;
    assert_eq!((now.balance.paid, now.payments.len()), (invoice.total, 1));
    sums_add_up(&app).await;
    app.stop().await;
}

async fn a_bank_file_is_imported_once_with_each_payment_where_it_plainly_belongs(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let exact = Invoice::of(&made);
    let partial = consumer_invoice(&app, &office).await;
    let part = 100_000;
    let day = app.state.clock.today().format("%Y-%m-%d").to_string();
    let payments = [
        Pay {
            reference: "50001",
            amount: &kroner(exact.total),
            kid: Some(&exact.kid),
            message: "",
            payer: "Byggmester Hansen AS",
        },
        Pay {
            reference: "50002",
            amount: &kroner(part),
            kid: None,
            message: &format!("Faktura {}", partial.number),
            payer: "Åse Ødegård",
        },
        Pay {
            reference: "50003",
            amount: &kroner(partial.total - part),
            kid: Some("12345678903"),
            message: "",
            payer: "Å. Ødegård",
        },
    ];
    let file = camt::camt054(Version::V2, &day, &payments);
    camt::assert_valid(&file);

    let done: Imported =
        crate::fixtures::Answer::read("import".into(), camt::import(&office, &file).await).await.good();
    assert_eq!(done, Imported { new: 3, matched: 2, waiting: 1, already: 0, skipped: 0 });
    assert_eq!(account(&office, &exact).await.state, "paid");
    let now = account(&office, &partial).await;
    assert_eq!((now.state.as_str(), now.balance.outstanding), ("partly_paid", partial.total - part));
    let open = waiting(&office).await;
    assert_eq!(open.len(), 1);
    assert_eq!(
        (open[0]["waiting"].as_str(), open[0]["payer"].as_str()),
        (Some("unknown"), Some("Å. Ødegård"))
    );
    sums_add_up(&app).await;

    // The same file again changes nothing.
    let again: Imported =
        crate::fixtures::Answer::read("again".into(), camt::import(&office, &file).await).await.good();
    assert_eq!(again, Imported { new: 0, matched: 0, waiting: 0, already: 3, skipped: 0 });
    assert_eq!(account(&office, &partial).await.balance.paid, part);
    assert_eq!(waiting(&office).await.len(), 1);

    // The office books the unknown one on the consumer's invoice: paid.
    let unknown = open[0]["id"].as_str().unwrap();
    let booked: Value = office
        .call(
            Method::POST,
            &format!("/api/admin/payments/{unknown}/match"),
            Some(&json!({"invoice": partial.number})),
        )
        .await
        .good();
    assert_eq!(booked["status"], "matched");
    assert_eq!(account(&office, &partial).await.state, "paid");
    assert!(waiting(&office).await.is_empty());
    office
        .call::<Value>(
            Method::POST,
            &format!("/api/admin/payments/{unknown}/match"),
            Some(&json!({"invoice": partial.number})),
        )
        .await
        .refused(StatusCode::CONFLICT, "Innbetalingen venter ikke på avklaring.");

    // A wrong match taken off: it waits again, the invoice is owed again, and the office
    // sets it aside as no payment of an invoice; the log has each step and who took it.
    let by_kid = account(&office, &exact).await.payments[0]["id"].as_str().unwrap().to_owned();
    let undone: Value =
        office.call(Method::POST, &format!("/api/admin/payments/{by_kid}/unmatch"), None).await.good();
    assert_eq!((undone["status"].as_str(), undone["waiting"].as_str()), (Some("open"), Some("undone")));
    assert_eq!(account(&office, &exact).await.state, "sent");
    office
        .call::<Value>(
            Method::POST,
            &format!("/api/admin/payments/{by_kid}/set-aside"),
            Some(&json!({"note": ""})),
        )
        .await
        .refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Skriv hva innbetalingen er, for eksempel «Tilbakebetaling fra leverandør».",
        );
    let aside: Value = office
        .call(
            Method::POST,
            &format!("/api/admin/payments/{by_kid}/set-aside"),
            Some(&json!({"note": "Betalt to ganger, betalt tilbake"})),
        )
        .await
        .good();
    assert_eq!(aside["status"], "set_aside");
    office.call::<Value>(Method::DELETE, &format!("/api/admin/payments/{unknown}"), None).await.refused(
        StatusCode::CONFLICT,
        "En innbetaling fra banken slettes ikke. Ta den av fakturaen, så venter den på avklaring.",
    );
    let log: Vec<(String, String)> =
        audit_entries(&app).await.into_iter().take(4).map(|(action, entity, ..)| (action, entity)).collect();
    let expected =
        [("set_aside", "payments"), ("unmatch", "payments"), ("match", "payments"), ("import", "payments")];
    assert_eq!(log, expected.map(|(action, entity)| (action.to_owned(), entity.to_owned())));
    sums_add_up(&app).await;
    app.stop().await;
}

async fn more_than_is_owed_or_two_invoices_named_wait_for_the_office(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let first = Invoice::of(&made);
    let second = consumer_invoice(&app, &office).await;
    let day = app.state.clock.today().format("%Y-%m-%d").to_string();
    let both = format!("{} og {}", first.number, second.number);
    let payments = [
        Pay {
            reference: "60001",
            amount: &kroner(first.total + 100),
            kid: Some(&first.kid),
            message: "",
            payer: "Hansen",
        },
        Pay { reference: "60002", amount: "10.00", kid: None, message: &both, payer: "Ødegård" },
    ];
    let file = camt::camt054(Version::V8, &day, &payments);
    camt::assert_valid(&file);
    let done: Imported =
        crate::fixtures::Answer::read("import".into(), camt::import(&office, &file).await).await.good();
    assert_eq!((done.new, done.matched, done.waiting), (2, 0, 2));
    let open = waiting(&office).await;
    let why: Vec<(&str, Option<&str>)> = open
        .iter()
        .map(|payment| (payment["waiting"].as_str().unwrap(), payment["suggested"].as_str()))
        .collect();
    assert_eq!(why, [("overpaid", Some(first.number.as_str())), ("ambiguous", None)]);
    assert_eq!(account(&office, &first).await.balance.paid, 0, "nothing booked by guess");
    sums_add_up(&app).await;
    app.stop().await;
}

async fn a_broken_or_foreign_file_is_refused_whole_naming_what_is_wrong(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let invoice = Invoice::of(&made);
    let day = app.state.clock.today().format("%Y-%m-%d").to_string();
    let good = camt::camt054(
        Version::V2,
        &day,
        &[Pay {
            reference: "70001",
            amount: &kroner(invoice.total),
            kid: Some(&invoice.kid),
            message: "",
            payer: "Hansen",
        }],
    );
    let refused = |file: String, text: String| {
        let office = &office;
        async move {
            let answer =
                crate::fixtures::Answer::<Value>::read("import".into(), camt::import(office, &file).await)
                    .await;
            answer.refused(StatusCode::UNPROCESSABLE_ENTITY, &text);
        }
    };
    let cut = good.replace("</Ntry>", "");
    let line = cut.lines().position(|line| line.contains("</Ntfctn>")).unwrap() + 1;
    refused(cut, format!("Filen er ikke gyldig XML (feil på linje {line}). Ingenting ble importert.")).await;
    refused(
        good.replace("camt.054.001.02", "camt.053.001.02"),
        "Filen er ikke en camt.054-fil med innbetalinger fra banken (den er et «Document»-dokument). \
         Last ned innbetalingene som camt.054 i nettbanken. Ingenting ble importert."
            .into(),
    )
    .await;
    // A schema-valid file in euro: the bank could send it, but it is not this firm's money.
    let euro = good.replace("Ccy=\"NOK\"", "Ccy=\"EUR\"");
    camt::assert_valid(&euro);
    refused(
        euro,
        "Post 1 i filen er i EUR; bare innbetalinger i NOK kan føres. Ingenting ble importert.".into(),
    )
    .await;
    let form = reqwest::multipart::Form::new().text("annet", "x");
    let empty =
        office.request(Method::POST, "/api/admin/payments/import").multipart(form).send().await.unwrap();
    crate::fixtures::Answer::<Value>::read("empty".into(), empty).await.refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Velg bankfilen (camt.054) du har lastet ned fra nettbanken.",
    );

    assert!(waiting(&office).await.is_empty());
    assert_eq!(account(&office, &invoice).await.balance.paid, 0, "nothing imported");
    assert!(audit_entries(&app).await.iter().all(|(action, ..)| action != "import"));
    app.stop().await;
}

/// The customer's pages (the job's documents page and the accepted quote's page) say what
/// is owed, by when, to which account with which KID, and what is paid, until nothing is
/// left; past its due date, that it is overdue.
async fn the_customer_sees_what_is_owed_until_it_is_paid(app: TestApp) {
    let office = app.admin().await;
    crate::fixtures::firm_can_invoice(&office).await;
    let (_, job_id, quote_page) =
        accepted_job(&app, &office, Some("Byggmester Hansen AS"), Some("987 654 325")).await;
    let job_path = format!("/api/admin/jobs/{job_id}");
    assert_eq!(office.send(Method::PUT, &job_path, &json!({"status": "done"})).await.status(), 200);
    let made: Value =
        office.call(Method::POST, &format!("{job_path}/invoices"), Some(&json!({}))).await.good();
    let invoice = Invoice::of(&made);
    let documents = crate::documents::make_link(&office, &job_path).await;
    let kroner = fagfolk_data::money::kroner;
    let page = |path: String| {
        let app = &app;
        async move { app.get(&path).await.text().await.unwrap() }
    };

    for html in [page(documents.clone()).await, page(quote_page.clone()).await] {
        assert!(html.contains("Til betaling"), "{html}");
        assert!(html.contains(&kroner(invoice.total)));
        assert!(
            html.contains("Betales innen") && html.contains("1234.56.78903") && html.contains(&invoice.kid)
        );
    }
    let today = app.state.clock.today().format("%Y-%m-%d").to_string();
    let _: Id = office
        .call(Method::POST, &invoice.payments(), Some(&json!({"paid_on": today, "amount": 100_000})))
        .await
        .good();
    let html = page(documents.clone()).await;
    assert!(html.contains(&kroner(invoice.total - 100_000)), "what is left");
    assert!(html.contains("Betalt") && html.contains(&kroner(100_000)), "what is paid");

    // Three weeks on, the rest is overdue; paid, the page says so and asks for nothing.
    app.state.clock.advance(chrono::Duration::days(21));
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    assert!(page(documents.clone()).await.contains("Forfalt"));
    let rest = invoice.total - 100_000;
    let today = app.state.clock.today().format("%Y-%m-%d").to_string();
    let _: Id = office
        .call(Method::POST, &invoice.payments(), Some(&json!({"paid_on": today, "amount": rest})))
        .await
        .good();
    for html in [page(documents.clone()).await, page(quote_page.clone()).await] {
        assert!(html.contains(&format!("Faktura {} er betalt.", invoice.number)), "{html}");
        assert!(!html.contains("Til betaling") && !html.contains("Forfalt"));
    }
    app.stop().await;
}

/// The dashboard's "Penger inn": what is owed by how long past due, what came in this
/// month, and what waits for the office.
async fn the_dashboard_says_what_is_owed_by_age_and_what_came_in(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let old = Invoice::of(&made);
    // 45 days on, the first is 31 days past its due date (14 days to pay); a new one is not due.
    app.state.clock.advance(chrono::Duration::days(45));
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let new = consumer_invoice(&app, &office).await;
    let today = app.state.clock.today().format("%Y-%m-%d").to_string();
    let _: Id = office
        .call(Method::POST, &new.payments(), Some(&json!({"paid_on": today, "amount": 50_000})))
        .await
        .good();
    let file = camt::camt054(
        Version::V2,
        &today,
        &[Pay { reference: "80001", amount: "12.00", kid: None, message: "", payer: "Ukjent" }],
    );
    assert_eq!(camt::import(&office, &file).await.status(), StatusCode::OK);

    let money = office.get_json("/api/admin/dashboard", &[]).await["money"].clone();
    assert_eq!(
        money["outstanding"],
        json!({"not_due": new.total - 50_000, "days_1_30": 0, "days_31_60": old.total, "over_60": 0})
    );
    assert_eq!((money["paid_this_month"].as_i64(), money["waiting"].as_i64()), (Some(50_000), Some(1)));
    app.stop().await;
}

crate::db_tests!(
    the_dashboard_says_what_is_owed_by_age_and_what_came_in,
    the_customer_sees_what_is_owed_until_it_is_paid,
    the_list_finds_an_invoice_by_number_and_customer_and_a_credit_note_lowers_what_is_owed,
    a_payment_by_hand_is_partial_or_whole_and_never_more_than_is_owed,
    the_whole_amount_registered_ten_times_at_once_is_booked_once,
    a_bank_file_is_imported_once_with_each_payment_where_it_plainly_belongs,
    more_than_is_owed_or_two_invoices_named_wait_for_the_office,
    a_broken_or_foreign_file_is_refused_whole_naming_what_is_wrong,
);
