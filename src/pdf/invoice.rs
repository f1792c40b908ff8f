//! The invoice basis as a PDF (håndverkertjenesteloven § 36): the job, the customer, the
//! work with how its price was reached, a prisoverslag's deduction, each accepted change
//! order apart, MVA per rate and the sums. The same drawing makes the basis of a finished
//! job ("Fakturagrunnlag"), the invoice made from it and a credit note, which add their
//! number, dates and how to pay.

use chrono::{DateTime, Utc};
use fagfolk_data::invoices::{Invoice, InvoiceBasis, InvoiceKind};
use fagfolk_data::oslo;
use fagfolk_data::quotes::{CustomerKind, QuoteLine, Unit, texts};

use super::{Align, LEFT, Layout, Letterhead, RIGHT, TOP, Weight, letterhead, table};

/// The basis of a job not yet invoiced, titled "Fakturagrunnlag", made at `made`.
pub fn render_basis(basis: &InvoiceBasis, firm: &Letterhead, made: DateTime<Utc>) -> anyhow::Result<Vec<u8>> {
    let page = lay_out("Fakturagrunnlag", basis, None, firm, made);
    super::draw::draw(&page, "Fakturagrunnlag", firm, made)
}

/// An invoice or a credit note.
pub fn render_invoice(invoice: &Invoice, firm: &Letterhead) -> anyhow::Result<Vec<u8>> {
    let title = format!("{} {}", invoice.kind.name(), invoice.number);
    let page = lay_out(&title, &invoice.basis, Some(invoice), firm, invoice.created_at);
    super::draw::draw(&page, &title, firm, invoice.created_at)
}

/// Where the customer's column ("Til") starts, right of the invoice's facts.
const TO: f32 = 300.0;

fn lay_out(
    title: &str,
    basis: &InvoiceBasis,
    invoice: Option<&Invoice>,
    firm: &Letterhead,
    made: DateTime<Utc>,
) -> Layout {
    use Align::Left;
    use Weight::{Bold, Regular};
    let mut page = Layout { pages: vec![Vec::new()], y: TOP };
    let consumer = basis.customer.kind == CustomerKind::Private;
    letterhead(&mut page, firm);
    page.text(Bold, 20.0, LEFT, Left, title);
    page.y += 22.0;

    let mut facts: Vec<(&str, String)> = Vec::new();
    match invoice {
        Some(invoice) => {
            facts.push(("Dato", oslo::date(invoice.issue_date)));
            if invoice.kind == InvoiceKind::Invoice {
                facts.push(("Forfall", oslo::date(invoice.due_date)));
            }
        }
        None => facts.push(("Laget", oslo::date(oslo::day_of(made)))),
    }
    facts.push(("Oppdrag", basis.job_title.clone()));
    if let Some(number) = &basis.quote_number {
        facts.push(("Tilbud", number.clone()));
    }
    facts.push(("Pristype", texts::price_type_name(basis.price_type).to_owned()));
    match (basis.first_day, basis.last_day) {
        (Some(first), Some(last)) if first != last => {
            facts.push(("Utført", format!("{}–{}", oslo::date(first), oslo::date(last))));
        }
        (Some(day), _) | (None, Some(day)) => facts.push(("Utført", oslo::date(day))),
        (None, None) => {}
    }
    if let Some(invoice) = invoice.filter(|invoice| invoice.kind == InvoiceKind::Invoice) {
        if let Some(account) = invoice.seller.account() {
            facts.push(("Konto", account.display()));
        }
        if let Some(kid) = invoice.kid() {
            facts.push(("KID", kid));
        }
    }
    // The facts wrap within their column, and the customer within theirs: a long job title
    // or address never runs into the other.
    let face = Layout::face(Regular);
    let wrapped = |page: &mut Layout, x: f32, width: f32, value: &str| {
        for (index, line) in face.wrap(&face.printable(value), 9.5, width).iter().enumerate() {
            if index > 0 {
                page.y += 12.0;
            }
            page.text(Regular, 9.5, x, Left, line);
        }
        page.y += 13.0;
    };
    let top = page.y;
    for (label, value) in facts {
        page.text(Bold, 9.5, LEFT, Left, label);
        wrapped(&mut page, LEFT + 62.0, TO - 12.0 - (LEFT + 62.0), &value);
    }
    let end = page.y;
    page.y = top;
    page.text(Bold, 9.5, TO, Left, "Til");
    let customer = &basis.customer;
    let mut to: Vec<String> = vec![customer.addressee().to_owned()];
    if customer.kind == CustomerKind::Business && customer.company.is_some() {
        to.push(format!("v/ {}", customer.name));
    }
    to.extend(customer.address.clone());
    to.extend(customer.org_nr.as_ref().map(|nr| format!("Org.nr. {nr}")));
    to.extend(customer.email.clone());
    for line in to {
        wrapped(&mut page, TO + 30.0, RIGHT - (TO + 30.0), &line);
    }
    page.y = page.y.max(end) + 6.0;
    if let Some(invoice) = invoice.filter(|invoice| !invoice.reason.is_empty()) {
        page.paragraph(Regular, 10.0, LEFT, &format!("Årsak: {}", invoice.reason));
    }

    page.heading(&basis.work.title);
    if !basis.work.note.is_empty() {
        page.paragraph(Regular, 9.5, LEFT, &basis.work.note);
    }
    table::lines(&mut page, &basis.work.lines, consumer);
    let deductions: Vec<QuoteLine> = basis
        .deductions
        .iter()
        .map(|deduction| QuoteLine {
            service_id: None,
            description: deduction.description.clone(),
            quantity: 100,
            unit: Unit::Stk,
            unit_price: -deduction.net,
            vat: deduction.vat,
        })
        .collect();
    if !deductions.is_empty() {
        table::lines(&mut page, &deductions, consumer);
    }
    for section in &basis.additions {
        page.heading(&section.title);
        if !section.note.is_empty() {
            page.paragraph(Regular, 9.5, LEFT, &section.note);
        }
        table::lines(&mut page, &section.lines, consumer);
    }

    let mut rows = vec![(Regular, "Sum eks. MVA".to_owned(), basis.totals.net)];
    for rate in &basis.vat_rates {
        rows.push((
            Regular,
            format!("MVA {} % av {}", rate.rate, fagfolk_data::money::kroner(rate.net)),
            rate.vat,
        ));
    }
    let total = match invoice.map(|invoice| invoice.kind) {
        Some(InvoiceKind::Invoice) => "Å betale",
        Some(InvoiceKind::CreditNote) => "Til gode",
        None => "Totalt inkl. MVA",
    };
    rows.push((Bold, total.to_owned(), basis.totals.gross));
    table::sums(&mut page, &rows);
    page.heading("Spesifisert etter håndverkertjenesteloven § 36");
    page.paragraph(
        Regular,
        9.5,
        LEFT,
        "Arbeidets og materiellets art og omfang, hvordan prisen er regnet ut, og tilleggsarbeid \
         for seg. Spørsmål om fakturaen: kontakt oss på adressen øverst.",
    );
    page
}
