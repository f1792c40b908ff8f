//! The meter: what a job may cost beside what it has used, in øre excluding MVA (the
//! quote's lines are priced excluding MVA, and so are the job's rates and materials).
//!
//! - **Budget**: the accepted quote's sum (its lines as the job keeps them), plus accepted
//!   tilleggsarbeid (`extra_budget`).
//! - **Used**: each time entry's hours at its rate (a quarter is 25 hundredths of an hour,
//!   so an entry's amount is exact before rounding), plus each material line, each rounded
//!   to the nearest øre with halves away from zero, as a quote's line is
//!   (`crate::money::line`). What is tagged as tilleggsarbeid is counted apart.
//! - **Prisoverslag** (estimate): the price may be exceeded by at most 15 %
//!   (håndverkertjenesteloven § 32 (2)). The ceiling is the budget plus 15 %, rounded
//!   *down* to whole øre, since the law's 15 % is a maximum. When the used amount passes the
//!   budget, the customer must be contacted (§ 7 (2)): entries above it are written but
//!   *held* out of the invoice until that contact is recorded ([`Meter::needs_contact`],
//!   [`Meter::held`]). The invoice basis is never above the ceiling plus accepted
//!   tilleggsarbeid ([`Meter::billable`]).
//!   A consumer's timepris estimate is metered the same way unless it was given with an
//!   accepted reservation (`super::rule`).
//! - **Fastpris**: the price is the budget; the meter shows the margin left.
//! - **Timepris** (to a business, or with the reservation): the used amount is billed; the
//!   budget is a non-binding estimate.

use serde::Serialize;
use utoipa::ToSchema;

use crate::money;

/// How a job's price binds what it bills (`super::rule::PriceRule::pricing`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pricing {
    /// The budget is the price.
    Fixed,
    /// What was used, up to the budget plus 15 % (§ 32 (2)), past the budget only after the
    /// § 7 contact.
    Ceiling,
    /// What was used.
    Open,
}

/// The share a price estimate may be exceeded by, in percent (§ 32 (2)).
pub const ESTIMATE_MARGIN_PERCENT: i64 = 15;

/// Minutes in hundredths of an hour: a quarter (15 minutes) is exactly 25.
pub fn hours_in_hundredths(minutes: i32) -> i64 {
    i64::from(minutes) * 100 / 60
}

/// What the meter is computed from.
#[derive(Debug, Clone, Default)]
pub struct Usage {
    /// Hours on the job's own work: `(minutes, rate in øre per hour)`.
    pub time: Vec<(i32, i64)>,
    /// Materials on the job's own work: `(quantity in hundredths, unit price in øre)`.
    pub materials: Vec<(i64, i64)>,
    /// The same for tilleggsarbeid.
    pub extra_time: Vec<(i32, i64)>,
    pub extra_materials: Vec<(i64, i64)>,
    /// The job's own work written past a prisoverslag's budget before the § 7 contact
    /// (`super::gate`): used, but not billable until the contact.
    pub held_time: Vec<(i32, i64)>,
    pub held_materials: Vec<(i64, i64)>,
}

impl Usage {
    /// The list an hour entry goes on: tilleggsarbeid, held, or the job's own work.
    pub fn time_of(&mut self, extra: bool, held: bool) -> &mut Vec<(i32, i64)> {
        match (extra, held) {
            (true, _) => &mut self.extra_time,
            (false, true) => &mut self.held_time,
            (false, false) => &mut self.time,
        }
    }

    /// The list a material line goes on, as [`Usage::time_of`].
    pub fn materials_of(&mut self, extra: bool, held: bool) -> &mut Vec<(i64, i64)> {
        match (extra, held) {
            (true, _) => &mut self.extra_materials,
            (false, true) => &mut self.held_materials,
            (false, false) => &mut self.materials,
        }
    }
}

/// One job's meter, as the office and the job's page show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Meter {
    /// The accepted quote's sum (or a call-out's estimate).
    pub budget: i64,
    /// Accepted tilleggsarbeid.
    pub extra_budget: i64,
    /// Time and materials on the job's own work, held ones included.
    pub used: i64,
    /// What of `used` waits for the § 7 contact: not billable until it is recorded.
    pub held: i64,
    /// Time and materials tagged as tilleggsarbeid.
    pub extra_used: i64,
    /// A prisoverslag's ceiling: the budget plus at most 15 %.
    pub ceiling: Option<i64>,
    /// The used amount has passed the budget of a prisoverslag.
    pub over_estimate: bool,
    /// Over the estimate, with no § 7 contact recorded: new time and materials are held.
    pub needs_contact: bool,
    /// What the invoice basis may hold: a fixed price's budget, an estimate's used amount
    /// less what is held, up to its ceiling, a timepris job's used amount; plus accepted
    /// tilleggsarbeid.
    pub billable: i64,
    /// A fixed price's budget less what was used (negative: a loss).
    pub margin: Option<i64>,
    /// Used as a share of the budget, in whole percent (none for a budget of 0).
    pub percent: Option<i64>,
}

fn time_sum(entries: &[(i32, i64)]) -> i64 {
    entries.iter().fold(0i64, |sum, &(minutes, rate)| {
        sum.saturating_add(money::line(hours_in_hundredths(minutes), rate, 0).net)
    })
}

fn material_sum(lines: &[(i64, i64)]) -> i64 {
    lines.iter().fold(0i64, |sum, &(quantity, price)| sum.saturating_add(money::line(quantity, price, 0).net))
}

/// The ceiling of a prisoverslag of `budget` øre: 15 % more, rounded down.
pub fn ceiling(budget: i64) -> i64 {
    let raised = i128::from(budget) * i128::from(100 + ESTIMATE_MARGIN_PERCENT);
    i64::try_from(raised.div_euclid(100)).unwrap_or(i64::MAX)
}

/// What a meter is made of, in øre excluding MVA: the job's own work (held included), what
/// of it is held, and tilleggsarbeid. Each job keeps these as `used_sum`, `held_sum` and
/// `extra_sum` (migration 0049), counted by the database from each row's `amount`, which is
/// [`time_amount`] or [`material_amount`]; `super::sums_astray` holds the two ways
/// of counting together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sums {
    pub used: i64,
    pub held: i64,
    pub extra_used: i64,
}

impl Sums {
    /// The sums of `usage`, each row rounded as it is written.
    pub fn of(usage: &Usage) -> Self {
        let held = time_sum(&usage.held_time).saturating_add(material_sum(&usage.held_materials));
        let used = time_sum(&usage.time).saturating_add(material_sum(&usage.materials)).saturating_add(held);
        let extra_used = time_sum(&usage.extra_time).saturating_add(material_sum(&usage.extra_materials));
        Self { used, held, extra_used }
    }
}

impl Meter {
    /// The meter of a job priced by `pricing` with `budget` øre and `extra_budget` øre of accepted
    /// tilleggsarbeid, having used `usage`; `contacted` when a § 7 contact is recorded.
    pub fn new(pricing: Pricing, budget: i64, extra_budget: i64, usage: &Usage, contacted: bool) -> Self {
        Self::of_sums(pricing, budget, extra_budget, Sums::of(usage), contacted)
    }

    /// The meter of the sums a job keeps, as [`Meter::new`].
    pub fn of_sums(pricing: Pricing, budget: i64, extra_budget: i64, sums: Sums, contacted: bool) -> Self {
        let Sums { used, held, extra_used } = sums;
        let estimate = pricing == Pricing::Ceiling;
        let ceiling = estimate.then(|| ceiling(budget));
        let over_estimate = estimate && used > budget;
        let base = match pricing {
            Pricing::Fixed => budget,
            Pricing::Ceiling => used.saturating_sub(held).min(ceiling.unwrap_or(budget)).max(0),
            Pricing::Open => used,
        };
        Self {
            budget,
            extra_budget,
            used,
            held,
            extra_used,
            ceiling,
            over_estimate,
            needs_contact: over_estimate && !contacted,
            billable: base.saturating_add(extra_budget),
            margin: (pricing == Pricing::Fixed).then(|| budget.saturating_sub(used)),
            percent: (budget > 0)
                .then(|| i64::try_from(i128::from(used) * 100 / i128::from(budget)).unwrap_or(i64::MAX)),
        }
    }

    /// Whether an entry worth `amount` øre on the job's own work is billable as it is
    /// written: on a prisoverslag, not when it takes the used amount past the budget before
    /// a § 7 contact is recorded (then it is held). Tilleggsarbeid is never held by it (it
    /// has its own acceptance).
    pub fn allows(pricing: Pricing, budget: i64, used: i64, amount: i64, contacted: bool) -> bool {
        pricing != Pricing::Ceiling || contacted || used.saturating_add(amount) <= budget
    }
}

/// An entry's amount: `minutes` at `rate` øre per hour.
pub fn time_amount(minutes: i32, rate: i64) -> i64 {
    money::line(hours_in_hundredths(minutes), rate, 0).net
}

/// A material line's amount: `quantity` hundredths at `unit_price` øre.
pub fn material_amount(quantity: i64, unit_price: i64) -> i64 {
    money::line(quantity, unit_price, 0).net
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_quarter_is_a_quarter_of_the_rate() {
        assert_eq!(hours_in_hundredths(15), 25);
        assert_eq!(hours_in_hundredths(450), 750);
        // 15 minutes at 995 kr = 248,75 kr; at 999,99 kr = 249,9975 kr → 250,00 kr.
        assert_eq!(time_amount(15, 99_500), 24_875);
        assert_eq!(time_amount(15, 99_999), 25_000);
    }

    #[test]
    fn an_estimate_of_10_000_kr_may_end_at_11_500_kr() {
        let usage = Usage { time: vec![(60 * 20, 60_000)], ..Usage::default() };
        let meter = Meter::new(Pricing::Ceiling, 1_000_000, 0, &usage, false);
        assert_eq!(meter.used, 1_200_000);
        assert_eq!(meter.ceiling, Some(1_150_000));
        assert!(meter.over_estimate && meter.needs_contact);
        assert_eq!(meter.billable, 1_150_000);
        assert_eq!(meter.percent, Some(120));
        let contacted = Meter::new(Pricing::Ceiling, 1_000_000, 0, &usage, true);
        assert!(contacted.over_estimate && !contacted.needs_contact);
        assert_eq!(contacted.billable, 1_150_000);
    }

    #[test]
    fn the_ceiling_rounds_down() {
        // 15 % of 1 øre is 0,15 øre: the ceiling stays at 1 øre. 15 % of 10 øre is 1,5 øre → 11.
        assert_eq!(ceiling(1), 1);
        assert_eq!(ceiling(10), 11);
        assert_eq!(ceiling(19), 21);
    }

    #[test]
    fn a_fixed_price_shows_its_margin_and_bills_its_price() {
        let usage = Usage { materials: vec![(200, 150_000)], ..Usage::default() };
        let meter = Meter::new(Pricing::Fixed, 1_000_000, 50_000, &usage, false);
        assert_eq!(meter.margin, Some(700_000));
        assert_eq!(meter.billable, 1_050_000);
        assert!(!meter.over_estimate && !meter.needs_contact && meter.ceiling.is_none());
    }

    #[test]
    fn timepris_bills_what_was_used() {
        let usage = Usage { time: vec![(90, 80_000)], materials: vec![(100, 12_345)], ..Usage::default() };
        let meter = Meter::new(Pricing::Open, 50_000, 0, &usage, false);
        assert_eq!(meter.used, 132_345);
        assert_eq!(meter.billable, 132_345);
        assert!(!meter.needs_contact);
    }

    #[test]
    fn held_work_is_used_but_not_billable() {
        // 10 000 kr estimate: 10 000 kr used in time, 2 000 kr more held.
        let usage = Usage {
            time: vec![(60 * 10, 100_000)],
            held_time: vec![(60, 100_000)],
            held_materials: vec![(100, 100_000)],
            ..Usage::default()
        };
        let meter = Meter::new(Pricing::Ceiling, 1_000_000, 0, &usage, false);
        assert_eq!((meter.used, meter.held, meter.billable), (1_200_000, 200_000, 1_000_000));
        assert!(meter.over_estimate && meter.needs_contact);
    }

    #[test]
    fn an_entry_that_passes_an_estimate_waits_for_the_contact() {
        assert!(Meter::allows(Pricing::Ceiling, 1_000, 900, 100, false));
        assert!(!Meter::allows(Pricing::Ceiling, 1_000, 900, 101, false));
        assert!(Meter::allows(Pricing::Ceiling, 1_000, 900, 101, true));
        assert!(Meter::allows(Pricing::Fixed, 1_000, 900, 101, false));
        assert!(Meter::allows(Pricing::Open, 1_000, 900, 101, false));
    }

    fn usage() -> impl Strategy<Value = Usage> {
        let time = prop::collection::vec(
            (1i32..=96).prop_map(|q| q * 15).prop_flat_map(|m| (Just(m), 0i64..=500_000)),
            0..40,
        );
        let materials = prop::collection::vec((1i64..=100_000, -100_000i64..=10_000_000), 0..20);
        (time.clone(), materials.clone(), time.clone(), materials.clone(), time, materials).prop_map(
            |(time, materials, extra_time, extra_materials, held_time, held_materials)| Usage {
                time,
                materials,
                extra_time,
                extra_materials,
                held_time,
                held_materials,
            },
        )
    }

    fn pricing() -> impl Strategy<Value = Pricing> {
        prop_oneof![Just(Pricing::Fixed), Just(Pricing::Ceiling), Just(Pricing::Open)]
    }

    proptest! {
        /// What an estimate's job may bill never passes the budget plus 15 % plus the
        /// accepted tilleggsarbeid, whatever was used, contacted or not.
        #[test]
        fn the_ceiling_is_never_exceeded(budget in 0i64..=1_000_000_000, extra in 0i64..=100_000_000, usage in usage(), contacted: bool) {
            let meter = Meter::new(Pricing::Ceiling, budget, extra, &usage, contacted);
            let ceiling = meter.ceiling.unwrap();
            prop_assert!(ceiling <= budget + budget * 15 / 100 + 1);
            prop_assert!(i128::from(ceiling) * 100 <= i128::from(budget) * 115);
            prop_assert!(meter.billable <= ceiling + extra);
            prop_assert!(meter.billable >= 0);
            prop_assert_eq!(meter.over_estimate, meter.used > budget);
        }

        /// Every amount is the sum of its entries each rounded by the quote's rule, so the
        /// meter and the quote's lines agree to the øre.
        #[test]
        fn rounding_is_the_quotes_rule(pricing in pricing(), budget in 0i64..=1_000_000_000, usage in usage()) {
            let meter = Meter::new(pricing, budget, 0, &usage, false);
            let by_line: i64 = usage.time.iter().chain(&usage.held_time).map(|&(m, r)| money::line(hours_in_hundredths(m), r, 0).net).sum::<i64>()
                + usage.materials.iter().chain(&usage.held_materials).map(|&(q, p)| money::line(q, p, 0).net).sum::<i64>();
            prop_assert_eq!(meter.used, by_line);
            // A quarter's amount is exact: 25 hundredths of the rate, rounded once.
            for &(minutes, rate) in &usage.time {
                let exact = i128::from(minutes) * i128::from(rate);
                let amount = i128::from(time_amount(minutes, rate));
                prop_assert!((amount * 60 - exact).abs() * 2 <= 60);
            }
        }

        /// Entries written one by one before a contact are held once they pass the budget:
        /// nothing held is billable, what is billable never passes the budget, and nothing
        /// is lost from what was used. Recording the contact releases what was held, up to
        /// the ceiling.
        #[test]
        fn what_passes_the_budget_is_held_until_the_contact(budget in 0i64..=10_000_000, hours in prop::collection::vec(1i32..=32, 0..60), rate in 0i64..=200_000) {
            let mut usage = Usage::default();
            let mut used = 0i64;
            for quarters in hours {
                let entry = (quarters * 15, rate);
                let amount = time_amount(entry.0, entry.1);
                if Meter::allows(Pricing::Ceiling, budget, used, amount, false) {
                    usage.time.push(entry);
                } else {
                    usage.held_time.push(entry);
                }
                used += amount;
            }
            let waiting = Meter::new(Pricing::Ceiling, budget, 0, &usage, false);
            prop_assert_eq!(waiting.used, used);
            prop_assert!(waiting.billable <= budget);
            prop_assert_eq!(waiting.billable + waiting.held, used);
            prop_assert_eq!(waiting.held > 0, !usage.held_time.is_empty() && rate > 0);
            usage.time.append(&mut usage.held_time);
            let told = Meter::new(Pricing::Ceiling, budget, 0, &usage, true);
            prop_assert_eq!(told.held, 0);
            prop_assert_eq!(told.billable, used.min(ceiling(budget)));
        }
    }
}
