import {
  ADMIN_SORTS,
  ADMIN_STATUSES,
  isUuid,
  useEndpointList,
  type AdminRow,
  type AdminSort,
  type AdminStatus,
  type EndpointQuery,
} from '@backoffice/shared-api';
import { useAuthUser, useCan } from '@backoffice/shared-api/runtime';
import { useDialogOpening, useListController, type BaseListQuery } from '@backoffice/ui-kit';

export const ADMINS_PAGE_SIZE = 10;

/** The URL parameters of the filters. */
export const ADMIN_FILTERS = { status: 'status', role: 'roleId' } as const;

// Module-level so the reference is stable: useListController memoises on it.
const FILTER_KEYS = Object.values(ADMIN_FILTERS);

const isStatus = (v: string | undefined): v is AdminStatus => (ADMIN_STATUSES as readonly string[]).includes(v ?? '');

/** The list's filters from the URL as the server takes them: a hand-edited status or role id is no filter. */
export function toAdminsQuery(
  base: BaseListQuery<AdminSort>,
  filters: Partial<Record<string, string>>,
): EndpointQuery<'getAdmins'> {
  const status = filters[ADMIN_FILTERS.status];
  const roleId = filters[ADMIN_FILTERS.role];
  return { ...base, status: isStatus(status) ? status : undefined, roleId: isUuid(roleId) ? roleId : undefined };
}

/** What a row's action opens: the role form or the admin's sessions; or the invite form. */
export type AdminDialog =
  { kind: 'invite' } | { kind: 'role'; admin: AdminRow } | { kind: 'sessions'; admin: AdminRow };

/**
 * Setting → Admins' logic: the URL's page, sort, search and filters in, the page of admins out,
 * with the roles (for the role filter and the role form) and whether this admin may manage the
 * team. Another admin's change shows at once: the adminsChanged event refreshes the 'admins' resource.
 */
export function useAdminsController() {
  const list = useListController({
    endpoint: 'getAdmins',
    sorts: ADMIN_SORTS,
    defaultSort: 'createdAt',
    filterKeys: FILTER_KEYS,
    pageSize: ADMINS_PAGE_SIZE,
    toQuery: toAdminsQuery,
  });
  const roles = useEndpointList('getRoles', {});
  const canManage = useCan('admins.manage');
  const selfId = useAuthUser()?._id;
  const dialog = useDialogOpening<AdminDialog>();
  const q = list.query;

  return {
    ...list,
    roles: roles.data?.data ?? [],
    canManage,
    /** The server refuses most of these on one's own account: that row offers none of them. */
    isSelf: (admin: AdminRow) => admin._id === selfId,
    status: q.status,
    roleId: q.roleId,
    setStatus: (status: string | undefined) => list.setFilter(ADMIN_FILTERS.status, status),
    setRole: (roleId: string | undefined) => list.setFilter(ADMIN_FILTERS.role, roleId),
    hasFilters: !!(q.status || q.roleId),
    clearFilters: () => list.setFilters({ [ADMIN_FILTERS.status]: undefined, [ADMIN_FILTERS.role]: undefined }),
    dialog: dialog.opening,
    openDialog: dialog.open,
    closeDialog: dialog.close,
    dialogClosed: dialog.closed,
  };
}
