import { Suspense, lazy, type ComponentType } from 'react';
import { DetailLoading } from './DetailLoadState';

/**
 * A screen of an area that is fetched when first opened, not with the area's list: a record's view,
 * edit or add page, which draws antd's form fields (`./forms`), so that landing on the list fetches
 * neither their code nor that singleton. Until it is here, the detail screens' loader holds its place.
 *
 *   const FanEdit = lazyScreen(() => import('./FanEdit').then((m) => m.FanEdit));
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  function LazyScreen(props: P) {
    return (
      <Suspense fallback={<DetailLoading />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
