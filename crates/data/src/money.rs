//! Money: integers in øre, never floating point; a line's amounts and MVA, a document's
//! sums, kroner written out and typed amounts read. Quotes, invoices, credit notes, the
//! meter, the bank's files and the letters all count with it.
//!
//! The rounding rule (shown to staff beside the editor, web/src/features/quotes/components/quote-editor.tsx):
//! - a line's amount excluding MVA is quantity × unit price, rounded to the nearest øre;
//! - the line's MVA is that amount × the line's rate, rounded to the nearest øre;
//! - a half øre rounds away from zero (0,5 øre → 1 øre, −0,5 øre → −1 øre);
//! - the quote's sums are the sums of its lines' rounded amounts, so the lines shown
//!   including MVA to a consumer add up to the total exactly.
//!
//! Quantities are in hundredths (`250` is 2,5), so 2,5 m² at 1 234,50 kr is
//! `250 × 123 450 / 100` øre.

use serde::Serialize;
use utoipa::ToSchema;

/// The largest unit price, in øre either way (100 million kroner).
pub const MAX_UNIT_PRICE: i64 = 10_000_000_000;
/// The largest quantity, in hundredths (one million).
pub const MAX_QUANTITY: i64 = 100_000_000;
/// The largest amount of one line excluding MVA, in øre either way, and the largest total
/// of a quote including MVA (100 million kroner): a trades quote above it is a typing error,
/// and the PDF's columns are measured for it (tests/api/hardening3.rs).
pub const MAX_AMOUNT: i64 = 10_000_000_000;
/// The most lines a quote may have.
pub const MAX_LINES: usize = 200;

/// `numerator / denominator` rounded to the nearest integer, halves away from zero.
fn divide_rounded(numerator: i128, denominator: i128) -> i128 {
    let quotient = numerator / denominator;
    let remainder = numerator % denominator;
    if 2 * remainder.abs() >= denominator { quotient + numerator.signum() } else { quotient }
}

/// One line's amounts, in øre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct LineAmounts {
    /// Excluding MVA.
    pub net: i64,
    pub vat: i64,
    /// Including MVA.
    pub gross: i64,
}

/// The amounts of a line of `quantity` hundredths at `unit_price` øre with `vat_percent` MVA.
/// The bounds above keep every product within `i64` (checked in `QuoteInput`).
pub fn line(quantity: i64, unit_price: i64, vat_percent: u8) -> LineAmounts {
    let net = divide_rounded(i128::from(quantity) * i128::from(unit_price), 100);
    let vat = divide_rounded(net * i128::from(vat_percent), 100);
    let net = i64::try_from(net).unwrap_or(i64::MAX);
    let vat = i64::try_from(vat).unwrap_or(i64::MAX);
    LineAmounts { net, vat, gross: net.saturating_add(vat) }
}

/// The price excluding MVA of `gross` øre including `vat_percent` MVA, to the nearest øre
/// (halves away from zero), as a quote line from the catalogue gets it (the catalogue's
/// prices include MVA, as the public site shows them).
pub fn net_of_gross(gross: i64, vat_percent: u8) -> i64 {
    let net = divide_rounded(i128::from(gross) * 100, 100 + i128::from(vat_percent));
    i64::try_from(net).unwrap_or(i64::MAX)
}

/// A quote's sums, in øre.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
pub struct Totals {
    /// The sum excluding MVA.
    pub net: i64,
    /// The MVA.
    pub vat: i64,
    /// The total including MVA.
    pub gross: i64,
}

/// The sums of `lines` (each `(quantity, unit price, MVA %)`).
pub fn totals(lines: impl IntoIterator<Item = (i64, i64, u8)>) -> Totals {
    lines.into_iter().fold(Totals::default(), |sum, (quantity, price, vat)| {
        let amounts = line(quantity, price, vat);
        Totals {
            net: sum.net.saturating_add(amounts.net),
            vat: sum.vat.saturating_add(amounts.vat),
            gross: sum.gross.saturating_add(amounts.gross),
        }
    })
}

/// `øre` as Norwegian kroner: `1 234,50 kr`, `-12,00 kr` (a non-breaking space between
/// the thousands and before "kr").
pub fn kroner(ore: i64) -> String {
    let sign = if ore < 0 { "-" } else { "" };
    let abs = ore.unsigned_abs();
    let whole = (abs / 100).to_string();
    let mut grouped = String::new();
    for (index, digit) in whole.chars().enumerate() {
        if index > 0 && (whole.len() - index).is_multiple_of(3) {
            grouped.push('\u{a0}');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped},{:02}\u{a0}kr", abs % 100)
}

/// A quantity in hundredths as Norwegian text: `2,5`, `3`, `0,25`.
pub fn quantity(hundredths: i64) -> String {
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.unsigned_abs();
    match abs % 100 {
        0 => format!("{sign}{}", abs / 100),
        part if part.is_multiple_of(10) => format!("{sign}{},{}", abs / 100, part / 10),
        part => format!("{sign}{},{part:02}", abs / 100),
    }
}

/// A number written with a point and at most two decimals, below 10^13, in hundredths:
/// kroner as øre (the bank's amounts, `crate::payments::camt`), a percent as hundredths
/// (the forsinkelsesrente typed in the settings, its comma made a point). The one reader
/// of a typed amount.
pub fn hundredths(text: &str) -> Option<i64> {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, fraction),
        None => (text, "0"),
    };
    let digits =
        |part: &str| !part.is_empty() && part.len() <= 13 && part.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || fraction.len() > 2 || !digits(fraction) {
        return None;
    }
    let cents = format!("{fraction:0<2}").parse::<i64>().ok()?;
    whole.parse::<i64>().ok()?.checked_mul(100)?.checked_add(cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_ore_rounds_away_from_zero_and_less_rounds_down() {
        // 0,5 × 1 øre = 0,5 øre → 1; 0,49... cannot happen with hundredths, so 1,5 × 1 øre.
        assert_eq!(line(50, 1, 0).net, 1);
        assert_eq!(line(150, 1, 0).net, 2);
        assert_eq!(line(140, 1, 0).net, 1);
        assert_eq!(line(50, -1, 0).net, -1);
        assert_eq!(line(140, -1, 0).net, -1);
        // MVA of 2 øre at 25 % is 0,5 øre → 1 øre; of 1 øre it is 0,25 → 0.
        assert_eq!(line(100, 2, 25), LineAmounts { net: 2, vat: 1, gross: 3 });
        assert_eq!(line(100, 1, 25), LineAmounts { net: 1, vat: 0, gross: 1 });
    }

    #[test]
    fn a_quantity_with_decimals_times_a_price_in_ore() {
        // 2,5 m² at 1 234,50 kr = 3 086,25 kr; MVA 771,5625 kr → 771,56 kr.
        assert_eq!(line(250, 123_450, 25), LineAmounts { net: 308_625, vat: 77_156, gross: 385_781 });
        // 0,33 hours at 999 kr = 329,67 kr.
        assert_eq!(line(33, 99_900, 25).net, 32_967);
    }

    #[test]
    fn zero_lines_and_zero_amounts_give_zero() {
        assert_eq!(totals([]), Totals::default());
        assert_eq!(totals([(0, 50_000, 25), (100, 0, 25)]), Totals::default());
    }

    #[test]
    fn no_mva_at_zero_percent() {
        assert_eq!(totals([(300, 10_000, 0)]), Totals { net: 30_000, vat: 0, gross: 30_000 });
    }

    #[test]
    fn the_sums_are_the_sums_of_the_rounded_lines() {
        // Three lines of 1 øre at 25 %: each line's MVA rounds to 0, so the quote has none,
        // and the lines shown including MVA add up to the total.
        let lines = [(100, 1, 25); 3];
        assert_eq!(totals(lines), Totals { net: 3, vat: 0, gross: 3 });
        let many: Vec<_> = (1..=200).map(|n| (n * 7, 1_001 + n, if n % 2 == 0 { 25 } else { 0 })).collect();
        let sum = totals(many.iter().copied());
        let by_line: i64 = many.iter().map(|&(q, p, v)| line(q, p, v).gross).sum();
        assert_eq!(sum.gross, by_line);
        assert_eq!(sum.gross, sum.net + sum.vat);
    }

    #[test]
    fn the_largest_amounts_do_not_overflow() {
        let biggest = line(MAX_QUANTITY, MAX_UNIT_PRICE, 25);
        assert_eq!(biggest.net, 10_000_000_000_000_000);
        assert_eq!(biggest.vat, 2_500_000_000_000_000);
        let all = totals(vec![(MAX_QUANTITY, MAX_UNIT_PRICE, 25); MAX_LINES]);
        assert_eq!(all.gross, 200 * 12_500_000_000_000_000);
        let discount = line(MAX_QUANTITY, -MAX_UNIT_PRICE, 25);
        assert_eq!(discount.gross, -12_500_000_000_000_000);
    }

    #[test]
    fn kroner_and_quantities_read_the_norwegian_way() {
        assert_eq!(kroner(123_450), "1\u{a0}234,50\u{a0}kr");
        assert_eq!(kroner(5), "0,05\u{a0}kr");
        assert_eq!(kroner(-1_200), "-12,00\u{a0}kr");
        assert_eq!(kroner(100_000_000), "1\u{a0}000\u{a0}000,00\u{a0}kr");
        assert_eq!(quantity(250), "2,5");
        assert_eq!(quantity(300), "3");
        assert_eq!(quantity(25), "0,25");
    }
}
