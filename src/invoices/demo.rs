//! The demo's money (`fagfolk serve --demo`, after the leads and jobs of
//! `crate::leads::demo`): four finished call-out jobs invoiced over the last 50 days, so
//! that "Fakturaer", an invoice's page, the customer's documents and the dashboard's
//! "Penger inn" show each state: one paid, one partly paid, one not yet due, and one 36
//! days overdue whose purring's time has run out, so the inkassovarsel may go.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

use fagfolk_data::audit::{AuditAction, AuditEntity, NewAudit};
use fagfolk_data::db::Db;
use fagfolk_data::invoices::{self, Invoice, InvoiceKind, Seller};
use fagfolk_data::jobs::{self, Job, JobStatus, time::NewEntry};
use fagfolk_data::leads::model::Lead;
use fagfolk_data::payments::input::NewPayment;
use fagfolk_data::reminders::{self, Channel, Kind};

/// Each demo invoice: the job's title, how many days ago it was made, and what was paid
/// how many days ago (øre, days; 0 øre: nothing).
const INVOICES: [(&str, i64, i64, i64); 4] = [
    ("Nytt kurs til varmepumpe", 50, 0, 0),
    ("Utskifting av stikkontakter", 30, 200_000, 6),
    ("Reparasjon av varmtvannsbereder", 20, -1, 10),
    ("Montering av downlights", 5, 0, 0),
];

/// Runs once, on a database without invoices; `office` and `montor_email` are the demo's
/// administrator and montør, who did what the audit log says.
pub async fn run(
    db: &Db,
    now: DateTime<Utc>,
    leads: &[Lead],
    (montor, montor_email): (Uuid, &str),
    office: &str,
) -> anyhow::Result<()> {
    if !invoices::store::all(db).await?.is_empty() {
        return Ok(());
    }
    let today = fagfolk_data::oslo::day_of(now);
    let mut settings = fagfolk_data::settings::store::facts(db)
        .await?
        .ok_or_else(|| anyhow::anyhow!("innstillingene mangler"))?;
    if settings.invoicing.account_number.is_none() {
        // The demo firm's account: a number whose check digit holds, and a KID agreement.
        settings.invoicing.account_number = Some("12345678903".to_owned());
        settings.invoicing.kid = true;
        let entry = NewAudit::new(now, AuditAction::Update, AuditEntity::Settings, None, office, None);
        fagfolk_data::settings::store::save_facts(db, &settings, now, &entry).await?;
    }
    let invoicing = settings.invoicing.clone();
    let seller = Seller {
        firm: fagfolk_data::settings::Firm::of(Some(&settings)),
        account_number: invoicing.account_number.clone(),
        vat_registered: invoicing.vat_registered,
        kid: invoicing.kid,
    };
    for ((title, days_ago, paid, paid_days_ago), lead) in INVOICES.into_iter().zip(leads) {
        let made_on = today - Duration::days(days_ago);
        let job = done_job(db, now, lead, title, made_on, (montor, montor_email), office).await?;
        let detail =
            jobs::detail(db, job).await?.ok_or_else(|| anyhow::anyhow!("demo-oppdraget forsvant"))?;
        let basis = invoices::basis::of_job(&detail, None, lead.email.clone());
        let made = |id: Uuid, number: String| Invoice {
            id,
            job_id: job,
            number,
            kind: InvoiceKind::Invoice,
            credited_id: None,
            reason: String::new(),
            issue_date: made_on,
            due_date: made_on + Duration::days(i64::from(invoicing.payment_days)),
            net_total: basis.totals.net,
            vat_total: basis.totals.vat,
            total: basis.totals.gross,
            basis: basis.clone(),
            seller: seller.clone(),
            created_by: "Demo Administrator".to_owned(),
            created_at: now,
            credited_lines: Vec::new(),
        };
        let entry = |invoice: &Invoice| {
            NewAudit::new(now, AuditAction::Create, AuditEntity::Invoices, Some(invoice.id), office, None)
        };
        let invoice = invoices::issue(db, job, made_on, made, entry)
            .await?
            .map_err(|not| anyhow::anyhow!("demofakturaen ble ikke laget: {not:?}"))?;
        let amount = if paid < 0 { invoice.total } else { paid };
        if amount > 0 {
            let payment = NewPayment {
                paid_on: today - Duration::days(paid_days_ago),
                amount,
                note: "Demo".to_owned(),
            };
            let entry = |payment: &fagfolk_data::payments::Payment| {
                NewAudit::new(now, AuditAction::Create, AuditEntity::Payments, Some(payment.id), office, None)
            };
            fagfolk_data::payments::store::register(
                db,
                invoice.id,
                &payment,
                ("Demo Administrator", now),
                entry,
            )
            .await?
            .map_err(|refused| anyhow::anyhow!("demobetalingen ble ikke ført: {refused:?}"))?;
        }
        if days_ago == 50 {
            // The purring went 20 days ago, 22 days past due with its fee; its 14 days are out.
            let sent_on = invoice.due_date + Duration::days(16);
            let sending = reminders::store::Sending {
                channel: Channel::Post,
                to_address: &lead.name,
                by: "Demo Administrator",
                at: now,
            };
            reminders::store::keep(db, invoice.id, &invoicing, sent_on, Some(Kind::Purring), sending, |_| {
                None
            })
            .await?
            .map_err(|refused| anyhow::anyhow!("demopurringen ble ikke laget: {refused:?}"))?;
        }
    }
    tracing::info!("fire demofakturaer lagt inn");
    Ok(())
}

/// A call-out job on `lead`, worked by `montor` for a day before `made_on` and done.
async fn done_job(
    db: &Db,
    now: DateTime<Utc>,
    lead: &Lead,
    title: &str,
    made_on: NaiveDate,
    (montor, montor_email): (Uuid, &str),
    office: &str,
) -> anyhow::Result<Uuid> {
    let job = Job {
        id: Uuid::now_v7(),
        lead_id: Some(lead.id),
        quote_id: None,
        title: title.to_owned(),
        customer_name: lead.name.clone(),
        customer_phone: lead.phone.clone(),
        customer_address: lead.adresse.clone(),
        price_type: fagfolk_data::quotes::PriceType::Hourly,
        price_rule: jobs::PriceRule::Capped,
        lines: Vec::new(),
        budget: 800_000,
        hourly_rate: 95_000,
        status: JobStatus::InProgress,
        start_day: Some(made_on - Duration::days(1)),
        end_day: Some(made_on - Duration::days(1)),
        created_by: "Demo".to_owned(),
        created_at: now,
        updated_at: now,
    };
    let made = NewAudit::new(now, AuditAction::Create, AuditEntity::Jobs, Some(job.id), office, None);
    jobs::create(db, &job, &[montor], &made).await?;
    let entry = NewEntry {
        job_id: job.id,
        user_id: montor,
        user_name: "Demo Montør".to_owned(),
        day: made_on - Duration::days(1),
        minutes: 360,
        line: None,
        note: "Utført som avtalt".to_owned(),
        extra: false,
        change_id: None,
        rate: job.rate_of(None),
        starts_at: Some(7 * 60),
    };
    let id = Uuid::now_v7();
    let audit =
        NewAudit::new(now, AuditAction::Create, AuditEntity::TimeEntries, Some(id), montor_email, None);
    jobs::time::add(db, id, &entry, now, &audit, jobs::time::Writer::Montor)
        .await?
        .map_err(|refused| anyhow::anyhow!("{refused:?}"))?;
    let done = Job { status: JobStatus::Done, updated_at: now, ..job };
    let audit = NewAudit::new(now, AuditAction::Update, AuditEntity::Jobs, Some(done.id), office, None);
    jobs::update(db, &done, &[montor], &audit).await?;
    Ok(done.id)
}
