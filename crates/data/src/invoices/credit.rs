//! A credit note's sums: never more than is left to credit of its invoice, per MVA rate
//! and in total, whatever lines are taken back, in whatever order.
//!
//! A credit note lists the lines it takes back as they were invoiced, and under them what
//! makes its sums those of the invoice: the share of the invoice's deductions (a
//! prisoverslag's amount above its ceiling) those lines carried. The sums are worked out
//! from everything credited so far, this note included, so rounding never adds up:
//!
//! - At each rate, what all credit notes together take back is the credited lines' sum less
//!   their share of the deduction at that rate (the deduction times the credited work's
//!   share of the work, rounded down), never below zero and never above the invoice's sum
//!   at that rate; once every line at a rate is credited, exactly the invoice's sum.
//! - The MVA the same way: the lines' own MVA less the MVA of the deduction's share,
//!   within zero and the invoice's MVA at that rate; all of it once every line is credited.
//! - This note is what that gives less what the earlier notes took back, never below zero.

use super::model::{Deduction, InvoiceBasis, Section, VatRate, totals_of};
use super::{Invoice, InvoiceKind};
use crate::money::{self, LineAmounts};
use crate::quotes::QuoteLine;

/// What `set` (lines by their place) takes back of `invoice` at `rate`, all credit notes
/// together: (net, MVA).
fn taken_at(invoice: &InvoiceBasis, rate: &VatRate, set: &[u32]) -> (i64, i64) {
    let work = invoice.work.lines.len();
    let (mut lines, mut line_vat, mut work_all, mut work_taken, mut every) = (0i64, 0i64, 0i64, 0i64, true);
    for (index, line) in invoice.lines().enumerate().filter(|(_, line)| line.vat == rate.rate) {
        let LineAmounts { net, vat, .. } = line.amounts();
        let taken = u32::try_from(index).is_ok_and(|index| set.contains(&index));
        if index < work {
            work_all = work_all.saturating_add(net);
        }
        if taken {
            lines = lines.saturating_add(net);
            line_vat = line_vat.saturating_add(vat);
            if index < work {
                work_taken = work_taken.saturating_add(net);
            }
        }
        every &= taken;
    }
    let (net_cap, vat_cap) = (rate.net.max(0), rate.vat.max(0));
    if every {
        return (net_cap, vat_cap);
    }
    let deducted: i64 = invoice.deductions.iter().filter(|d| d.vat == rate.rate).map(|d| d.net).sum();
    let share = if work_all <= 0 {
        0
    } else if work_taken >= work_all {
        deducted
    } else {
        i64::try_from(i128::from(deducted) * i128::from(work_taken.max(0)) / i128::from(work_all))
            .unwrap_or(0)
    };
    let share_vat = money::line(100, share, rate.rate).vat;
    (lines.saturating_sub(share).clamp(0, net_cap), line_vat.saturating_sub(share_vat).clamp(0, vat_cap))
}

/// The credit note of `lines` (places in [`InvoiceBasis::lines`]) of `invoice`, after the
/// credit notes `earlier` (the invoice's own, made before): the lines as they were
/// invoiced, what of the deduction they carry, and sums that keep everything credited
/// within the invoice.
pub fn basis(invoice: &Invoice, lines: &[u32], earlier: &[Invoice]) -> InvoiceBasis {
    let all: Vec<&QuoteLine> = invoice.basis.lines().collect();
    let taken: Vec<QuoteLine> = lines
        .iter()
        .filter_map(|index| all.get(usize::try_from(*index).ok()?).map(|line| (*line).clone()))
        .collect();
    let earlier: Vec<&Invoice> = earlier
        .iter()
        .filter(|note| note.kind == InvoiceKind::CreditNote && note.credited_id == Some(invoice.id))
        .collect();
    let mut after: Vec<u32> = earlier.iter().flat_map(|note| note.credited_lines.iter().copied()).collect();
    after.extend_from_slice(lines);
    let mut vat_rates = Vec::new();
    let mut deductions = Vec::new();
    for rate in &invoice.basis.vat_rates {
        let (net, vat) = taken_at(&invoice.basis, rate, &after);
        let before =
            earlier.iter().flat_map(|note| note.basis.vat_rates.iter()).filter(|r| r.rate == rate.rate);
        let (net_before, vat_before) =
            before.fold((0i64, 0i64), |(n, v), r| (n.saturating_add(r.net), v.saturating_add(r.vat)));
        let note = VatRate {
            rate: rate.rate,
            net: net.saturating_sub(net_before).max(0),
            vat: vat.saturating_sub(vat_before).max(0),
        };
        let listed: i64 =
            taken.iter().filter(|line| line.vat == rate.rate).map(|line| line.amounts().net).sum();
        if listed != note.net {
            deductions.push(Deduction {
                description: if invoice.basis.deductions.is_empty() {
                    format!("Begrenset til det som er igjen å kreditere av faktura {}", invoice.number)
                } else {
                    format!("Andel av fratrekket på faktura {}", invoice.number)
                },
                net: listed - note.net,
                vat: rate.rate,
            });
        }
        if listed != 0 || note.net != 0 || note.vat != 0 {
            vat_rates.push(note);
        }
    }
    let net = taken.iter().fold(0i64, |sum, line| sum.saturating_add(line.amounts().net));
    let totals = totals_of(&vat_rates);
    InvoiceBasis {
        work: Section {
            title: format!("Kreditering av faktura {}", invoice.number),
            note: String::new(),
            lines: taken,
            net,
        },
        deductions,
        additions: Vec::new(),
        held: None,
        vat_rates,
        totals,
        ..invoice.basis.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invoices::Seller;
    use crate::invoices::model::{Customer, spread, vat_rates};
    use crate::quotes::{CustomerKind, PriceType, Unit};
    use chrono::{NaiveDate, TimeZone, Utc};
    use proptest::prelude::*;
    use uuid::Uuid;

    fn line(quantity: i64, unit_price: i64, vat: u8) -> QuoteLine {
        QuoteLine {
            service_id: None,
            description: "Linje".into(),
            quantity,
            unit: Unit::Stk,
            unit_price,
            vat,
        }
    }

    /// An invoice of `work` and `additions`, the work capped at `ceiling` as a prisoverslag's
    /// basis is (`super::super::basis`).
    fn invoice(work: Vec<QuoteLine>, additions: Vec<QuoteLine>, ceiling: Option<i64>) -> Invoice {
        let work_net: i64 = work.iter().map(|l| l.amounts().net).sum();
        let deductions: Vec<Deduction> = ceiling
            .filter(|ceiling| work_net > *ceiling)
            .map(|ceiling| {
                spread(work_net - ceiling, work.iter())
                    .into_iter()
                    .map(|(vat, net)| Deduction { description: "Fratrekk".into(), net, vat })
                    .collect()
            })
            .unwrap_or_default();
        let rates = vat_rates(work.iter().chain(additions.iter()), &deductions);
        let totals = totals_of(&rates);
        let section = |lines: Vec<QuoteLine>| Section {
            title: "Arbeid".into(),
            note: String::new(),
            net: lines.iter().map(|l| l.amounts().net).sum(),
            lines,
        };
        let basis = InvoiceBasis {
            job_title: "Bad".into(),
            customer: Customer {
                kind: CustomerKind::Private,
                name: "Kari".into(),
                company: None,
                org_nr: None,
                address: None,
                email: None,
                phone: None,
            },
            address: None,
            price_type: PriceType::Estimate,
            quote_number: None,
            work: section(work),
            deductions,
            additions: if additions.is_empty() { Vec::new() } else { vec![section(additions)] },
            held: None,
            vat_rates: rates,
            totals,
            first_day: None,
            last_day: None,
        };
        let at = Utc.with_ymd_and_hms(2026, 11, 2, 8, 0, 0).unwrap();
        Invoice {
            id: Uuid::now_v7(),
            job_id: Uuid::nil(),
            number: "2026-0001".into(),
            kind: InvoiceKind::Invoice,
            credited_id: None,
            reason: String::new(),
            issue_date: NaiveDate::from_ymd_opt(2026, 11, 2).unwrap(),
            due_date: NaiveDate::from_ymd_opt(2026, 11, 16).unwrap(),
            net_total: totals.net,
            vat_total: totals.vat,
            total: totals.gross,
            basis,
            seller: Seller {
                firm: crate::settings::Firm { name: "Fagfolk".into(), ..Default::default() },
                account_number: None,
                vat_registered: true,
                kid: false,
            },
            created_by: "Ola".into(),
            created_at: at,
            credited_lines: Vec::new(),
        }
    }

    /// Credit notes of `groups` of `invoice`'s lines, one after the other.
    fn credit_all(invoice: &Invoice, groups: &[Vec<u32>]) -> Vec<Invoice> {
        let mut notes: Vec<Invoice> = Vec::new();
        for group in groups {
            let basis = basis(invoice, group, &notes);
            notes.push(Invoice {
                id: Uuid::now_v7(),
                kind: InvoiceKind::CreditNote,
                credited_id: Some(invoice.id),
                net_total: basis.totals.net,
                vat_total: basis.totals.vat,
                total: basis.totals.gross,
                basis,
                credited_lines: group.clone(),
                ..invoice.clone()
            });
        }
        notes
    }

    #[test]
    fn the_reviews_credit_note_is_no_larger_than_its_invoice() {
        // 10 000 kr estimate, 33 hours at 1 250 kr used: 41 250 kr, invoiced at the ceiling of
        // 11 500 kr with 29 750 kr taken off.
        let work: Vec<QuoteLine> = (0..33).map(|_| line(100, 125_000, 25)).collect();
        let invoice = invoice(work, Vec::new(), Some(1_150_000));
        assert_eq!(invoice.net_total, 1_150_000);
        assert_eq!(invoice.total, 1_437_500);
        let every: Vec<u32> = (0..33).collect();
        let notes = credit_all(&invoice, &[every]);
        assert_eq!(notes[0].basis.totals, invoice.basis.totals, "all of it, and no more");
        assert_eq!(notes[0].basis.deducted(), 2_975_000);
    }

    /// Found by the property below (CI, session 36): a ceiling of nothing took the whole
    /// net at 15 %, and the deduction's MVA, rounded once, was an øre more than the two
    /// lines' MVA, each rounded on its own: the invoice said -0,01 kr MVA.
    #[test]
    fn a_deduction_of_everything_takes_all_the_vat_and_no_more() {
        let work = vec![line(401, 1_001_093, 15), line(883, 201_387, 15)];
        let invoice = invoice(work, Vec::new(), Some(0));
        assert_eq!(invoice.basis.totals.net, 0);
        assert_eq!(invoice.basis.totals.vat, 0, "{:?}", invoice.basis.vat_rates);
        for rate in &invoice.basis.vat_rates {
            assert!(rate.net >= 0 && rate.vat >= 0, "{rate:?}");
        }
        let notes = credit_all(&invoice, &[vec![0, 1]]);
        assert_eq!(notes[0].basis.totals, invoice.basis.totals, "all of it, and no more");
    }

    #[test]
    fn a_deduction_over_mixed_rates_leaves_no_rate_below_zero() {
        // A material at 0 % and the work at 25 %, 30 000 kr above a ceiling of 1 000 kr.
        let work = vec![line(100, 500_000, 0), line(100, 2_600_000, 25)];
        let invoice = invoice(work, Vec::new(), Some(100_000));
        assert_eq!(invoice.basis.totals.net, 100_000);
        for rate in &invoice.basis.vat_rates {
            assert!(rate.net >= 0 && rate.vat >= 0, "{rate:?}");
        }
        assert_eq!(invoice.basis.deductions.len(), 2);
    }

    fn lines(max: usize, negative: bool) -> impl Strategy<Value = Vec<QuoteLine>> {
        let low = if negative { -200_000i64 } else { 0 };
        prop::collection::vec(
            (1i64..=2_000, low..=2_000_000, prop::sample::select(vec![0u8, 12, 15, 25]))
                .prop_map(|(quantity, price, vat)| line(quantity, price, vat)),
            1..max,
        )
    }

    proptest! {
        /// Whatever the lines, rates, deduction and order of crediting: no credit note is
        /// negative, all of them together never take back more than the invoice at any rate,
        /// and crediting every line takes back exactly the invoice.
        #[test]
        fn credit_notes_never_exceed_their_invoice(
            work in lines(12, false),
            additions in prop::option::of(lines(5, true)),
            ceiling_share in 0i64..=120,
            order in any::<u64>(),
            groups in 1usize..=5,
        ) {
            let work_net: i64 = work.iter().map(|l| l.amounts().net).sum();
            let ceiling = (ceiling_share <= 100).then(|| work_net * ceiling_share / 100);
            let invoice = invoice(work, additions.unwrap_or_default(), ceiling);
            for rate in &invoice.basis.vat_rates {
                let only_work = invoice.basis.additions.is_empty();
                prop_assert!(!only_work || (rate.net >= 0 && rate.vat >= 0), "{:?}", rate);
            }
            // The lines in a shuffled order, cut into `groups` credit notes.
            let count = u32::try_from(invoice.basis.lines().count()).unwrap();
            let mut places: Vec<u32> = (0..count).collect();
            let mut seed = order;
            for i in (1..places.len()).rev() {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                places.swap(i, usize::try_from(seed >> 33).unwrap() % (i + 1));
            }
            let size = places.len().div_ceil(groups).max(1);
            let cut: Vec<Vec<u32>> = places.chunks(size).map(<[u32]>::to_vec).collect();
            let notes = credit_all(&invoice, &cut);
            let mut sum = money::Totals::default();
            let whole = invoice.basis.vat_rates.iter().all(|rate| rate.net >= 0 && rate.vat >= 0);
            for (index, note) in notes.iter().enumerate() {
                prop_assert!(note.basis.totals.net >= 0 && note.basis.totals.vat >= 0, "{:?}", note.basis.totals);
                for rate in &note.basis.vat_rates {
                    prop_assert!(rate.net >= 0 && rate.vat >= 0);
                }
                sum = totals_of(&[
                    VatRate { rate: 0, net: sum.net, vat: sum.vat },
                    VatRate { rate: 0, net: note.basis.totals.net, vat: note.basis.totals.vat },
                ]);
                prop_assert!(!whole || sum.gross <= invoice.total, "{} credited of {}", sum.gross, invoice.total);
                for rate in &invoice.basis.vat_rates {
                    let taken = notes[..=index].iter().flat_map(|n| n.basis.vat_rates.iter()).filter(|r| r.rate == rate.rate);
                    let (net, vat) = taken.fold((0, 0), |(n, v), r| (n + r.net, v + r.vat));
                    prop_assert!(net <= rate.net.max(0) && vat <= rate.vat.max(0), "{:?} took {} {}", rate, net, vat);
                }
                // Each note's listed lines less its deductions are its sum.
                let listed: i64 = note.basis.work.lines.iter().map(|l| l.amounts().net).sum();
                prop_assert_eq!(listed - note.basis.deducted(), note.basis.totals.net);
            }
            if invoice.basis.vat_rates.iter().all(|rate| rate.net >= 0 && rate.vat >= 0) {
                prop_assert_eq!(sum, invoice.basis.totals, "every line credited gives back the invoice");
            }
        }
    }
}
