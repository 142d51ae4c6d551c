import { lazy, type ComponentType } from 'react';

/**
 * React's lazy, fetched again after a failed fetch (the network, a release in between): React keeps
 * a lazy component's failure for good, so a failed one is replaced. Returns the component to render
 * now: read it at render outside the Suspense boundary around it (inside, React would render the
 * replacement at once and a failure would never reach the error boundary), so that the failure
 * shows, and the next mount (a Retry, the next confirmation) fetches again.
 */
export function retryingLazy<P extends object>(load: () => Promise<ComponentType<P>>): () => ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = fresh();
          throw error;
        },
      ),
    );
  let current: ComponentType<P> = fresh();
  return () => current;
}
