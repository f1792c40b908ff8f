//! A purring or an inkassovarsel as a PDF, from the letter as kept
//! (`fagfolk_data::reminders::Reminder`): the same words as its e-mail
//! (`crate::reminders::letter`), so the copy printed for the post and the one attached
//! say the same.

use fagfolk_data::invoices::Invoice;
use fagfolk_data::oslo;
use fagfolk_data::reminders::Reminder;

use super::{Align, LEFT, Layout, Letterhead, TOP, Weight, letterhead, table};
use crate::reminders::letter;

/// Where the customer's column ("Til") starts.
const TO: f32 = 300.0;

pub fn render_reminder(reminder: &Reminder, invoice: &Invoice, firm: &Letterhead) -> anyhow::Result<Vec<u8>> {
    use Align::Left;
    use Weight::{Bold, Regular};
    let letter_ = &reminder.letter;
    let title = format!("{} – faktura {}", letter_.kind.name(), invoice.number);
    let mut page = Layout { pages: vec![Vec::new()], y: TOP };
    letterhead(&mut page, firm);
    page.text(Bold, 20.0, LEFT, Left, letter_.kind.name());
    page.y += 22.0;
    let top = page.y;
    let facts = [
        ("Dato", oslo::date(letter_.sent_on)),
        ("Faktura", invoice.number.clone()),
        ("Forfalt", oslo::date(letter_.due_date)),
        ("Betal innen", oslo::date(letter_.pay_by)),
    ];
    for (label, value) in facts {
        page.text(Bold, 9.5, LEFT, Left, label);
        page.text(Regular, 9.5, LEFT + 70.0, Left, &value);
        page.y += 13.0;
    }
    let end = page.y;
    page.y = top;
    page.text(Bold, 9.5, TO, Left, "Til");
    let customer = &invoice.basis.customer;
    let mut to = vec![customer.addressee().to_owned()];
    to.extend(customer.address.clone());
    for line in to {
        page.text(Regular, 9.5, TO + 30.0, Left, &line);
        page.y += 13.0;
    }
    page.y = page.y.max(end) + 6.0;
    let (before, after) = letter::paragraphs(letter_, invoice);
    for paragraph in before {
        page.paragraph(Regular, 10.0, LEFT, &paragraph);
        page.y += 4.0;
    }
    let rows: Vec<(Weight, String, i64)> = letter::sums(letter_, invoice)
        .into_iter()
        .map(|(label, amount, total)| (if total { Bold } else { Regular }, label, amount))
        .collect();
    table::sums(&mut page, &rows);
    page.y += 10.0;
    for paragraph in after {
        page.paragraph(Regular, 9.5, LEFT, &paragraph);
        page.y += 3.0;
    }
    super::draw::draw(&page, &title, firm, reminder.sent_at)
}
