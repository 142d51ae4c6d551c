import { lazy, Suspense, useEffect, useState } from 'react';
import { setToastHandler, toast } from '@backoffice/shared-api/runtime';

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
    const release = setToastHandler((kind, message) => {
      // Give the toast back to the shared queue, which delivers it to the real bridge once it mounts.
      release();
      toast[kind](message);
      setWanted(true);
    });
    return release;
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToasts />
    </Suspense>
  ) : null;
}
