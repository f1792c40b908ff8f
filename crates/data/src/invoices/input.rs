//! What "Krediter" sends, read into the lines to credit and the reason. Pure: the invoice's
//! number of lines is passed in.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::fields::FieldErrors;

/// What "Krediter" sends: which lines of the invoice to take back, and why.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreditInput {
    /// The lines' places in the invoice, counted from 0 (the work's lines first, then each
    /// change order's), as `GET /api/admin/invoices/{id}` lists them.
    #[schema(value_type = Vec<i64>)]
    pub lines: Option<Vec<serde_json::Value>>,
    /// Why, for the customer: at most 500 characters.
    pub reason: Option<String>,
}

/// A credit note's lines (each once, in order) and its reason, read.
#[derive(Debug, PartialEq, Eq)]
pub struct Credit {
    pub lines: Vec<u32>,
    pub reason: String,
}

/// Reads `input` against an invoice of `count` lines: at least one of its lines, every one
/// a place in it, and a reason of at most 500 characters.
pub fn read_credit(input: CreditInput, count: usize) -> Result<Credit, FieldErrors> {
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    let mut errors = FieldErrors::default();
    let mut lines: Vec<u32> = input
        .lines
        .unwrap_or_default()
        .iter()
        .map(|line| line.as_u64().and_then(|line| u32::try_from(line).ok()).filter(|line| *line < count))
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default();
    lines.sort_unstable();
    lines.dedup();
    if lines.is_empty() {
        errors.add("lines", "Velg minst én linje fra fakturaen.");
    }
    let reason = errors.required("reason", input.reason, 500, "Skriv hvorfor linjene krediteres.");
    errors.finish()?;
    Ok(Credit { lines, reason })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(lines: serde_json::Value, reason: &str) -> CreditInput {
        serde_json::from_value(json!({ "lines": lines, "reason": reason })).unwrap()
    }

    #[test]
    fn lines_are_read_once_in_order_within_the_invoice() {
        let credit = read_credit(input(json!([2, 0, 2]), " Feil pris "), 3).unwrap();
        assert_eq!(credit, Credit { lines: vec![0, 2], reason: "Feil pris".into() });
    }

    #[test]
    fn a_line_outside_the_invoice_or_no_reason_is_refused() {
        let errors = read_credit(input(json!([0, 3]), ""), 3).unwrap_err().into_map();
        assert_eq!(errors["lines"], "Velg minst én linje fra fakturaen.");
        assert_eq!(errors["reason"], "Skriv hvorfor linjene krediteres.");
        assert!(read_credit(input(json!([-1]), "x"), 3).is_err());
        assert!(read_credit(input(json!(["0"]), "x"), 3).is_err());
    }
}
