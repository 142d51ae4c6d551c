import { Suspense, lazy, type ComponentType } from 'react';
import { DetailLoading } from './DetailLoadState';

/**
 * A screen of an area that is fetched when first opened, not with the area's list: a record's view,
 * edit or add page, which draws antd's form fields (`./forms`), so that landing on the list fetches
 * neither their code nor that singleton. Until it is here, the detail screens' loader holds its place.
 *
 *   const FanEdit = lazyScreen(() => import('./FanEdit').then((m) => m.FanEdit));
 *
 * A failed fetch (the network, a release in between) reaches the nearest error boundary, as any
 * failure does, and is fetched again the next time the screen mounts (the shell's Retry remounts
 * it): React keeps a lazy component's failure for good, so a failed one is replaced.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Screen = fresh();
          throw error;
        },
      ),
    );
  let Screen = fresh();
  function LazyScreen(props: P) {
    const Current = Screen;
    return (
      <Suspense fallback={<DetailLoading />}>
        <Current {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
