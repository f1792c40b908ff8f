//! What an invoice basis holds (made from a job by `super::basis`, kept with an invoice):
//! the customer, the work and each change order as sections of lines, a prisoverslag's
//! deduction, MVA per rate and the sums.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::quotes::money::{self, Totals};
use crate::quotes::{CustomerKind, PriceType, QuoteLine};

/// Who the invoice is to: the accepted quote's customer, or a call-out's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Customer {
    pub kind: CustomerKind,
    /// The contact person (a business) or the customer (a consumer).
    pub name: String,
    pub company: Option<String>,
    pub org_nr: Option<String>,
    pub address: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
}

impl Customer {
    /// The company of a business, else the person.
    pub fn addressee(&self) -> &str {
        self.company.as_deref().filter(|_| self.kind == CustomerKind::Business).unwrap_or(&self.name)
    }
}

/// A group of lines: the job's own work, or one change order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Section {
    /// "Arbeid etter tilbud 2026-0012", "Tilleggsarbeid 2026-0015".
    pub title: String,
    /// How it was agreed or how the price was reached, in a sentence or two.
    pub note: String,
    pub lines: Vec<QuoteLine>,
    /// The lines' sum excluding MVA.
    pub net: i64,
}

/// What passes a prisoverslag's ceiling, taken off (§ 32 (2)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Deduction {
    pub description: String,
    /// Øre excluding MVA, positive: the amount taken off.
    pub net: i64,
    pub vat: u8,
}

/// MVA at one rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct VatRate {
    pub rate: u8,
    /// The amount the rate is charged on, excluding MVA.
    pub net: i64,
    pub vat: i64,
}

/// A job's invoice basis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct InvoiceBasis {
    pub job_title: String,
    pub customer: Customer,
    /// Where the work was done.
    pub address: Option<String>,
    pub price_type: PriceType,
    /// The accepted quote's number, if the job has one.
    pub quote_number: Option<String>,
    pub work: Section,
    pub deduction: Option<Deduction>,
    /// Accepted tilleggsarbeid, each apart.
    pub additions: Vec<Section>,
    pub vat_rates: Vec<VatRate>,
    pub totals: Totals,
    /// The first and last day worked (or the job's days).
    pub first_day: Option<chrono::NaiveDate>,
    pub last_day: Option<chrono::NaiveDate>,
}

impl InvoiceBasis {
    /// Every line in order, the work's first: how a credit note names them.
    pub fn lines(&self) -> impl Iterator<Item = &QuoteLine> {
        self.work.lines.iter().chain(self.additions.iter().flat_map(|section| section.lines.iter()))
    }
}

/// The sums of `rates`.
pub fn totals_of(rates: &[VatRate]) -> Totals {
    rates.iter().fold(Totals::default(), |sum, rate| Totals {
        net: sum.net.saturating_add(rate.net),
        vat: sum.vat.saturating_add(rate.vat),
        gross: sum.gross.saturating_add(rate.net).saturating_add(rate.vat),
    })
}

/// MVA per rate, highest rate first: each line's MVA rounded as a quote's line is (so a
/// fixed price's basis adds up to the accepted quote's total to the øre), the
/// deduction's taken off at its rate.
pub fn vat_rates<'a>(
    lines: impl Iterator<Item = &'a QuoteLine>,
    deduction: Option<&Deduction>,
) -> Vec<VatRate> {
    let mut rates: Vec<VatRate> = Vec::new();
    let mut add = |rate: u8, net: i64, vat: i64| match rates.iter_mut().find(|found| found.rate == rate) {
        Some(found) => {
            found.net = found.net.saturating_add(net);
            found.vat = found.vat.saturating_add(vat);
        }
        None => rates.push(VatRate { rate, net, vat }),
    };
    for line in lines {
        let amounts = line.amounts();
        add(line.vat, amounts.net, amounts.vat);
    }
    if let Some(deduction) = deduction {
        let amounts = money::line(100, deduction.net, deduction.vat);
        add(deduction.vat, -amounts.net, -amounts.vat);
    }
    rates.sort_by_key(|rate| std::cmp::Reverse(rate.rate));
    rates
}
