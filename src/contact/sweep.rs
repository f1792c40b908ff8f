//! The sweep of the contact form's photos (`super::photos`): a photo no enquiry claimed
//! within `FAGFOLK_PHOTO_ORPHAN_SECS` of its upload (the visitor left, or the server
//! stopped between the upload and the enquiry), and one discarded by an erasure or the
//! retention rule, is removed with its files. Each is first taken (marked discarded by
//! one conditional update, so no enquiry can claim it after), then its files go, then its
//! row: a sweep cut off half-way leaves a row the next sweep finishes, never a file
//! without a row.

use std::time::Duration;

use fagfolk_data::contact::store::photos as store;

use crate::state::AppState;

/// Removes what is due now; answers how many photos went.
pub async fn sweep(state: &AppState) -> Result<usize, sqlx::Error> {
    let before = state.clock.now()
        - chrono::Duration::from_std(state.config.photo_orphan_after)
            .unwrap_or_else(|_| chrono::Duration::hours(1));
    let mut removed = 0;
    for id in store::sweepable(&state.db, before).await? {
        if !store::take_for_sweep(&state.db, id, before).await? {
            continue;
        }
        let mut gone = true;
        for thumb in [false, true] {
            if let Err(err) = state.storage.delete(&super::photos::key(id, thumb)).await {
                tracing::warn!(error = %err, %id, "kunne ikke slette bildet; prøver igjen ved neste opprydding");
                gone = false;
            }
        }
        if gone {
            store::delete_swept(&state.db, id).await?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// Sweeps every `FAGFOLK_PHOTO_SWEEP_SECS` for as long as the server runs (the first
/// sweep at start-up, which finishes what a stopped server left).
pub async fn keep_sweeping(state: AppState) {
    let mut every = tokio::time::interval(state.config.photo_sweep_every.max(Duration::from_secs(1)));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        match sweep(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(photos = n, "bilder ingen henvendelse fikk, er slettet"),
            Err(err) => tracing::warn!(error = %err, "kunne ikke rydde i bildene fra kontaktskjemaet"),
        }
    }
}
