import { useLocation } from '@backoffice/ui-kit/router';

/** Every route is served under /app and at the root; links keep to the base the admin is on. */
export function useBase(): { base: '/app' | ''; pathUnderBase: string } {
  const { pathname } = useLocation();
  const onApp = pathname === '/app' || pathname.startsWith('/app/');
  return { base: onApp ? '/app' : '', pathUnderBase: onApp ? pathname.slice(4) : pathname };
}
