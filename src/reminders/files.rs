//! A letter as a file: its PDF, the same as was sent, and its name; for the office's
//! download (`super::routes`), the e-mail and the customer's page
//! (`crate::documents::list`).

use fagfolk_data::invoices::Invoice;
use fagfolk_data::oslo;
use fagfolk_data::reminders::Reminder;

use crate::state::AppState;

/// "Purring-2026-0007-2026-12-07.pdf": the letter's kind, the invoice and the day it was
/// sent. Also the name the customer's page gives it (`crate::documents::list`).
pub fn file_name(reminder: &Reminder, invoice: &Invoice) -> String {
    format!(
        "{}-{}-{}.pdf",
        reminder.letter.kind.name(),
        invoice.number,
        oslo::iso_day(reminder.letter.sent_on)
    )
}

/// The letter as its PDF, the same as was sent: for the office, the e-mail and the
/// customer's page (`crate::documents::list`).
pub async fn pdf(state: &AppState, reminder: &Reminder, invoice: &Invoice) -> anyhow::Result<Vec<u8>> {
    let firm = crate::pdf::letterhead::of(state, &invoice.seller.firm).await;
    let (reminder, invoice) = (reminder.clone(), invoice.clone());
    tokio::task::spawn_blocking(move || crate::pdf::reminder::render_reminder(&reminder, &invoice, &firm))
        .await?
}
