//! A quote (or a change order) as a PDF: the letterhead, the customer, the lines and sums,
//! what the price type binds, the terms, and for a consumer with angrerett the withdrawal
//! form on a page of its own.

use fagfolk_data::money::Totals;
use fagfolk_data::quotes::{CustomerKind, Quote, texts};

use super::face::FONTS;
use super::{Align, Item, LEFT, Layout, Letterhead, Stamp, TOP, Weight, day, letterhead, table};

/// The quote as a PDF/A-2b file. `stamp` marks the copy an accepting customer gets.
pub fn render(quote: &Quote, firm: &Letterhead, stamp: Option<&Stamp>) -> anyhow::Result<Vec<u8>> {
    let layout = lay_out(quote, firm, stamp);
    let dated = quote.sent_at.unwrap_or(quote.updated_at);
    super::draw::draw(&layout, &format!("{} {}", quote.kind_name(), quote.label()), firm, dated)
}

fn lay_out(quote: &Quote, firm: &Letterhead, stamp: Option<&Stamp>) -> Layout {
    use Align::Left;
    use Weight::{Bold, Regular};
    let mut page = Layout { pages: vec![Vec::new()], y: TOP };
    let consumer = quote.customer_kind == CustomerKind::Private;

    letterhead(&mut page, firm);

    let title = if quote.version > 1 {
        format!("{} {} (versjon {})", quote.kind_name(), quote.number, quote.version)
    } else {
        format!("{} {}", quote.kind_name(), quote.number)
    };
    page.text(Bold, 20.0, LEFT, Left, &title);
    if let Some(stamp) = stamp {
        page.y += 20.0;
        let text = format!("Akseptert {} av {}", fagfolk_data::oslo::moment(stamp.at), stamp.name);
        page.put(Item::Text {
            weight: Bold,
            size: 12.0,
            x: LEFT,
            y: page.y,
            align: Left,
            text: FONTS.bold.printable(&text),
            green: true,
        });
        if quote.angrerett {
            page.y += 16.0;
            page.text(
                Regular,
                10.0,
                LEFT,
                Left,
                texts::early_start_answer(quote.early_start.unwrap_or(false)),
            );
        }
    }
    page.y += 22.0;
    let dated = quote.sent_at.unwrap_or(quote.updated_at);
    let mut facts = vec![
        ("Dato", day(dated)),
        ("Gyldig til", fagfolk_data::oslo::date(quote.valid_until)),
        ("Pristype", texts::price_type_name(quote.price_type).to_owned()),
    ];
    if !quote.owner_name.trim().is_empty() {
        facts.push(("Kontakt", quote.owner_name.clone()));
    }
    let top = page.y;
    for (label, value) in facts {
        page.text(Bold, 9.5, LEFT, Left, label);
        page.text(Regular, 9.5, LEFT + 62.0, Left, &value);
        page.y += 13.0;
    }
    // The customer beside the facts.
    // A business first by its company, then the contact person.
    let mut customer: Vec<String> = quote
        .customer_company
        .iter()
        .filter(|_| !consumer)
        .cloned()
        .chain([quote.customer_name.clone()])
        .collect();
    customer.extend(quote.customer_address.clone());
    customer.extend(quote.org_nr.as_ref().map(|nr| format!("Org.nr. {nr}")));
    customer.extend(quote.customer_email.clone());
    customer.extend(quote.customer_phone.clone());
    let end = page.y;
    page.y = top;
    page.text(Bold, 9.5, 300.0, Left, "Til");
    for line in customer {
        page.text(Regular, 9.5, 330.0, Left, &line);
        page.y += 13.0;
    }
    page.y = page.y.max(end) + 6.0;
    if !quote.intro.is_empty() {
        page.paragraph(Regular, 10.0, LEFT, &quote.intro);
        page.y += 8.0;
    }

    table::lines(&mut page, &quote.lines, consumer);
    let totals = Totals { net: quote.net_total, vat: quote.vat_total, gross: quote.total };
    table::totals(&mut page, &quote.lines, totals);

    page.heading(texts::price_type_name(quote.price_type));
    page.paragraph(
        Regular,
        9.5,
        LEFT,
        texts::price_type(quote.price_type, quote.customer_kind, quote.reservation),
    );
    if !quote.terms.is_empty() {
        page.heading("Vilkår");
        page.paragraph(Regular, 9.5, LEFT, &quote.terms);
    }
    if quote.angrerett {
        page.heading("Angrerett");
        page.paragraph(Regular, 9.5, LEFT, texts::ANGRERETT);
        // The withdrawal form on a page of its own, to print and send.
        page.pages.push(Vec::new());
        page.y = TOP;
        let to = [Some(firm.name.clone()), firm.address.clone(), firm.email.clone()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ");
        for (index, line) in texts::withdrawal_form(&to).iter().enumerate() {
            if index == 0 {
                page.y += 16.0;
                page.text(Bold, 16.0, LEFT, Left, line);
                page.y += 8.0;
            } else {
                page.paragraph(Regular, 10.5, LEFT, line);
                page.y += 12.0;
            }
        }
    }
    page
}
