/** A dialog's buttons, kept in sight at the bottom of a short phone's screen (375 x 667):
 * the dialog scrolls, its last row stays. */
export const STICKY_FOOTER = 'sticky bottom-0 z-10 -mx-6 -mb-6 flex flex-wrap gap-2 border-t border-border bg-card px-6 py-3'
