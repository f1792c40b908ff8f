//! The road to collection (#61, `fagfolk_data::reminders`): a purring and then an
//! inkassovarsel on an overdue invoice, each on the day the rules allow it, with its fee
//! only from 14 days past due (inkassoforskriften § 1-2), the forsinkelsesrente to its day
//! at the firm's rates (split where a rate changes, less what was paid as it came in), the
//! sums kept on the invoice and what the customer sees; its PDF read back; a purring
//! e-mailed with its PDF, read back from a mailbox on a real socket; a credit note of the
//! whole invoice taking the fees with it. Both databases; the clock is moved, not waited.

use chrono::{Datelike, Duration, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc::UnboundedReceiver;

use crate::fixtures::{Id, invoiced_job, pdf_text};
use crate::helpers::{Session, TestApp, audit_entries};

/// The interest on `owed` øre from the day after `due` through `to`, less `paid` (day,
/// øre) from its day, at `rates` (from, percent): written day by day in floating point, apart
/// from the server's whole-number sums.
fn expected_interest(
    owed: i64,
    paid: &[(NaiveDate, i64)],
    due: NaiveDate,
    to: NaiveDate,
    rates: &[(NaiveDate, f64)],
) -> i64 {
    let mut sum = 0.0;
    let mut day = due + Duration::days(1);
    while day <= to {
        let balance = owed - paid.iter().filter(|(on, _)| *on <= day).map(|(_, amount)| amount).sum::<i64>();
        let rate = rates.iter().rev().find(|(from, _)| *from <= day).map_or(0.0, |(_, rate)| *rate);
        let year_days = if NaiveDate::from_ymd_opt(day.year(), 2, 29).is_some() { 366.0 } else { 365.0 };
        sum += balance.max(0) as f64 * rate / 100.0 / year_days;
        day += Duration::days(1);
    }
    sum.round() as i64
}

/// "Purringer å sende" on the dashboard.
async fn reminders_due(office: &Session) -> i64 {
    office.get_json("/api/admin/dashboard", &[]).await["money"]["reminders_due"].as_i64().unwrap()
}

fn day_of(value: &Value) -> NaiveDate {
    value.as_str().unwrap().parse().unwrap()
}

fn date(day: NaiveDate) -> String {
    fagfolk_data::oslo::date(day)
}

/// Sets the firm's forsinkelsesrente: 12 % until `change`, then 12,5 % (and again from the
/// next half-year, since the last rate kept holds only to the end of its own).
async fn rates(office: &Session, change: NaiveDate) -> Vec<(NaiveDate, f64)> {
    let next_half = if change.month() <= 6 {
        NaiveDate::from_ymd_opt(change.year(), 7, 1).unwrap()
    } else {
        NaiveDate::from_ymd_opt(change.year() + 1, 1, 1).unwrap()
    };
    let mut settings: Value = office.get_json("/api/admin/settings", &[]).await;
    let invoicing = settings["invoicing"].as_object_mut().unwrap();
    invoicing.remove("interest_rates");
    let mut body = json!({
        "account_number": "1234.56.78903", "vat_registered": true, "payment_days": 14, "kid": true,
        "interest_rates": [
            {"from": "2020-01-01", "percent": "12"},
            {"from": change.to_string(), "percent": "12,5"},
            {"from": next_half.to_string(), "percent": "12,5"},
        ],
    });
    body["reminder_steps"] = "purring_then_notice".into();
    settings["invoicing"] = body;
    let saved: Value = office.call(Method::PUT, "/api/admin/settings", Some(&settings)).await.good();
    assert_eq!(
        saved["invoicing"]["interest_rates"][1],
        json!({"from": change.to_string(), "percent_hundredths": 1250})
    );
    vec![(NaiveDate::from_ymd_opt(2020, 1, 1).unwrap(), 12.0), (change, 12.5)]
}

async fn a_purring_then_an_inkassovarsel_with_their_days_fees_and_interest(app: TestApp) {
    let office = app.admin().await;
    let (job_id, made) = invoiced_job(&app, &office).await;
    let (id, number, total) = (
        made["id"].as_str().unwrap().to_owned(),
        made["number"].as_str().unwrap().to_owned(),
        made["total"].as_i64().unwrap(),
    );
    let due = day_of(&made["due_date"]);
    let rates = rates(&office, due + Duration::days(8)).await;
    let documents = crate::documents::make_link(&office, &format!("/api/admin/jobs/{job_id}")).await;
    let reminders = format!("/api/admin/invoices/{id}/reminders");
    let account = format!("/api/admin/invoices/{id}/payments");
    let send = |kind: &str| json!({"kind": kind, "channel": "post"});

    // Not due yet: nothing may go.
    let now: Value = office.call(Method::GET, &reminders, None).await.good();
    assert_eq!(
        (now["next"].is_null(), now["not_now"].as_str()),
        (true, Some("Fakturaen er ikke forfalt, eller det står ikke noe igjen å betale."))
    );
    office
        .call::<Value>(Method::POST, &reminders, Some(&send("purring")))
        .await
        .refused(StatusCode::CONFLICT, "Fakturaen er ikke forfalt, eller det står ikke noe igjen å betale.");

    // The day after the due date a purring may go, without a fee until 14 days past due.
    app.state.clock.advance_days((due - app.state.clock.today()).num_days() + 1);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let now: Value = office.call(Method::GET, &reminders, None).await.good();
    let next = &now["next"];
    assert_eq!((next["kind"].as_str(), next["fee"].as_i64()), (Some("purring"), Some(0)));
    assert_eq!(
        next["no_fee"].as_str().unwrap(),
        format!(
            "Uten gebyr: det kan først kreves 14 dager etter forfall, fra {} (inkassoforskriften § 1-2).",
            date(due + Duration::days(14))
        )
    );
    assert_eq!(
        next["interest"]["amount"].as_i64(),
        Some(expected_interest(total, &[], due, due + Duration::days(1), &rates))
    );
    assert_eq!(now["can_email"], false, "this app has no e-mail");
    assert_eq!(reminders_due(&office).await, 1, "the dashboard counts it");
    office
        .call::<Value>(Method::POST, &reminders, Some(&json!({"kind": "purring", "channel": "email"})))
        .await
        .refused(
            StatusCode::CONFLICT,
            "E-post er ikke satt opp på serveren. Last ned brevet som PDF og send det i posten.",
        );

    // 14 days past due: the purring with its fee and 14 days' interest, over the rate change.
    app.state.clock.advance_days(13);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let today = app.state.clock.today();
    assert_eq!(today, due + Duration::days(14));
    let purring: Value = office.call(Method::POST, &reminders, Some(&send("purring"))).await.good();
    let interest = expected_interest(total, &[], due, today, &rates);
    assert!(interest > 0);
    assert_eq!(
        (purring["fee"].as_i64(), purring["interest"]["amount"].as_i64(), purring["amount_due"].as_i64()),
        (Some(3_750), Some(interest), Some(total + 3_750 + interest)),
    );
    assert_eq!(
        (day_of(&purring["sent_on"]), day_of(&purring["pay_by"])),
        (today, today + Duration::days(14))
    );
    assert_eq!(reminders_due(&office).await, 0, "sent, it waits for its 14 days");
    let owed: Value = office.call(Method::GET, &account, None).await.good();
    assert_eq!(
        (owed["balance"]["outstanding"].as_i64(), owed["state"].as_str()),
        (Some(total + 3_750 + interest), Some("overdue"))
    );
    let html = app.get(&documents).await.text().await.unwrap();
    // The customer sees what the letter added, each by its name, and the letter's time to
    // pay, not "as soon as you can" (issue #75 point 3).
    for said in [
        "<dt>Purregebyr</dt>".to_owned(),
        "<dt>Forsinkelsesrente</dt>".to_owned(),
        format!(
            "Betal innen {}, fristen i purringen du fikk {}.",
            date(today + Duration::days(14)),
            date(today)
        ),
    ] {
        assert!(html.contains(&said), "{said}: {}", &html[html.find("Til betaling").unwrap_or(0)..]);
    }
    assert!(!html.contains("Betal så snart du kan"));
    assert!(
        html.contains(&fagfolk_data::money::kroner(total + 3_750 + interest)),
        "the customer sees the fee and interest: {}",
        &html[html.find("Til betaling").unwrap_or(0)..].chars().take(1500).collect::<String>()
    );
    // A second letter waits for the first one's time to pay.
    office.call::<Value>(Method::POST, &reminders, Some(&send("purring"))).await.refused(
        StatusCode::CONFLICT,
        &format!(
            "Fristen i forrige brev går ut {}. Neste brev kan sendes dagen etter.",
            date(today + Duration::days(14))
        ),
    );
    // The customer pays 1 000 kr three days later.
    app.state.clock.advance_days(3);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let paid_on = app.state.clock.today();
    let _: Id = office
        .call(Method::POST, &account, Some(&json!({"paid_on": paid_on.to_string(), "amount": 100_000})))
        .await
        .good();

    // Its time run out, the inkassovarsel: a purring asked for from an old page is refused.
    app.state.clock.advance_days(12);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let today = app.state.clock.today();
    assert_eq!(reminders_due(&office).await, 1, "its time run out, the next letter is due");
    // The customer's page no longer gives a day gone by as the deadline.
    let html = app.get(&documents).await.text().await.unwrap();
    let passed = format!(
        "Fristen i purringen du fikk {}, gikk ut {}. Betal så snart du kan.",
        date(today - Duration::days(15)),
        date(today - Duration::days(1))
    );
    assert!(html.contains(&passed), "{passed}: {}", &html[html.find("Til betaling").unwrap_or(0)..]);
    office.call::<Value>(Method::POST, &reminders, Some(&send("purring"))).await.refused(
        StatusCode::CONFLICT,
        "Siden var utdatert: neste brev er inkassovarsel. Se over og send igjen.",
    );
    let notice: Value = office.call(Method::POST, &reminders, Some(&send("notice"))).await.good();
    let interest = expected_interest(total, &[(paid_on, 100_000)], due, today, &rates);
    assert_eq!(
        (
            notice["kind"].as_str(),
            notice["earlier_fees"].as_i64(),
            notice["fee"].as_i64(),
            notice["paid"].as_i64()
        ),
        (Some("notice"), Some(3_750), Some(3_750), Some(100_000)),
    );
    let amount_due = total + 7_500 + interest - 100_000;
    assert_eq!(
        (notice["interest"]["amount"].as_i64(), notice["amount_due"].as_i64()),
        (Some(interest), Some(amount_due))
    );
    assert_eq!(day_of(&notice["pay_by"]), today + Duration::days(14), "inkassoloven § 9: 14 days");
    let owed: Value = office.call(Method::GET, &account, None).await.good();
    assert_eq!(owed["balance"]["outstanding"].as_i64(), Some(amount_due));
    crate::payments::sums_add_up(&app).await;

    // The notice's PDF says what it is, by which law, what to pay, by when, with the KID.
    let pdf = office.get(&format!("/api/admin/reminders/{}/pdf", notice["id"].as_str().unwrap())).await;
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let text = pdf_text(&pdf.bytes().await.unwrap()).split_whitespace().collect::<Vec<_>>().join(" ");
    for words in [
        "Inkassovarsel".to_owned(),
        "inkassoloven § 9".to_owned(),
        "Forsinkelsesrenten er nå 12,5 % i året".to_owned(),
        "vil det bli sendt til inkasso".to_owned(),
        format!("Faktura {number}"),
        "Gebyr for tidligere purring".to_owned(),
        fagfolk_data::money::kroner(amount_due),
        date(today + Duration::days(14)),
        fagfolk_data::values::kid(&number),
    ] {
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&words), "{words} in {text}");
    }

    // Every step sent: what is left is collection. Paid in full, the invoice is paid.
    app.state.clock.advance_days(15);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let now: Value = office.call(Method::GET, &reminders, None).await.good();
    assert_eq!(
        now["not_now"],
        "Alle trinnene er sendt. Neste steg er inkasso: send saken til et inkassobyrå."
    );
    assert_eq!(now["sent"].as_array().unwrap().len(), 2);
    assert_eq!(reminders_due(&office).await, 0, "every step is sent");
    let today = app.state.clock.today().to_string();
    let _: Id = office
        .call(Method::POST, &account, Some(&json!({"paid_on": today, "amount": amount_due})))
        .await
        .good();
    let owed: Value = office.call(Method::GET, &account, None).await.good();
    assert_eq!((owed["balance"]["outstanding"].as_i64(), owed["state"].as_str()), (Some(0), Some("paid")));
    crate::payments::sums_add_up(&app).await;

    let sent: Vec<_> = audit_entries(&app).await.into_iter().filter(|entry| entry.0 == "remind").collect();
    assert_eq!(sent.len(), 2);
    assert_eq!((sent[0].1.as_str(), sent[0].2.as_deref()), ("invoices", Some(id.as_str())));
    assert_eq!(sent[0].4.as_ref().unwrap()["after"]["letter"], "notice", "newest first");
    app.stop().await;
}

/// A credit note of the whole invoice: nothing was owed, so neither are its fees.
async fn a_credit_note_of_the_whole_invoice_takes_the_fees_with_it(app: TestApp) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let id = made["id"].as_str().unwrap();
    let due = day_of(&made["due_date"]);
    app.state.clock.advance_days((due - app.state.clock.today()).num_days() + 20);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let purring: Value = office
        .call(
            Method::POST,
            &format!("/api/admin/invoices/{id}/reminders"),
            Some(&json!({"kind": "purring", "channel": "post"})),
        )
        .await
        .good();
    assert_eq!(purring["fee"], 3_750);
    let lines = made["basis"]["work"]["lines"].as_array().unwrap().len()
        + made["basis"]["additions"]
            .as_array()
            .map_or(0, |sections| sections.iter().map(|s| s["lines"].as_array().unwrap().len()).sum());
    let _: Value = office
        .call(
            Method::POST,
            &format!("/api/admin/invoices/{id}/credit-notes"),
            Some(&json!({"lines": (0..lines).collect::<Vec<_>>(), "reason": "Feil kunde."})),
        )
        .await
        .good();
    let owed: Value =
        office.call(Method::GET, &format!("/api/admin/invoices/{id}/payments"), None).await.good();
    assert_eq!(
        (
            owed["state"].as_str(),
            owed["balance"]["outstanding"].as_i64(),
            owed["balance"]["charged"].as_i64()
        ),
        (Some("credited"), Some(0), Some(0))
    );
    crate::payments::sums_add_up(&app).await;
    app.stop().await;
}

crate::db_tests!(
    a_purring_then_an_inkassovarsel_with_their_days_fees_and_interest,
    a_credit_note_of_the_whole_invoice_takes_the_fees_with_it,
);

/// A purring e-mailed: its words and sums in the mail, its PDF attached, and a second
/// click the same day refused.
async fn a_purring_goes_by_email_with_its_pdf(app: TestApp, mut mail: UnboundedReceiver<String>) {
    let office = app.admin().await;
    let (_, made) = invoiced_job(&app, &office).await;
    let (id, number) = (made["id"].as_str().unwrap(), made["number"].as_str().unwrap());
    let due = day_of(&made["due_date"]);
    app.state.clock.advance_days((due - app.state.clock.today()).num_days() + 15);
    let office = app.login("admin@fagfolk.test", crate::helpers::ADMIN_PASSWORD).await;
    let reminders = format!("/api/admin/invoices/{id}/reminders");
    let now: Value = office.call(Method::GET, &reminders, None).await.good();
    assert_eq!(now["can_email"], true);
    let sent: Value = office
        .call(Method::POST, &reminders, Some(&json!({"kind": "purring", "channel": "email"})))
        .await
        .good();
    let raw = loop {
        let raw = crate::quote_mail::next(&mut mail).await;
        if crate::quote_flow::letter(&raw).0.starts_with("Purring") {
            break raw;
        }
    };
    let (subject, to, text) = crate::quote_flow::letter(&raw);
    assert_eq!(
        (subject.starts_with(&format!("Purring på faktura {number} fra")), to.as_str()),
        (true, sent["to_address"].as_str().unwrap())
    );
    let flat = text.replace('\n', " ");
    let kroner = fagfolk_data::money::kroner;
    assert!(flat.contains(&format!("Purregebyr (inkassoforskriften § 1-2): {}", kroner(3_750))), "{text}");
    assert!(flat.contains(&format!("Å betale: {}", kroner(sent["amount_due"].as_i64().unwrap()))), "{text}");
    let files = crate::invoice_send::attachments(&raw);
    assert_eq!(files.len(), 1);
    assert!(files[0].0.starts_with(&format!("Purring-{number}-")) && files[0].1.starts_with(b"%PDF"));
    assert!(pdf_text(&files[0].1).contains("Purring"));
    // The mail links to the customer's page: what is owed today and the letter itself,
    // the same PDF as attached (issue #75 point 3).
    let link = flat
        .split_whitespace()
        .find(|word| word.contains("/dokumenter/"))
        .unwrap_or_else(|| panic!("no link to the customer's page: {text}"));
    let path = &link[link.find("/dokumenter/").unwrap()..];
    let html = app.get(path).await.text().await.unwrap();
    let letter_day = date(day_of(&sent["sent_on"]));
    assert!(html.contains(&format!("Betal innen {}", date(day_of(&sent["pay_by"])))), "{html}");
    let title = format!("Purring {letter_day}");
    let at = html.find(&format!(">{title}</span>")).unwrap_or_else(|| panic!("{title} not listed: {html}"));
    let href_at = html[..at].rfind("href=\"").unwrap() + 6;
    let href = &html[href_at..href_at + html[href_at..].find('"').unwrap()];
    assert!(href.starts_with(path), "{href}");
    let letter = app.get(href).await;
    assert_eq!(letter.status(), StatusCode::OK);
    assert!(pdf_text(&letter.bytes().await.unwrap()).contains("Purring"));
    // Another job's link does not open this letter.
    let (other, _) = invoiced_job(&app, &office).await;
    let other_link: Value = office
        .call(Method::POST, &format!("/api/admin/jobs/{other}/documents-link"), Some(&json!({})))
        .await
        .good();
    let other_url = other_link["url"].as_str().unwrap();
    let other_path = &other_url[other_url.find("/dokumenter/").unwrap()..];
    let letter_id = href.rsplit('/').next().unwrap();
    assert_eq!(app.get(&format!("{other_path}/{letter_id}")).await.status(), StatusCode::NOT_FOUND);
    office
        .call::<Value>(Method::POST, &reminders, Some(&json!({"kind": "purring", "channel": "email"})))
        .await
        .refused(
            StatusCode::CONFLICT,
            &format!(
                "Fristen i forrige brev går ut {}. Neste brev kan sendes dagen etter.",
                date(day_of(&sent["pay_by"]))
            ),
        );
    let entries: Vec<_> = audit_entries(&app).await.into_iter().filter(|entry| entry.0 == "remind").collect();
    assert_eq!(entries.len(), 1, "one letter, one entry");
    // In the lead's history with the other e-mails to the customer.
    let job = office.get_json(&format!("/api/admin/jobs/{}", made["job_id"].as_str().unwrap()), &[]).await;
    let lead = job["lead_id"].as_str().unwrap();
    let timeline = office.get_json(&format!("/api/admin/leads/{lead}/timeline"), &[]).await;
    let mails: Vec<&str> = timeline
        .as_array()
        .unwrap()
        .iter()
        .filter(|event| event["kind"] == "email")
        .filter_map(|event| event["subject"].as_str())
        .collect();
    assert!(
        mails.iter().any(|subject| subject.starts_with(&format!("Purring på faktura {number}"))),
        "{mails:?}"
    );
    app.stop().await;
}

mod by_mail {
    use super::*;
    crate::mail_tests!(a_purring_goes_by_email_with_its_pdf);
}
