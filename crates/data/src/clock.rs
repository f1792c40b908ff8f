//! The time the app believes it is. Tests move it forward to expire sessions and
//! throttles without waiting.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Duration, NaiveDate, SubsecRound, Utc};

#[derive(Clone, Default, Debug)]
pub struct Clock {
    offset_secs: Arc<AtomicI64>,
}

impl Clock {
    /// Now, to the microsecond: what PostgreSQL stores, so a value reads back as written.
    pub fn now(&self) -> DateTime<Utc> {
        (Utc::now() + Duration::seconds(self.offset_secs.load(Ordering::Relaxed))).trunc_subsecs(6)
    }

    /// Today in Norway, where the firm works: the day a follow-up date ("Oppfølging") is
    /// due on.
    pub fn today(&self) -> NaiveDate {
        crate::oslo::day_of(self.now())
    }

    /// Moves this clock (and every clone of it) forward.
    pub fn advance(&self, by: Duration) {
        self.offset_secs.fetch_add(by.num_seconds(), Ordering::Relaxed);
    }

    /// Moves this clock forward `days` days of the calendar in Norway. `days` times 24
    /// hours would not do across the change to or from summer time (a day of 23 or 25
    /// hours): a moment near midnight would land on the day after or stay on the day before.
    pub fn advance_days(&self, days: i64) {
        let target = self.today() + Duration::days(days);
        self.advance(Duration::days(days));
        match self.today().cmp(&target) {
            std::cmp::Ordering::Greater => self.advance(Duration::hours(-1)),
            std::cmp::Ordering::Less => self.advance(Duration::hours(1)),
            std::cmp::Ordering::Equal => {}
        }
    }
}
