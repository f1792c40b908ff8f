//! The office's list of invoices ("Fakturaer"): every invoice and credit note with its
//! customer, sums and state, searched by number and customer, filtered by state, a page at
//! a time, with what is outstanding over the whole filter. Read in SQL from the invoices'
//! own columns (`store::list`), so ten years of invoices are one indexed read.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::InvoiceKind;
use crate::payments::{Balance, InvoiceState};

/// Rows on a page of the list.
pub const PAGE_SIZE: i64 = 50;

/// What the list is asked for.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvoiceFilter {
    /// Part of the number ("2026-0001") or of the customer's name, any case.
    pub q: Option<String>,
    /// `sent`, `overdue`, `partly_paid`, `paid`, `credited`, or `unpaid` (sent, overdue
    /// and partly paid together); all, credit notes too, when left out.
    pub state: Option<String>,
    /// The page, from 1.
    pub page: Option<i64>,
}

/// One invoice or credit note in the list.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct InvoiceRow {
    pub id: Uuid,
    pub job_id: Uuid,
    pub number: String,
    pub kind: InvoiceKind,
    /// The invoice a credit note credits: its number.
    pub credits: Option<String>,
    pub customer: String,
    pub issue_date: NaiveDate,
    pub due_date: NaiveDate,
    /// A credit note's sums are what it takes back (its `total`); `credited`, `paid` and
    /// `outstanding` are 0.
    pub balance: Balance,
    /// `null` for a credit note.
    pub state: Option<InvoiceState>,
}

/// A page of the list, and the numbers over the whole filter.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct InvoiceList {
    pub rows: Vec<InvoiceRow>,
    /// Rows in the whole filter.
    pub total_rows: i64,
    pub page: i64,
    pub page_size: i64,
    /// Øre left to pay on the filter's invoices (what customers have paid too much is not
    /// taken off).
    pub outstanding: i64,
    /// The invoices in each state, over the search (not the state filter): the filter's
    /// chips say how many each would show.
    pub counts: StateCounts,
}

/// How many invoices stand in each state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct StateCounts {
    pub sent: i64,
    pub overdue: i64,
    pub partly_paid: i64,
    pub paid: i64,
    pub credited: i64,
    pub credit_notes: i64,
}

/// A filter read: the search as a LIKE pattern, the states, the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// `%…%`, lower-cased, with `%`, `_` and `\` escaped by `\`.
    pub pattern: Option<String>,
    /// The search as typed, trimmed and lower-cased (the trigram index's phrase).
    pub text: Option<String>,
    /// The states the filter takes; empty for every row, credit notes too.
    pub states: Vec<&'static str>,
    pub page: i64,
}

/// What an unknown state is told.
pub const BAD_STATE: &str = "Ukjent status. Velg sendt, forfalt, delvis betalt, betalt eller kreditert.";

impl InvoiceFilter {
    /// The filter as the store reads it; `Err` for a state there is none of.
    pub fn read(&self) -> Result<Query, &'static str> {
        let pattern = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(|q| {
            let escaped: String = q
                .to_lowercase()
                .chars()
                .flat_map(|c| if matches!(c, '%' | '_' | '\\') { vec!['\\', c] } else { vec![c] })
                .collect();
            format!("%{escaped}%")
        });
        let states = match self.state.as_deref().map(str::trim).unwrap_or("") {
            "" => Vec::new(),
            "unpaid" => vec!["sent", "overdue", "partly_paid"],
            state => match InvoiceState::ALL.into_iter().find(|known| known.as_str() == state) {
                Some(known) => vec![known.as_str()],
                None => return Err(BAD_STATE),
            },
        };
        let text = self.q.as_deref().map(str::trim).filter(|q| !q.is_empty()).map(str::to_lowercase);
        Ok(Query { pattern, text, states, page: self.page.unwrap_or(1).clamp(1, 100_000) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(q: &str, state: &str) -> InvoiceFilter {
        InvoiceFilter { q: Some(q.into()), state: Some(state.into()), page: None }
    }

    #[test]
    fn a_search_is_lower_cased_and_escaped() {
        let query = filter(" Øystein 50%_ ", "").read().unwrap();
        assert_eq!(query.pattern.as_deref(), Some("%øystein 50\\%\\_%"));
        assert_eq!((query.states.len(), query.page), (0, 1));
    }

    #[test]
    fn unpaid_is_three_states_and_an_unknown_one_is_refused() {
        assert_eq!(filter("", "unpaid").read().unwrap().states, ["sent", "overdue", "partly_paid"]);
        assert_eq!(filter("", "paid").read().unwrap().states, ["paid"]);
        assert_eq!(filter("", "betalt").read(), Err(BAD_STATE));
    }
}
