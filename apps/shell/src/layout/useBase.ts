import { useLocation } from '@backoffice/ui-kit/router';

/** Every route is served under /app and at the root: which base `pathname` is on, and the path under it. */
export function baseOf(pathname: string): { base: '/app' | ''; pathUnderBase: string } {
  const onApp = pathname === '/app' || pathname.startsWith('/app/');
  return { base: onApp ? '/app' : '', pathUnderBase: onApp ? pathname.slice(4) : pathname };
}

/** Links keep to the base the admin is on. */
export function useBase(): { base: '/app' | ''; pathUnderBase: string } {
  return baseOf(useLocation().pathname);
}
