import { useCallback, useState } from 'react';

/** One opening of a dialog: `seq` keys (remounts) it, so each opening starts clean. */
export interface DialogOpening<T> {
  seq: number;
  target: T;
  open: boolean;
}

/**
 * A dialog opened for a target (the record to edit, the version to stage): `open(target)` opens it
 * (a second click while it is open does not replace it), `close()` starts its closing animation, and
 * `closed()` (its afterClose) forgets it once the animation is over. Render it while `opening` is set,
 * keyed by `opening.seq`.
 */
export function useDialogOpening<T>() {
  const [opening, setOpening] = useState<DialogOpening<T>>();
  return {
    opening,
    open: useCallback(
      (target: T) => setOpening((o) => (o?.open ? o : { seq: (o?.seq ?? 0) + 1, target, open: true })),
      [],
    ),
    close: useCallback(() => setOpening((o) => o && { ...o, open: false }), []),
    closed: useCallback(() => setOpening((o) => (o?.open ? o : undefined)), []),
  };
}
