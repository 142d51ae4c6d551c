import { useCallback, type ReactNode } from 'react';
import { Link } from '@backoffice/ui-kit/router';
import { ErrorState, useLinkTo } from '@backoffice/ui-kit';
import { AUTH_MESSAGES, noAccessTo } from '@backoffice/shared-api';
import { can, useAuthUser, useCan } from '@backoffice/shared-api/runtime';
import { screenAt } from './menu';
import { baseOf, useBase } from './useBase';

/**
 * The screen at the URL when the admin's role opens it (a record's page included: editing a fan
 * needs more than seeing one), else a page that says so. A bookmark or a pasted link to a screen the
 * menu does not offer lands here instead of on a screen whose every call the server refuses.
 */
export function ScreenAccess({ children }: { children: ReactNode }) {
  const { pathUnderBase } = useBase();
  const screen = screenAt(pathUnderBase);
  const allowed = useCan(screen?.permission ?? 'self');
  const link = useLinkTo();
  if (!screen || allowed) return children;
  return (
    <ErrorState
      title={noAccessTo(screen.title)}
      message={`${AUTH_MESSAGES.noPermission} An Owner can give your role access in Setting → Roles.`}
      action={<Link to={link('dashboard')}>Back to the dashboard</Link>}
    />
  );
}

/**
 * Whether a link inside the app leads to a screen the admin's role opens: a dashboard card or a
 * "View all" of a screen they cannot open is shown without the link.
 */
export function useCanOpen(): (to: string) => boolean {
  const user = useAuthUser();
  return useCallback(
    (to: string) => {
      const screen = screenAt(baseOf(to.split(/[?#]/)[0] ?? '').pathUnderBase);
      return !screen || can(screen.permission, user);
    },
    [user],
  );
}
