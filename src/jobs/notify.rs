//! What the office is told by e-mail about a job: once per job, that its used amount has
//! reached the price estimate and the next entry waits for the § 7 contact
//! (håndverkertjenesteloven § 7 (2); the dashboard shows the same jobs).

use fagfolk_data::jobs::{Job, store};
use fagfolk_data::money;

use crate::state::AppState;

/// Tells the office that `job` has passed its estimate, when `who` wrote something that is
/// held for the § 7 contact; once per job (`jobs.estimate_told_at`), and only when e-mail
/// is set up. The e-mail goes in the background: the worker's answer does not wait for it.
pub async fn estimate_reached(state: &AppState, job: &Job, who: &str) {
    let Some(mailer) = state.notifier.clone() else { return };
    match store::mark_estimate_told(&state.db, job.id, state.clock.now()).await {
        Ok(true) => {}
        Ok(false) => return,
        Err(error) => {
            tracing::warn!(%error, job = %job.id, "kunne ikke merke varselet om prisoverslaget");
            return;
        }
    }
    let subject = format!("Oppdraget «{}» har passert prisoverslaget", job.title);
    let text = format!(
        "{who} har ført mer på oppdraget «{}» ({}) enn prisoverslaget på {} eks. MVA.\n\n\
         Det som er ført over prisoverslaget er lagret, men faktureres ikke før kontakten med \
         kunden er registrert på oppdragets side (håndverkertjenesteloven § 7). Kontakt kunden \
         nå. Prisen kan ikke bli mer enn 15 % over prisoverslaget.\n\n\
         Åpne oppdraget: {}/admin/oppdrag/{}\n",
        job.title,
        job.customer_name,
        money::kroner(job.budget),
        state.config.base_url(),
        job.id,
    );
    let (state, lead_id) = (state.clone(), job.lead_id);
    tokio::spawn(async move {
        if let Err(error) =
            crate::mail::send::send_staff(&state, &mailer, &subject, &text, lead_id, None).await
        {
            tracing::warn!(%error, "kunne ikke sende varselet om prisoverslaget");
        }
    });
}
