import { useEffect, useRef } from 'react';
import { ROUTES, type EndpointName } from '@backoffice/shared-api';
import { readUrl, rememberFirstRead } from '@backoffice/shared-api/runtime';
import { useLocation } from '@backoffice/ui-kit/router';

/**
 * Remembers what this address reads first (the query the screen opened with, once), so that the
 * next cold load of it starts that read with the page's HTML, before any of the screen's code has
 * arrived (shared-api earlyReads.ts).
 */
export function useRememberFirstRead(endpoint: EndpointName, query: object): void {
  const { pathname, search } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    rememberFirstRead(pathname + search, readUrl(ROUTES[endpoint].path, query as Record<string, unknown>));
  });
}
