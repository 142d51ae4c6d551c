import { lazy, Suspense, useEffect, useState } from 'react';
import { setToastHandler, toast, type ToastKind } from '@backoffice/shared-api/runtime';

const ThemedToasts = lazy(() => import('./Toasts'));

/**
 * The page's toasts, fetched with antd when the first one is raised, not before: the sign-in page
 * usually shows none and loads no antd. Rendered by the page's root beside the router, so that a
 * toast outlives the route that raised it (a failed session check, then the sign-in page).
 */
export function LazyToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    // Toasts queued before this mounts arrive while the handler is being set, before its release
    // exists: they are kept and given back once it does.
    const early: Array<[ToastKind, string]> = [];
    let release: (() => void) | null = null;
    const giveBack = (kind: ToastKind, message: string) => {
      // Back to the shared queue, which delivers it to the real bridge once it mounts.
      release?.();
      toast[kind](message);
      setWanted(true);
    };
    release = setToastHandler((kind, message) => (release ? giveBack(kind, message) : early.push([kind, message])));
    for (const [kind, message] of early) giveBack(kind, message);
    return release;
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToasts />
    </Suspense>
  ) : null;
}
