import { Suspense, type ComponentType, type ReactNode } from 'react';
import { retryingLazy } from './retryingLazy';

/**
 * The one lazy helper: a component whose code is fetched when it first renders, showing `fallback`
 * until then, and fetched again after a failed fetch (retryingLazy: React would keep the failure for
 * good). A failure reaches the nearest error boundary; the next mount (a Retry) fetches again.
 * `ready` says when the code is already here, so that the component renders at once, without the
 * fallback's frame (React holds a suspended boundary's reveal back).
 *
 * Drawn without antd: the hosts' route tables (the sign-in page's chunk) use it too.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
  ready?: () => ComponentType<P> | undefined,
): ComponentType<P> {
  const screen = retryingLazy(load);
  function LazyPage(props: P) {
    const Here = ready?.();
    if (Here) return <Here {...props} />;
    const Screen = screen();
    return (
      <Suspense fallback={fallback}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
