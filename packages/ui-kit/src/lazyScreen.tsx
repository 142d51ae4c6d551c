import { Suspense, type ComponentType } from 'react';
import { DetailLoading } from './DetailLoadState';
import { retryingLazy } from './retryingLazy';

/**
 * A screen of an area that is fetched when first opened, not with the area's list: a record's view,
 * edit or add page, which draws antd's form fields (`./forms`), so that landing on the list fetches
 * neither their code nor that singleton. Until it is here, the detail screens' loader holds its place.
 *
 *   const FanEdit = lazyScreen(() => import('./FanEdit').then((m) => m.FanEdit));
 *
 * A failed fetch reaches the nearest error boundary, as any failure does, and is fetched again the
 * next time the screen mounts (the shell's Retry remounts it): see retryingLazy.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const screen = retryingLazy(load);
  function LazyScreen(props: P) {
    const Screen = screen();
    return (
      <Suspense fallback={<DetailLoading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
