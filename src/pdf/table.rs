//! A document's lines as a table (a quote's, an invoice basis's), and its sums: the columns measured for the widest amounts
//! a quote allows, so that no two can run together (tests/api/hardening3.rs reads their
//! boxes back).

use fagfolk_data::money;
use fagfolk_data::money::Totals;
use fagfolk_data::quotes::{QuoteLine, Unit};

use super::face::FONTS;
use super::{Align, Item, LEFT, Layout, RIGHT, Weight};

/// The space between two columns of the lines table, in points.
const GAP: f32 = 12.0;

/// The widest amount a line can show at `size` points, in either weight: a unit price or
/// a line of 100 million kroner either way, 125 million with MVA (`money::MAX_UNIT_PRICE`,
/// `money::MAX_AMOUNT`), or `header`, whichever is wider.
fn amount_width(size: f32, header: &str) -> f32 {
    let widest = money::kroner(-(money::MAX_UNIT_PRICE.max(money::MAX_AMOUNT) / 4 * 5));
    FONTS.bold.width(&widest, size).max(FONTS.regular.width(&widest, size)).max(FONTS.bold.width(header, 9.0))
}

/// Where the lines table's columns stand, measured from the right margin for the widest
/// amounts the quote allows, so that no two columns can run together.
struct Columns {
    /// Right edge of the quantity.
    quantity: f32,
    /// Left edge of the unit.
    unit: f32,
    /// Left edge of the MVA rate (business quotes).
    vat: f32,
    /// Right edge of the unit price.
    price: f32,
    /// How wide the description may be.
    description: f32,
}

impl Columns {
    fn new(consumer: bool) -> Self {
        let (price_header, amount_header) = Self::headers(consumer);
        let price = RIGHT - amount_width(9.5, amount_header) - GAP;
        let price_left = price - amount_width(9.5, price_header);
        let vat = price_left - GAP - FONTS.bold.width("MVA", 9.0).max(FONTS.regular.width("25 %", 9.5));
        let unit_end = if consumer { price_left - GAP } else { vat - GAP };
        let unit_width = [Unit::Stk, Unit::Time, Unit::M2, Unit::Lm]
            .iter()
            .map(|unit| FONTS.regular.width(unit.label(), 9.5))
            .fold(FONTS.bold.width("Enhet", 9.0), f32::max);
        let unit = unit_end - unit_width;
        let quantity = unit - 8.0;
        let quantity_width = FONTS
            .regular
            .width(&money::quantity(money::MAX_QUANTITY), 9.5)
            .max(FONTS.bold.width("Antall", 9.0));
        Self { quantity, unit, vat, price, description: quantity - quantity_width - GAP - LEFT }
    }

    fn headers(consumer: bool) -> (&'static str, &'static str) {
        if consumer { ("Pris inkl. MVA", "Beløp inkl. MVA") } else { ("Enhetspris", "Beløp eks. MVA") }
    }
}

/// Columns: description, quantity, unit, unit price, amount. A consumer sees prices
/// including MVA; a business sees them excluding MVA, with the rate.
pub(super) fn lines(page: &mut Layout, lines: &[QuoteLine], consumer: bool) {
    use Align::{Left, Right};
    use Weight::{Bold, Regular};
    let columns = Columns::new(consumer);
    let (quantity_x, unit_x, vat_x, price_x) = (columns.quantity, columns.unit, columns.vat, columns.price);
    let (price_header, amount_header) = Columns::headers(consumer);
    let header = |page: &mut Layout| {
        page.room(40.0);
        page.y += 18.0;
        page.text(Bold, 9.0, LEFT, Left, "Beskrivelse");
        page.text(Bold, 9.0, quantity_x, Right, "Antall");
        page.text(Bold, 9.0, unit_x, Left, "Enhet");
        if !consumer {
            page.text(Bold, 9.0, vat_x, Left, "MVA");
        }
        page.text(Bold, 9.0, price_x, Right, price_header);
        page.text(Bold, 9.0, RIGHT, Right, amount_header);
        page.y += 5.0;
        page.put(Item::Rule { y: page.y });
    };
    header(page);
    let pages_before = page.pages.len();
    let mut pages_seen = pages_before;
    for line in lines {
        let amounts = line.amounts();
        let description =
            FONTS.regular.wrap(&FONTS.regular.printable(&line.description), 9.5, columns.description);
        page.room(13.0 * description.len() as f32 + 6.0);
        if page.pages.len() != pages_seen {
            pages_seen = page.pages.len();
            header(page);
        }
        page.y += 14.0;
        let (unit_price, amount) = if consumer {
            (money::line(100, line.unit_price, line.vat).gross, amounts.gross)
        } else {
            (line.unit_price, amounts.net)
        };
        page.text(Regular, 9.5, quantity_x, Right, &money::quantity(line.quantity));
        page.text(Regular, 9.5, unit_x, Left, line.unit.label());
        if !consumer {
            page.text(Regular, 9.5, vat_x, Left, &format!("{} %", line.vat));
        }
        page.text(Regular, 9.5, price_x, Right, &money::kroner(unit_price));
        page.text(Regular, 9.5, RIGHT, Right, &money::kroner(amount));
        for (index, part) in description.iter().enumerate() {
            if index > 0 {
                page.y += 12.0;
            }
            page.put(Item::Text {
                weight: Regular,
                size: 9.5,
                x: LEFT,
                y: page.y,
                align: Left,
                text: part.clone(),
                green: false,
            });
        }
    }
    page.y += 6.0;
    page.put(Item::Rule { y: page.y });
}

/// The sums under `lines`: excluding MVA, the MVA (with its rate when every line has the
/// same one), and the total including MVA.
pub(super) fn totals(page: &mut Layout, lines: &[QuoteLine], totals: Totals) {
    use Weight::{Bold, Regular};
    let vat = match lines.first().map(|line| line.vat) {
        Some(rate) if lines.iter().all(|line| line.vat == rate) => format!("MVA {rate} %"),
        _ => "MVA".to_owned(),
    };
    let rows = [
        (Regular, "Sum eks. MVA".to_owned(), totals.net),
        (Regular, vat, totals.vat),
        (Bold, "Totalt inkl. MVA".to_owned(), totals.gross),
    ];
    sums(page, &rows);
}

/// Rows of a label and an amount at the right margin, the amounts in their column.
pub(super) fn sums(page: &mut Layout, rows: &[(Weight, String, i64)]) {
    page.room(15.0 * rows.len() as f32 + 15.0);
    let label_x = RIGHT - amount_width(10.0, "") - GAP;
    for (weight, label, amount) in rows {
        page.y += 15.0;
        page.text(*weight, 10.0, label_x, Align::Right, label);
        page.text(*weight, 10.0, RIGHT, Align::Right, &money::kroner(*amount));
    }
}
