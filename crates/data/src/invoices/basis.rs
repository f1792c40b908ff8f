//! The specified invoice basis of a job (håndverkertjenesteloven § 36): the kind and extent
//! of the work and of the materials, how the price was reached when it is not a fixed
//! price, and the additions apart. Pure: made from the job's page (`JobDetail`) and its
//! quote, and held to the meter: its sum excluding MVA is always the meter's `billable`
//! (`tests` below, and `tests/api/invoicing.rs` on both databases).
//!
//! - **Fastpris**: the accepted quote's lines as the job keeps them.
//! - **Prisoverslag** and **timepris**: every time entry as a line (day, who, what; hours
//!   at its rate) and every material line, each rounded as the meter rounds it. Above a
//!   prisoverslag's ceiling (+15 %, § 32), what passes it is taken off in one line
//!   ([`Deduction`]), so the basis never asks for more than the law allows.
//! - **Tilleggsarbeid**: each accepted change order's lines under its own heading.
//!
//! A line's MVA: a quote line's or a material's own rate; time on a budget line priced by
//! the hour takes that line's rate, other time the standard 25 %.

use super::model::{Customer, Deduction, InvoiceBasis, Section, spread, totals_of, vat_rates};
use crate::jobs::{JobDetail, meter};
use crate::money;
use crate::quotes::{Agreement, CustomerKind, PriceType, Quote, QuoteLine, QuoteStatus, Unit, texts};

/// The standard MVA rate: what time not on a budget line is charged with.
pub const STANDARD_VAT: u8 = 25;

/// Hours in hundredths as Norwegian text: "7,5 t".
fn hours(minutes: i32) -> String {
    format!("{} t", money::quantity(meter::hours_in_hundredths(minutes)))
}

fn section(title: String, note: String, lines: Vec<QuoteLine>) -> Section {
    let net = lines.iter().fold(0i64, |sum, line| sum.saturating_add(line.amounts().net));
    Section { title, note, lines, net }
}

/// How a change order was agreed, for its heading's note.
fn agreed(change: &Quote) -> String {
    let when = change.accepted_at.map(|at| crate::oslo::date(crate::oslo::day_of(at))).unwrap_or_default();
    let how = change.agreed_how.as_deref().and_then(|how| Agreement::try_from(how.to_owned()).ok());
    match how {
        Some(Agreement::Phone) => format!("Avtalt på telefon {when}."),
        Some(Agreement::Unreachable) => {
            format!("Utført {when} uten at kunden kunne nås (håndverkertjenesteloven § 9).")
        }
        Some(Agreement::Damage) => {
            format!("Utført {when} for å avverge vesentlig skade (håndverkertjenesteloven § 9).")
        }
        None => format!("Akseptert av {} {when}.", change.accepted_name.as_deref().unwrap_or("kunden")),
    }
}

/// The lines of `job`'s own work, held or not (`held`): every hour entry by day and person,
/// then every material line.
fn records(job: &JobDetail, held: bool) -> Vec<QuoteLine> {
    let mut lines = Vec::new();
    let mut entries: Vec<_> = job.entries.iter().filter(|entry| !entry.extra && entry.held == held).collect();
    entries.sort_by(|a, b| (a.day, &a.user_name).cmp(&(b.day, &b.user_name)));
    for entry in entries {
        let budget_line = entry
            .line
            .and_then(|index| usize::try_from(index).ok())
            .and_then(|index| job.job.lines.get(index));
        let what = match (entry.note.trim(), budget_line) {
            ("", Some(line)) => line.description.clone(),
            ("", None) => "Arbeid".to_owned(),
            (note, _) => note.to_owned(),
        };
        lines.push(QuoteLine {
            service_id: None,
            description: format!(
                "{} {}, {}: {what}",
                crate::oslo::date_short(entry.day),
                entry.user_name,
                hours(entry.minutes)
            ),
            quantity: meter::hours_in_hundredths(entry.minutes),
            unit: Unit::Time,
            unit_price: entry.rate,
            vat: budget_line.filter(|line| line.unit == Unit::Time).map_or(STANDARD_VAT, |line| line.vat),
        });
    }
    for material in job.materials.iter().filter(|material| !material.extra && material.held == held) {
        lines.push(QuoteLine {
            service_id: material.service_id,
            description: material.description.clone(),
            quantity: material.quantity,
            unit: material.unit,
            unit_price: material.unit_price,
            vat: u8::try_from(material.vat).unwrap_or(STANDARD_VAT),
        });
    }
    lines
}

/// The basis of `job` (its page's records) made from `quote` (the accepted quote, none for
/// a call-out). `email` is the customer's address when there is no quote (the lead's).
pub fn of_job(job: &JobDetail, quote: Option<&Quote>, email: Option<String>) -> InvoiceBasis {
    let customer = match quote {
        Some(quote) => Customer {
            kind: quote.customer_kind,
            name: quote.customer_name.clone(),
            company: quote.customer_company.clone(),
            org_nr: quote.org_nr.clone(),
            address: quote.customer_address.clone(),
            email: quote.customer_email.clone(),
            phone: quote.customer_phone.clone(),
        },
        None => Customer {
            kind: CustomerKind::Private,
            name: job.job.customer_name.clone(),
            company: None,
            org_nr: None,
            address: job.job.customer_address.clone(),
            email,
            phone: job.job.customer_phone.clone(),
        },
    };
    let number = quote.map(|quote| quote.number.clone());
    let of_quote = number.as_ref().map(|number| format!(" i tilbud {number}")).unwrap_or_default();
    let rate = money::kroner(job.job.hourly_rate);
    let (title, note, lines) = match job.job.price_type {
        PriceType::Fixed => (
            format!("Arbeid etter tilbud {}", number.as_deref().unwrap_or("")),
            format!("Fastpris som avtalt{of_quote}."),
            job.job.lines.clone(),
        ),
        price_type => {
            let lines = records(job, false);
            let note = if price_type == PriceType::Estimate {
                format!(
                    "Prisoverslag på {} eks. MVA{of_quote}. Medgått tid og materiell er regnet etter \
                     satsene i tilbudet; prisen kan ikke overstige prisoverslaget med mer enn 15 % \
                     (håndverkertjenesteloven § 32).",
                    money::kroner(job.job.budget)
                )
            } else {
                let capped = if job.job.pricing() == meter::Pricing::Ceiling {
                    format!(
                        " Anslaget på {} eks. MVA regnes som et prisoverslag: prisen kan ikke \
                         overstige det med mer enn 15 % (håndverkertjenesteloven § 32).",
                        money::kroner(job.job.budget)
                    )
                } else {
                    String::new()
                };
                format!(
                    "Timepris: medgått tid til {rate} per time eks. MVA (eller timeprisen på \
                     tilbudslinjen tiden er ført på), og materiell etter forbruk{}.{capped}",
                    if of_quote.is_empty() { String::new() } else { format!(", som avtalt{of_quote}") }
                )
            };
            (
                format!("Arbeid og materiell ({})", texts::price_type_name(price_type).to_lowercase()),
                note,
                lines,
            )
        }
    };
    let work = section(title, note, lines);
    // What passes the ceiling is taken off, spread over the work's MVA rates by their share.
    let over =
        job.meter.ceiling.filter(|ceiling| work.net > *ceiling).map(|ceiling| (work.net - ceiling, ceiling));
    let deductions: Vec<Deduction> = over
        .map(|(net, ceiling)| {
            let parts = spread(net, work.lines.iter());
            let several = parts.len() > 1;
            parts
                .into_iter()
                .map(|(vat, part)| Deduction {
                    description: format!(
                        "Fratrekk: medgått {} er over prisoverslaget + 15 % ({}){}",
                        money::kroner(work.net),
                        money::kroner(ceiling),
                        if several { format!(", andelen med {vat} % MVA") } else { String::new() }
                    ),
                    net: part,
                    vat,
                })
                .collect()
        })
        .unwrap_or_default();
    let mut changes: Vec<&Quote> =
        job.changes.iter().filter(|change| change.status == QuoteStatus::Accepted).collect();
    changes.sort_by_key(|change| (change.accepted_at, change.number.clone()));
    let additions = changes
        .into_iter()
        .map(|change| {
            section(format!("Tilleggsarbeid {}", change.number), agreed(change), change.lines.clone())
        })
        .collect::<Vec<_>>();
    let vat_rates = vat_rates(
        work.lines.iter().chain(additions.iter().flat_map(|section| section.lines.iter())),
        &deductions,
    );
    let totals = totals_of(&vat_rates);
    let held = records(job, true);
    let held = (!held.is_empty()).then(|| {
        section(
            "Venter på § 7-kontakt".to_owned(),
            "Ført etter at prisoverslaget var nådd. Faktureres ikke før kontakten med kunden er \
             registrert, og da bare opp til prisoverslaget + 15 % (håndverkertjenesteloven §§ 7 og 32)."
                .to_owned(),
            held,
        )
    });
    let days: Vec<_> = job.entries.iter().map(|entry| entry.day).collect();
    InvoiceBasis {
        job_title: job.job.title.clone(),
        customer,
        address: job.job.customer_address.clone(),
        price_type: job.job.price_type,
        quote_number: number,
        work,
        deductions,
        additions,
        held,
        vat_rates,
        totals,
        first_day: days.iter().min().copied().or(job.job.start_day),
        last_day: days.iter().max().copied().or(job.job.end_day),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invoices::model::VatRate;
    use crate::jobs::time::TimeEntry;
    use crate::jobs::{Job, JobStatus, Material, meter_of};
    use chrono::{NaiveDate, TimeZone, Utc};
    use uuid::Uuid;

    fn job(price_type: PriceType, budget: i64, lines: Vec<QuoteLine>) -> Job {
        let at = Utc.with_ymd_and_hms(2026, 11, 2, 8, 0, 0).unwrap();
        Job {
            id: Uuid::nil(),
            lead_id: None,
            quote_id: None,
            title: "Nytt bad".into(),
            customer_name: "Kari Nordmann".into(),
            customer_phone: None,
            customer_address: Some("Storgata 1, 0155 Oslo".into()),
            price_type,
            price_rule: match price_type {
                PriceType::Fixed => crate::jobs::PriceRule::Fixed,
                PriceType::Estimate => crate::jobs::PriceRule::Estimate,
                PriceType::Hourly => crate::jobs::PriceRule::Business,
            },
            lines,
            budget,
            hourly_rate: 95_000,
            status: JobStatus::Done,
            start_day: None,
            end_day: None,
            created_by: "Ola".into(),
            created_at: at,
            updated_at: at,
        }
    }

    fn line(description: &str, quantity: i64, unit: Unit, unit_price: i64, vat: u8) -> QuoteLine {
        QuoteLine { service_id: None, description: description.into(), quantity, unit, unit_price, vat }
    }

    fn entry(day: u32, minutes: i32, line: Option<i32>, note: &str) -> TimeEntry {
        let at = Utc.with_ymd_and_hms(2026, 11, day, 16, 0, 0).unwrap();
        TimeEntry {
            id: Uuid::now_v7(),
            job_id: Uuid::nil(),
            user_id: None,
            user_name: "Per Montør".into(),
            day: NaiveDate::from_ymd_opt(2026, 11, day).unwrap(),
            minutes,
            line,
            note: note.into(),
            extra: false,
            change_id: None,
            rate: 95_000,
            held: false,
            starts_at: None,
            created_at: at,
            updated_at: at,
        }
    }

    fn material(description: &str, quantity: i64, unit_price: i64) -> Material {
        Material {
            id: Uuid::now_v7(),
            job_id: Uuid::nil(),
            service_id: None,
            description: description.into(),
            quantity,
            unit: Unit::Stk,
            unit_price,
            vat: 25,
            extra: false,
            change_id: None,
            added_by_id: None,
            added_by: "Ola".into(),
            created_at: Utc.with_ymd_and_hms(2026, 11, 3, 9, 0, 0).unwrap(),
            held: false,
            price_missing: false,
            receipt: false,
        }
    }

    /// The job's page with `entries` written at the rates the job gives them.
    fn detail(job: Job, mut entries: Vec<TimeEntry>, materials: Vec<Material>) -> JobDetail {
        for entry in &mut entries {
            entry.rate = job.rate_of(entry.line);
        }
        let meter = meter_of(&job, &entries, &materials, 0, true);
        JobDetail {
            job,
            workers: Vec::new(),
            meter,
            hours: 0,
            entries,
            materials,
            contacts: Vec::new(),
            changes: Vec::new(),
        }
    }

    #[test]
    fn a_fixed_price_bills_the_quotes_lines_and_adds_up_to_its_total() {
        let lines = vec![
            line("Membran og flis", 650, Unit::M2, 123_450, 25),
            line("Rørlegger", 1_000, Unit::Time, 99_500, 25),
        ];
        let budget = money::totals(lines.iter().map(|l| (l.quantity, l.unit_price, l.vat)));
        let job = detail(job(PriceType::Fixed, budget.net, lines), vec![entry(3, 450, None, "")], Vec::new());
        let basis = of_job(&job, None, None);
        assert_eq!(basis.work.lines.len(), 2);
        assert_eq!(basis.totals, budget);
        assert_eq!(basis.totals.net, job.meter.billable);
        assert!(basis.deductions.is_empty());
    }

    #[test]
    fn what_waits_for_the_section_7_contact_is_shown_apart_and_in_no_sum() {
        // 10 000 kr estimate at 600 kr an hour: 10 hours billable, 5 hours and a part held.
        let mut job =
            job(PriceType::Estimate, 1_000_000, vec![line("Elektriker", 1_000, Unit::Time, 60_000, 25)]);
        job.hourly_rate = 60_000;
        let mut past = entry(4, 300, Some(0), "Lørdag");
        past.held = true;
        let mut part = material("Jordfeilbryter", 100, 90_000);
        part.held = true;
        let mut job = detail(job, vec![entry(3, 600, Some(0), ""), past], vec![part]);
        job.meter = meter_of(&job.job, &job.entries, &job.materials, 0, false);
        let basis = of_job(&job, None, None);
        assert_eq!(basis.work.lines.len(), 1);
        assert_eq!(basis.totals.net, 600_000);
        assert_eq!(basis.totals.net, job.meter.billable);
        let held = basis.held.expect("held lines apart");
        assert_eq!(held.title, "Venter på § 7-kontakt");
        assert_eq!(held.lines.len(), 2);
        assert_eq!(held.net, 300_000 + 90_000);
        assert_eq!(held.net, job.meter.held);
        assert!(basis.deductions.is_empty());
    }

    #[test]
    fn an_estimate_lists_each_entry_and_takes_off_what_passes_the_ceiling() {
        // 10 000 kr estimate; 20 hours at 600 kr = 12 000 kr; the ceiling is 11 500 kr.
        let mut job =
            job(PriceType::Estimate, 1_000_000, vec![line("Elektriker", 1_000, Unit::Time, 60_000, 25)]);
        job.hourly_rate = 60_000;
        let entries = vec![entry(3, 600, Some(0), "Trekke kabel"), entry(4, 600, Some(0), "")];
        let job = detail(job, entries, Vec::new());
        let basis = of_job(&job, None, None);
        assert_eq!(basis.work.lines.len(), 2);
        assert_eq!(basis.work.lines[0].description, "03.11.2026 Per Montør, 10 t: Trekke kabel");
        assert_eq!(basis.work.lines[1].description, "04.11.2026 Per Montør, 10 t: Elektriker");
        assert_eq!(basis.work.net, 1_200_000);
        assert_eq!(basis.deductions.len(), 1);
        assert_eq!(basis.deducted(), 50_000);
        assert_eq!(basis.totals.net, 1_150_000);
        assert_eq!(basis.totals.net, job.meter.billable);
        assert_eq!(basis.totals.vat, 287_500);
        assert_eq!(basis.vat_rates, vec![VatRate { rate: 25, net: 1_150_000, vat: 287_500 }]);
    }

    #[test]
    fn timepris_rounds_each_entry_as_the_meter_does() {
        // 15 minutes at 1 234,50 kr = 308,625 kr → 308,63 kr, three times.
        let mut job = job(PriceType::Hourly, 0, Vec::new());
        job.hourly_rate = 123_450;
        let entries = vec![entry(3, 15, None, "a"), entry(4, 15, None, "b"), entry(5, 15, None, "c")];
        let job = detail(job, entries, vec![material("Stikkontakt", 300, 8_990)]);
        let basis = of_job(&job, None, None);
        assert_eq!(basis.work.net, 3 * 30_863 + 26_970);
        assert_eq!(basis.totals.net, job.meter.billable);
        assert!(basis.deductions.is_empty());
    }
}
