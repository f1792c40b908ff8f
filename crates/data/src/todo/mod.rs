//! "Å gjøre" on the dashboard: what waits for the office, each kind counted with the first
//! few things it is about, so every line leads to where it is fixed. A kind with nothing in
//! it is left out. Each is read from the rows as they stand (`store.rs`), so it appears
//! when its cause is made and goes when it is fixed; tests/api/todo.rs makes and fixes
//! each.

pub mod store;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::db::Db;

/// How many things each kind names; the count says how many there are in all.
pub const SHOWN: usize = 5;

/// A befaring waits this many days for its quote before it is listed.
pub const VISIT_DAYS: i64 = 3;

/// What waits for the office.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TodoKind {
    /// Jobs marked done and not invoiced.
    DoneNotInvoiced,
    /// Jobs past a prisoverslag with no § 7 contact recorded.
    NeedsContact,
    /// Jobs with hours or materials held back at the § 7 gate.
    Held,
    /// Jobs with hours or materials marked tilleggsarbeid but tied to no change order.
    UntaggedExtra,
    /// Change orders sent to the customer and not answered.
    ChangeWaiting,
    /// Invoices past their due date with something left to pay.
    Overdue,
    /// Overdue invoices that may get their next purring or inkassovarsel today.
    RemindersDue,
    /// Befaringer held more than [`VISIT_DAYS`] ago on an open lead with no quote.
    VisitWithoutQuote,
}

/// What a thing is, so the web links to its page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThingKind {
    Job,
    Invoice,
    Lead,
}

/// One thing to see to: a job, an invoice or a lead, by its title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Thing {
    pub kind: ThingKind,
    pub id: Uuid,
    pub title: String,
}

/// One kind of thing to do: how many, and the first [`SHOWN`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TodoItem {
    pub kind: TodoKind,
    pub count: i64,
    pub things: Vec<Thing>,
}

/// What goes into the list besides the rows: the jobs past their estimate waiting for the
/// § 7 contact (the job figures' meters say which), the invoices whose reminder is due
/// (`crate::reminders::due`) and the lead statuses that mean open.
pub struct Known<'a> {
    pub needs_contact: Vec<Thing>,
    /// How many, and the first [`SHOWN`].
    pub reminders_due: (i64, Vec<Uuid>),
    pub open_statuses: &'a [String],
}

/// Everything that waits on `today` (in Norway; `now` for the befaringer), in the order
/// the office works it: money first, then the jobs, then the sales.
pub async fn todo(
    db: &Db,
    today: NaiveDate,
    now: DateTime<Utc>,
    known: Known<'_>,
) -> Result<Vec<TodoItem>, sqlx::Error> {
    let item = |kind, things: Vec<Thing>| TodoItem { kind, count: things.len() as i64, things };
    // The invoices' kinds name only the first few, oldest due first, of however many there
    // are (`reminders::due` gives them in that order).
    let (count, first) = known.reminders_due;
    let reminders =
        TodoItem { kind: TodoKind::RemindersDue, count, things: store::invoices(db, &first).await? };
    let (overdue, first_overdue) = store::overdue(db, today, SHOWN as i64).await?;
    let mut items = vec![
        reminders,
        TodoItem { kind: TodoKind::Overdue, count: overdue, things: first_overdue },
        item(TodoKind::DoneNotInvoiced, store::done_not_invoiced(db).await?),
        item(TodoKind::NeedsContact, known.needs_contact),
        item(TodoKind::Held, store::held(db).await?),
        item(TodoKind::UntaggedExtra, store::untagged_extra(db).await?),
        item(TodoKind::ChangeWaiting, store::change_waiting(db).await?),
        item(
            TodoKind::VisitWithoutQuote,
            store::visits_without_quote(db, now - Duration::days(VISIT_DAYS), known.open_statuses).await?,
        ),
    ];
    items.retain(|item| item.count > 0);
    for item in &mut items {
        item.things.truncate(SHOWN);
    }
    Ok(items)
}
