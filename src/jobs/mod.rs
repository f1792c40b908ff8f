//! Oppdrag (jobs): the office's job routes (`routes`), the material lines (`materials`)
//! and their receipts' photos (`receipts`), the workers' hours (`time`), the
//! month's time sheet as a file (`sheet`), tilleggsarbeid (`changes`), the office's e-mail
//! when an estimate is reached (`notify`), who may reach a job (`access`), and where its
//! customer is e-mailed (`customer_email`). The records and the meter are in
//! `fagfolk_data::jobs`.

pub use fagfolk_data::jobs::*;

pub mod access;
pub mod changes;
pub mod materials;
pub mod notify;
pub mod receipts;
pub mod routes;
pub mod sheet;
pub mod time;

/// The customer's e-mail address for `job`: the accepted quote's, else the lead's.
pub async fn customer_email(state: &crate::state::AppState, job: &Job) -> Option<String> {
    if let Some(quote) = job.quote_id {
        let quote = fagfolk_data::quotes::store::get(&state.db, quote).await.ok().flatten();
        if let Some(email) = quote.and_then(|quote| quote.customer_email) {
            return Some(email);
        }
    }
    let lead = fagfolk_data::leads::store::get(&state.db, job.lead_id?).await.ok().flatten()?;
    lead.email.filter(|email| !email.trim().is_empty())
}
