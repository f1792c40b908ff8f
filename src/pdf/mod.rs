//! The firm's documents as PDF (A-4, PDF/A-2b), drawn with krilla (docs/ARCHITECTURE.md,
//! "Quotes", says why krilla and what it cost): the quote (`quote.rs`), the time sheet
//! (`sheet.rs`) and the invoice basis (`invoice.rs`). The pages are laid out first, as a
//! list of what to draw on each, so every page's footer can say "side 1 av 3"; then they
//! are drawn.
//!
//! The font is Liberation Sans 2 (SIL Open Font License, `assets/fonts/`), embedded as a
//! subset. A character it has no glyph for (an emoji in a name) is written as `?`: a
//! PDF/A file may not use the font's empty glyph, and a customer's name must never stop
//! a quote from being made.

use chrono::{DateTime, Utc};

pub use letterhead::Letterhead;

pub mod declaration;
mod draw;
mod face;
pub mod invoice;
pub mod letterhead;
pub mod quote;
pub mod reminder;
pub mod sheet;
mod table;

use face::{FONTS, Face};

/// A4 in points; krilla's origin is the top left corner, y grows downwards.
const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
/// 18 mm margins.
const LEFT: f32 = 51.0;
const RIGHT: f32 = WIDTH - 51.0;
const TOP: f32 = 56.0;
/// Where the body ends and the footer begins.
const BOTTOM: f32 = HEIGHT - 64.0;

/// "Akseptert 24.11.2026 kl. 14.05 av Ola Nordmann", on the copy the customer gets after
/// accepting, with their answer to the early-start request when they had angrerett.
pub struct Stamp {
    pub at: DateTime<Utc>,
    pub name: String,
}

#[derive(Clone, Copy)]
enum Weight {
    Regular,
    Bold,
}

#[derive(Clone, Copy)]
enum Align {
    Left,
    Right,
}

/// What is drawn on a page.
enum Item {
    Text {
        weight: Weight,
        size: f32,
        x: f32,
        y: f32,
        align: Align,
        text: String,
        green: bool,
    },
    Rule {
        y: f32,
    },
    Logo {
        x: f32,
        y: f32,
        size: f32,
    },
    /// A JPEG (a photo from the job, `declaration`), its top left corner at `x`, `y`.
    Photo {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        jpeg: Vec<u8>,
    },
}

/// The pages laid out so far, and where the next line goes.
struct Layout {
    pages: Vec<Vec<Item>>,
    y: f32,
}

impl Layout {
    fn face(weight: Weight) -> &'static Face {
        match weight {
            Weight::Regular => &FONTS.regular,
            Weight::Bold => &FONTS.bold,
        }
    }

    fn put(&mut self, item: Item) {
        self.pages.last_mut().expect("a page").push(item);
    }

    /// Room for `height` more points on this page, or a new page.
    fn room(&mut self, height: f32) {
        if self.y + height > BOTTOM {
            self.pages.push(Vec::new());
            self.y = TOP;
        }
    }

    fn text(&mut self, weight: Weight, size: f32, x: f32, align: Align, text: &str) {
        let text = Self::face(weight).printable(text);
        self.put(Item::Text { weight, size, x, y: self.y, align, text, green: false });
    }

    /// A paragraph from `x` to the right margin, on as many lines and pages as it needs.
    fn paragraph(&mut self, weight: Weight, size: f32, x: f32, text: &str) {
        let face = Self::face(weight);
        for line in face.wrap(&face.printable(text), size, RIGHT - x) {
            self.room(size * 1.4);
            self.y += size * 1.4;
            self.put(Item::Text { weight, size, x, y: self.y, align: Align::Left, text: line, green: false });
        }
    }

    fn heading(&mut self, text: &str) {
        self.room(40.0);
        self.y += 24.0;
        self.text(Weight::Bold, 11.5, LEFT, Align::Left, text);
        self.y += 2.0;
    }
}

/// `text` cut with "…" to fit `width` points at `size` (a table's cell: the time sheet's,
/// the circuit list's).
fn fit(face: &Face, text: &str, size: f32, width: f32) -> String {
    let text = face.printable(text);
    if face.width(&text, size) <= width {
        return text;
    }
    let mut cut: String = text.clone();
    while !cut.is_empty() && face.width(&format!("{cut}…"), size) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

fn day(at: DateTime<Utc>) -> String {
    fagfolk_data::oslo::date(fagfolk_data::oslo::day_of(at))
}

/// Whether `name` is a limited company's (AS or ASA), by the word that ends it: its
/// documents then say "Foretaksregisteret" (the letterhead, and EHF's `crate::invoices::ehf`).
pub(crate) fn is_limited_company(name: &str) -> bool {
    let last = name.trim().rsplit(' ').next().unwrap_or_default().trim_end_matches('.');
    last.eq_ignore_ascii_case("AS") || last.eq_ignore_ascii_case("ASA")
}

/// The letterhead: logo and name on the left, how to reach the firm on the right; the
/// next line goes under both.
fn letterhead(page: &mut Layout, firm: &Letterhead) {
    use Align::{Left, Right};
    use Weight::{Bold, Regular};
    let name_x = if firm.logo_png.is_some() {
        page.put(Item::Logo { x: LEFT, y: TOP - 8.0, size: 44.0 });
        LEFT + 54.0
    } else {
        LEFT
    };
    page.y = TOP + 12.0;
    page.text(Bold, 15.0, name_x, Left, &firm.name);
    // Org.nr. with "MVA" (the firm charges it), and "Foretaksregisteret" for a limited
    // company, as a business document must say (foretaksregisterloven § 10-2).
    let contact: Vec<String> = [
        firm.org_nr.as_ref().map(|nr| format!("Org.nr. {nr} MVA")),
        firm.org_nr
            .as_ref()
            .and_then(|_| is_limited_company(&firm.name).then(|| "Foretaksregisteret".to_owned())),
        firm.address.clone(),
        firm.phone.as_ref().map(|phone| format!("Telefon {phone}")),
        firm.email.clone(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut right_y = TOP;
    for line in &contact {
        page.put(Item::Text {
            weight: Regular,
            size: 9.0,
            x: RIGHT,
            y: right_y,
            align: Right,
            text: FONTS.regular.printable(line),
            green: false,
        });
        right_y += 12.0;
    }
    page.y = page.y.max(right_y) + 30.0;
}
