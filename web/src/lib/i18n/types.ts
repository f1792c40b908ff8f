import type { nb } from './nb'

/** A text of the montør's screens, by its key in the bokmål catalogue (`./nb.ts`). */
export type Key = keyof typeof nb
/** A catalogue: every key of bokmål's, none other (`./index.tsx`). */
export type Messages = Record<Key, string>
