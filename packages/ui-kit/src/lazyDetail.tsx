import type { ComponentType } from 'react';
import { DetailLoading } from './DetailLoadState';
import { lazyPage } from './lazyScreen';

/**
 * A screen of an area that is fetched when first opened, not with the area's list: a record's view,
 * edit or add page, which draws antd's form fields (`./forms`), so that landing on the list fetches
 * neither their code nor that singleton. Until it is here, the detail screens' loader holds its place.
 *
 *   const FanEdit = lazyScreen(() => import('./FanEdit').then((m) => m.FanEdit));
 */
export const lazyScreen = <P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> =>
  lazyPage(load, <DetailLoading />);
