//! Which letter an overdue invoice may get next, and with what fee, by the firm's chosen
//! steps (Innstillinger → Faktura) and the rules (docs/LAW.md, "Purring, inkassovarsel og
//! forsinkelsesrente"):
//! - a letter may go any day after the due date, and the next only once the last one's
//!   time to pay has run out;
//! - a fee only from 14 days after the due date (inkassoforskriften § 1-2), at most two
//!   per claim, a second only when the first letter's 14 days were missed, and one
//!   inkassovarsel fee at most (§ 1-3);
//! - an inkassovarsel gives 14 days to pay and says collection follows (inkassoloven § 9).

use chrono::{Duration, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

use super::kind::Kind;
use super::law::{MAX_FEES, PAY_DAYS, fee_from, max_fee};
use crate::settings::ReminderSteps;

/// The letters of the firm's chosen steps, in order.
pub fn kinds(steps: ReminderSteps) -> &'static [Kind] {
    match steps {
        ReminderSteps::PurringThenNotice => &[Kind::Purring, Kind::Notice],
        ReminderSteps::TwoPurringerThenNotice => &[Kind::Purring, Kind::Purring, Kind::Notice],
        ReminderSteps::NoticeOnly => &[Kind::Notice],
    }
}

/// A letter already sent, as the rules read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Earlier {
    pub kind: Kind,
    pub sent_on: NaiveDate,
    pub pay_by: NaiveDate,
    pub fee: i64,
}

/// What the invoice may get on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Next {
    /// Not past its due date, or nothing is owed.
    NotDue,
    /// The claim itself is paid; only fees or interest are left, and they alone never start
    /// a letter (inkassoforskriften § 1-2, docs/LAW.md).
    FeesOnly,
    /// The last letter's time to pay runs to `until`.
    Waiting { until: NaiveDate },
    /// Every step the firm chose is sent: what is left is collection.
    Done,
    /// This letter may go now.
    Letter {
        kind: Kind,
        /// Øre; 0 when no fee may be charged (or the firm charges none).
        fee: i64,
        /// Why there is no fee, when there is none.
        #[schema(value_type = Option<String>)]
        no_fee: Option<NoFee>,
        pay_by: NaiveDate,
    },
}

/// Why a letter carries no fee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoFee {
    /// The firm charges none (Innstillinger → Faktura).
    FirmChargesNone,
    /// Less than 14 days past the due date; a fee from this day.
    TooEarly { from: NaiveDate },
    /// Two fees are charged already.
    TwoCharged,
    /// The earlier letter gave less than 14 days to pay.
    ShortDeadline,
    /// An inkassovarsel fee is charged already.
    NoticeCharged,
}

impl NoFee {
    /// The reason in the office's words.
    pub fn text(self) -> String {
        match self {
            Self::FirmChargesNone => "Firmaet tar ikke purregebyr (Innstillinger → Faktura).".to_owned(),
            Self::TooEarly { from } => format!(
                "Uten gebyr: det kan først kreves 14 dager etter forfall, fra {} (inkassoforskriften § 1-2).",
                crate::oslo::date(from)
            ),
            Self::TwoCharged => {
                "Uten gebyr: to gebyrer er allerede krevd for denne fakturaen (inkassoforskriften § 1-3)."
                    .to_owned()
            }
            Self::ShortDeadline => {
                "Uten gebyr: forrige brev ga under 14 dager betalingsfrist (inkassoforskriften § 1-3)."
                    .to_owned()
            }
            Self::NoticeCharged => {
                "Uten gebyr: gebyr for inkassovarsel er allerede krevd (inkassoforskriften § 1-3).".to_owned()
            }
        }
    }
}

/// The next letter for an invoice due on `due_date` with `outstanding` øre of the claim
/// itself left (fees not counted: fees alone never start a letter), after `earlier`
/// letters (oldest first), on `today`.
pub fn next(
    steps: ReminderSteps,
    charge_fee: bool,
    due_date: NaiveDate,
    outstanding: i64,
    earlier: &[Earlier],
    today: NaiveDate,
) -> Next {
    if outstanding <= 0 || today <= due_date {
        return Next::NotDue;
    }
    if let Some(last) = earlier.last()
        && today <= last.pay_by
    {
        return Next::Waiting { until: last.pay_by };
    }
    let Some(&kind) = kinds(steps).get(earlier.len()) else { return Next::Done };
    let charged: Vec<&Earlier> = earlier.iter().filter(|letter| letter.fee > 0).collect();
    let no_fee = if !charge_fee {
        Some(NoFee::FirmChargesNone)
    } else if today < fee_from(due_date) {
        Some(NoFee::TooEarly { from: fee_from(due_date) })
    } else if charged.len() >= MAX_FEES {
        Some(NoFee::TwoCharged)
    } else if kind == Kind::Notice && charged.iter().any(|letter| letter.kind == Kind::Notice) {
        Some(NoFee::NoticeCharged)
    } else if !charged.is_empty()
        && earlier.last().is_some_and(|last| last.pay_by - last.sent_on < Duration::days(PAY_DAYS))
    {
        Some(NoFee::ShortDeadline)
    } else {
        None
    };
    let fee = if no_fee.is_none() { max_fee(today) } else { 0 };
    Next::Letter { kind, fee, no_fee, pay_by: today + Duration::days(PAY_DAYS) }
}

/// Whether [`next`] gives a letter, from what an invoice keeps of its letters (migration
/// 0048): how many (`letters`) and the last one's time to pay (`reminded_until`), with
/// `outstanding` as [`next`] reads it. "Purringer å sende" asks this of every invoice in SQL
/// (`super::store::due`); the test below holds the two together.
pub fn may_send(
    steps: ReminderSteps,
    due_date: NaiveDate,
    outstanding: i64,
    letters: usize,
    reminded_until: Option<NaiveDate>,
    today: NaiveDate,
) -> bool {
    outstanding > 0
        && due_date < today
        && letters < kinds(steps).len()
        && reminded_until.unwrap_or(due_date) < today
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(year: i32, month: u32, date: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, date).unwrap()
    }

    fn sent(kind: Kind, on: NaiveDate, fee: i64) -> Earlier {
        Earlier { kind, sent_on: on, pay_by: on + Duration::days(14), fee }
    }

    #[test]
    fn a_purring_any_day_after_due_with_a_fee_from_the_fourteenth() {
        let due = day(2026, 11, 1);
        let steps = ReminderSteps::PurringThenNotice;
        assert_eq!(next(steps, true, due, 100, &[], due), Next::NotDue);
        assert_eq!(next(steps, true, due, 0, &[], day(2026, 12, 1)), Next::NotDue);
        assert_eq!(
            next(steps, true, due, 100, &[], day(2026, 11, 2)),
            Next::Letter {
                kind: Kind::Purring,
                fee: 0,
                no_fee: Some(NoFee::TooEarly { from: day(2026, 11, 15) }),
                pay_by: day(2026, 11, 16)
            }
        );
        assert_eq!(
            next(steps, true, due, 100, &[], day(2026, 11, 15)),
            Next::Letter { kind: Kind::Purring, fee: 3_750, no_fee: None, pay_by: day(2026, 11, 29) }
        );
        assert!(matches!(
            next(steps, false, due, 100, &[], day(2026, 11, 15)),
            Next::Letter { fee: 0, no_fee: Some(NoFee::FirmChargesNone), .. }
        ));
    }

    #[test]
    fn the_notice_follows_when_the_purring_is_missed_and_then_nothing_more() {
        let due = day(2026, 11, 1);
        let steps = ReminderSteps::PurringThenNotice;
        let purring = sent(Kind::Purring, day(2026, 11, 15), 3_750);
        assert_eq!(
            next(steps, true, due, 100, &[purring], day(2026, 11, 29)),
            Next::Waiting { until: day(2026, 11, 29) }
        );
        assert_eq!(
            next(steps, true, due, 100, &[purring], day(2026, 11, 30)),
            Next::Letter { kind: Kind::Notice, fee: 3_750, no_fee: None, pay_by: day(2026, 12, 14) }
        );
        let notice = sent(Kind::Notice, day(2026, 11, 30), 3_750);
        assert_eq!(next(steps, true, due, 100, &[purring, notice], day(2027, 1, 1)), Next::Done);
    }

    #[test]
    fn never_more_than_two_fees_nor_a_second_after_a_short_deadline() {
        let due = day(2026, 11, 1);
        let steps = ReminderSteps::TwoPurringerThenNotice;
        let first = sent(Kind::Purring, day(2026, 11, 15), 3_750);
        let second = sent(Kind::Purring, day(2026, 11, 30), 3_750);
        assert!(matches!(
            next(steps, true, due, 100, &[first, second], day(2026, 12, 15)),
            Next::Letter { kind: Kind::Notice, fee: 0, no_fee: Some(NoFee::TwoCharged), .. }
        ));
        let short = Earlier { pay_by: day(2026, 11, 20), ..first };
        assert!(matches!(
            next(steps, true, due, 100, &[short], day(2026, 11, 21)),
            Next::Letter { kind: Kind::Purring, fee: 0, no_fee: Some(NoFee::ShortDeadline), .. }
        ));
        // A first letter without a fee (sent early) leaves both fees for the next ones.
        let early = sent(Kind::Purring, day(2026, 11, 3), 0);
        assert!(matches!(
            next(steps, true, due, 100, &[early], day(2026, 11, 18)),
            Next::Letter { kind: Kind::Purring, fee: 3_750, .. }
        ));
        assert!(matches!(
            next(ReminderSteps::NoticeOnly, true, due, 100, &[], day(2026, 11, 18)),
            Next::Letter { kind: Kind::Notice, fee: 3_750, .. }
        ));
    }

    proptest::proptest! {
        /// The SQL of "Purringer å sende" (`may_send`) says a letter may go exactly when the
        /// rules do, for any letters sent, any amount left and any day.
        #[test]
        fn may_send_is_next_giving_a_letter(
            steps in 0usize..3,
            left in -2i64..3,
            sent in proptest::collection::vec((1i64..40, 1i64..30, 0i64..2), 0..4),
            days_after in -5i64..120,
        ) {
            let steps = [ReminderSteps::PurringThenNotice, ReminderSteps::TwoPurringerThenNotice, ReminderSteps::NoticeOnly][steps];
            let due = day(2026, 3, 1);
            let mut on = due;
            let earlier: Vec<Earlier> = sent
                .iter()
                .map(|&(after, pay_days, fee)| {
                    on += Duration::days(after);
                    Earlier { kind: Kind::Purring, sent_on: on, pay_by: on + Duration::days(pay_days), fee: fee * 3_750 }
                })
                .collect();
            let today = due + Duration::days(days_after);
            let outstanding = left * 1_000;
            let letter = matches!(next(steps, true, due, outstanding, &earlier, today), Next::Letter { .. });
            let until = earlier.last().map(|letter| letter.pay_by);
            proptest::prop_assert_eq!(may_send(steps, due, outstanding, earlier.len(), until, today), letter);
        }
    }
}
