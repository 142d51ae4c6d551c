import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@backoffice/ui-kit/router';

export interface UrlListState<S extends string> {
  page: number;
  search: string;
  sortBy: S;
  sortOrder: 'asc' | 'desc';
  filters: Record<string, string>;
}

export interface UrlListDefaults<S extends string> {
  sortBy: S;
  sortOrder?: 'asc' | 'desc';
  /** Extra query parameters the list keeps in the URL (status, type, dates…). */
  filterKeys?: readonly string[];
}

/**
 * A list's page, sort, search and filters live in the URL, so a reload, a shared link and the Back
 * button all restore them. Defaults are left out of the URL to keep links short.
 */
export function useUrlListState<S extends string>(defaults: UrlListDefaults<S>) {
  const [params, setParams] = useSearchParams();
  const defaultOrder = defaults.sortOrder ?? 'desc';
  const filterKeys = defaults.filterKeys;

  const state = useMemo<UrlListState<S>>(() => {
    const page = Number(params.get('page'));
    const order = params.get('sortOrder');
    return {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      search: params.get('search') ?? '',
      sortBy: (params.get('sortBy') as S | null) ?? defaults.sortBy,
      sortOrder: order === 'asc' || order === 'desc' ? order : defaultOrder,
      filters: Object.fromEntries((filterKeys ?? []).flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))),
    };
  }, [params, defaults.sortBy, defaultOrder, filterKeys]);

  const update = useCallback(
    (changes: Partial<Record<string, string | number | undefined>>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            value === undefined ||
            value === '' ||
            (key === 'page' && Number(value) === 1) ||
            (key === 'sortBy' && value === defaults.sortBy) ||
            (key === 'sortOrder' && value === defaultOrder);
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams, defaults.sortBy, defaultOrder],
  );

  return {
    ...state,
    setPage: (page: number) => update({ page }),
    // A new search, sort or filter starts again from page 1.
    setSearch: (search: string) => update({ search, page: 1 }),
    setSort: (sortBy: string, sortOrder: 'asc' | 'desc') => update({ sortBy, sortOrder, page: 1 }),
    setFilter: (key: string, value: string | undefined) => update({ [key]: value, page: 1 }),
    /** Several filters in one URL change (a "Clear filters"), where separate calls would undo each other. */
    setFilters: (changes: Record<string, string | undefined>) => update({ ...changes, page: 1 }),
  };
}
