import { useEffect, useRef } from 'react';
import { ROUTES, type EndpointName } from '@backoffice/shared-api';
import { readUrl, rememberFirstRead } from '@backoffice/shared-api/runtime';
import { useLocation } from '@backoffice/ui-kit/router';

/**
 * Remembers what this address reads first (the query the screen opened with, once), so that the
 * next cold load of it starts that read with the page's HTML, before any of the screen's code has
 * arrived (shared-api earlyReads.ts); and, for a list whose pages are shown from the cache
 * (`cached`), puts it in the query cache then (prefetchFirstList), so that its first render has rows.
 */
export function useRememberFirstRead(endpoint: EndpointName, query: object, cached = false): void {
  const { pathname, search } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const params = query as Record<string, unknown>;
    const list = cached && ROUTES[endpoint].list ? { endpoint, query: params } : undefined;
    rememberFirstRead(pathname + search, readUrl(ROUTES[endpoint].path, params), list);
  });
}
