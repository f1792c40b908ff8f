//! What an invoice basis holds (made from a job by `super::basis`, kept with an invoice):
//! the customer, the work and each change order as sections of lines, a prisoverslag's
//! deduction, MVA per rate and the sums.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::money::{self, Totals};
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

    /// The organisation number, when it is one (nine digits whose check digit holds).
    pub fn org_nr(&self) -> Option<crate::values::OrgNr> {
        self.org_nr.as_deref().and_then(|nr| crate::values::OrgNr::parse(nr).ok())
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

/// What passes a prisoverslag's ceiling, taken off (§ 32 (2)), at one MVA rate: a
/// deduction over lines at several rates is one of these per rate, each its rate's share
/// ([`spread`]). On a credit note: the share of the invoice's deduction its lines carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Deduction {
    pub description: String,
    /// Øre excluding MVA, positive: the amount taken off.
    pub net: i64,
    pub vat: u8,
}

/// A basis's deductions as stored: a list, or (invoices made before the deduction was
/// spread over the rates) one deduction or none under the name `deduction`.
fn one_or_many<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<Deduction>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Many(Vec<Deduction>),
        One(Deduction),
    }
    Ok(match Option::<Stored>::deserialize(deserializer)? {
        None => Vec::new(),
        Some(Stored::Many(many)) => many,
        Some(Stored::One(one)) => vec![one],
    })
}

/// `net` øre spread over the MVA rates of `lines` by each rate's share of their sum: the
/// parts add up to `net` exactly (the øre left by rounding down go to the largest
/// remainders), and no rate's part is more than its lines' sum, so no rate group of the
/// invoice goes below zero. Rates whose lines sum to nothing or less take no part.
pub fn spread<'a>(net: i64, lines: impl Iterator<Item = &'a QuoteLine>) -> Vec<(u8, i64)> {
    let mut sums: Vec<(u8, i64)> = Vec::new();
    for line in lines {
        let amount = line.amounts().net;
        match sums.iter_mut().find(|(rate, _)| *rate == line.vat) {
            Some((_, sum)) => *sum = sum.saturating_add(amount),
            None => sums.push((line.vat, amount)),
        }
    }
    sums.retain(|&(_, sum)| sum > 0);
    sums.sort_by_key(|&(rate, _)| std::cmp::Reverse(rate));
    let whole: i128 = sums.iter().map(|&(_, sum)| i128::from(sum)).sum();
    if net <= 0 || whole == 0 {
        return Vec::new();
    }
    let mut parts: Vec<(u8, i64, i128)> = sums
        .iter()
        .map(|&(rate, sum)| {
            let share = i128::from(net) * i128::from(sum);
            (rate, i64::try_from(share / whole).unwrap_or(i64::MAX), share % whole)
        })
        .collect();
    let mut left = net - parts.iter().map(|&(_, part, _)| part).sum::<i64>();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&index| std::cmp::Reverse(parts[index].2));
    for index in order.into_iter().cycle().take(parts.len() * 2) {
        if left == 0 {
            break;
        }
        parts[index].1 += 1;
        left -= 1;
    }
    // More than the lines' sum (which the ceiling never asks for) stays on the highest rate.
    if let Some(first) = parts.first_mut() {
        first.1 = first.1.saturating_add(left);
    }
    parts.into_iter().filter(|&(_, part, _)| part != 0).map(|(rate, part, _)| (rate, part)).collect()
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
    /// What passes a prisoverslag's ceiling, one per MVA rate of the work's lines.
    #[serde(default, alias = "deduction", deserialize_with = "one_or_many")]
    pub deductions: Vec<Deduction>,
    /// Accepted tilleggsarbeid, each apart.
    pub additions: Vec<Section>,
    /// Time and materials past a prisoverslag's budget waiting for the § 7 contact: shown
    /// apart and not in any sum (`crate::jobs::gate`). An invoice is never made while any
    /// wait, so a stored invoice has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<Section>,
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

    /// The deductions' sum excluding MVA.
    pub fn deducted(&self) -> i64 {
        self.deductions.iter().fold(0i64, |sum, deduction| sum.saturating_add(deduction.net))
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
/// fixed price's basis adds up to the accepted quote's total to the øre), each
/// deduction's taken off at its rate. A deduction's MVA is rounded once while its lines'
/// was rounded line by line, so it can differ by an øre: a rate a deduction takes to
/// nothing keeps no MVA, and a deduction never takes a rate's MVA below zero.
pub fn vat_rates<'a>(lines: impl Iterator<Item = &'a QuoteLine>, deductions: &[Deduction]) -> Vec<VatRate> {
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
    for deduction in deductions {
        let amounts = money::line(100, deduction.net, deduction.vat);
        add(deduction.vat, -amounts.net, -amounts.vat);
    }
    for rate in &mut rates {
        if deductions.iter().any(|deduction| deduction.vat == rate.rate && deduction.net > 0) {
            rate.vat = if rate.net == 0 { 0 } else { rate.vat.max(0) };
        }
    }
    rates.sort_by_key(|rate| std::cmp::Reverse(rate.rate));
    rates
}
