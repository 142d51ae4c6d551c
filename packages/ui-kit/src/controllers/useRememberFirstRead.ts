import { useEffect, useRef } from 'react';
import { LIST_ENDPOINTS, ROUTES, type EndpointName } from '@backoffice/shared-api';
import { readUrl, rememberFirstList, rememberFirstRead } from '@backoffice/shared-api/runtime';
import { useLocation } from '@backoffice/ui-kit/router';

/**
 * Remembers what this address reads first (the query the screen opened with, once), so that the
 * next cold load of it starts that read with the page's HTML, before any of the screen's code has
 * arrived (shared-api earlyReads.ts).
 */
export function useRememberFirstRead(endpoint: EndpointName, query: object): void {
  useRememberFirst(endpoint, query, false);
}

/**
 * The same, and for a list whose pages are shown from the cache (`asList`), its endpoint and query
 * too: the next cold load then puts that page in the query cache (prefetchFirstList), so that the
 * list's first render has its rows (useListController).
 */
export function useRememberFirst(endpoint: EndpointName, query: object, asList: boolean): void {
  const { pathname, search } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const params = query as Record<string, unknown>;
    const url = readUrl(ROUTES[endpoint].path, params);
    if (asList && LIST_ENDPOINTS.includes(endpoint))
      rememberFirstList(pathname + search, url, { endpoint, query: params });
    else rememberFirstRead(pathname + search, url);
  });
}
