import { createRoutesFromElements, Route } from 'react-router-dom';
import {
  PERMISSIONS,
  ROUTES,
  type AdminInviteRow,
  type AdminRow,
  type AdminSessionRow,
  type EndpointName,
  type Permission,
  type RoleRow,
} from '@backoffice/shared-api';
import { session } from '@backoffice/shared-api/runtime';
import {
  ADMIN,
  bodyOf,
  listReply,
  ok,
  stubApi,
  type StubReply,
  type StubRequest,
} from '@backoffice/shared-api/testing';
import { renderRoutes } from '@backoffice/ui-kit/testing';
import type { ReactElement } from 'react';

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const OWNER_ROLE: RoleRow = {
  _id: ADMIN.role._id,
  key: 'owner',
  name: 'Owner',
  permissions: [...PERMISSIONS],
  requiresSecondFactor: true,
  adminCount: 2,
};
export const FINANCE_ROLE: RoleRow = {
  _id: id('10000000', 2),
  key: 'finance',
  name: 'Finance',
  permissions: ['dashboard.read', 'payments.read', 'payments.write', 'payments.export', 'payouts.decide'],
  requiresSecondFactor: true,
  adminCount: 1,
};
export const SUPPORT_ROLE: RoleRow = {
  _id: id('10000000', 3),
  key: 'support',
  name: 'Support',
  permissions: ['dashboard.read', 'people.read', 'people.write', 'calls.read', 'notifications.read'],
  requiresSecondFactor: false,
  adminCount: 3,
};
export const EMPTY_ROLE: RoleRow = {
  _id: id('10000000', 4),
  key: null,
  name: 'Trainee',
  permissions: [],
  requiresSecondFactor: false,
  adminCount: 0,
};
export const ROLES = [OWNER_ROLE, FINANCE_ROLE, SUPPORT_ROLE, EMPTY_ROLE];

const ref = (role: RoleRow) => ({ _id: role._id, name: role.name });

/** The signed-in test admin (an Owner) as the Admins list shows them. */
export const ME: AdminRow = {
  _id: ADMIN._id,
  firstName: ADMIN.firstName,
  lastName: ADMIN.lastName,
  email: ADMIN.email,
  role: ref(OWNER_ROLE),
  status: 'active',
  secondFactorEnabled: true,
  createdAt: '2026-01-01T09:00:00.000Z',
  lastActiveAt: '2026-03-02T10:00:00.000Z',
  invitedBy: null,
};

export const GRACE: AdminRow = {
  _id: id('20000000', 1),
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: ref(SUPPORT_ROLE),
  status: 'active',
  secondFactorEnabled: false,
  createdAt: '2026-02-01T09:00:00.000Z',
  lastActiveAt: null,
  invitedBy: { _id: ADMIN._id, firstName: ADMIN.firstName, lastName: ADMIN.lastName },
};

export const ALAN: AdminRow = {
  _id: id('20000000', 2),
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.com',
  role: ref(FINANCE_ROLE),
  status: 'inactive',
  secondFactorEnabled: true,
  createdAt: '2026-02-03T09:00:00.000Z',
  lastActiveAt: '2026-02-20T16:45:00.000Z',
  invitedBy: null,
};

export const INVITE: AdminInviteRow = {
  _id: id('30000000', 1),
  email: 'katherine@example.com',
  firstName: 'Katherine',
  lastName: '',
  role: ref(FINANCE_ROLE),
  invitedBy: { _id: ADMIN._id, firstName: ADMIN.firstName, lastName: ADMIN.lastName },
  createdAt: '2026-03-01T08:00:00.000Z',
  expiresAt: '2026-03-03T08:00:00.000Z',
  expired: false,
};

export const EXPIRED_INVITE: AdminInviteRow = {
  ...INVITE,
  _id: id('30000000', 2),
  email: 'dorothy@example.com',
  firstName: '',
  invitedBy: null,
  role: ref(SUPPORT_ROLE),
  expired: true,
};

export const sessionRow = (n: number, over: Partial<AdminSessionRow> = {}): AdminSessionRow => ({
  _id: id('40000000', n),
  browser: `Firefox 13${n} on Linux`,
  address: `203.0.113.${n}`,
  signedInAt: `2026-03-0${n}T09:00:00.000Z`,
  lastSeenAt: `2026-03-0${n}T09:30:00.000Z`,
  expiresAt: `2026-03-0${n + 1}T09:00:00.000Z`,
  current: false,
  ...over,
});

/** Signs the test admin in with a role that grants only `permissions`. */
export const signInWith = (permissions: Permission[]) =>
  session.signedIn({ ...ADMIN, role: { _id: EMPTY_ROLE._id, name: 'Limited' }, permissions });

export type Answer = (request: StubRequest) => StubReply | undefined;

/**
 * A fake API: the lists answer from `state`, read at each request (a test changes it as the server
 * would); an endpoint in `answers` answers as it says first (undefined: as usual), and any other
 * write is accepted.
 */
export function teamServer(
  state: { admins?: AdminRow[]; invites?: AdminInviteRow[]; roles?: RoleRow[]; sessions?: AdminSessionRow[] } = {},
  answers: Partial<Record<EndpointName, Answer>> = {},
) {
  const lists: Partial<Record<EndpointName, () => unknown[]>> = {
    getAdmins: () => state.admins ?? [ME, GRACE, ALAN],
    getAdminInvites: () => state.invites ?? [INVITE, EXPIRED_INVITE],
    getRoles: () => state.roles ?? ROLES,
    getAdminSessions: () => state.sessions ?? [sessionRow(1), sessionRow(2)],
    getSessions: () => state.sessions ?? [sessionRow(1, { current: true }), sessionRow(2)],
  };
  const byPath = new Map(Object.keys(ROUTES).map((name) => [ROUTES[name as EndpointName].path, name as EndpointName]));
  const requests = stubApi((config) => {
    const name = byPath.get(config.url);
    if (!name) return undefined;
    const answer = answers[name]?.(config);
    if (answer) return answer;
    const list = lists[name];
    return list ? listReply(list()) : ok(null, `${name} done`);
  });
  const called = (name: EndpointName) => requests.filter((r) => r.url === ROUTES[name].path);
  return {
    requests,
    /** What the screen asked `name` for (its query parameters), in order. */
    queries: (name: EndpointName) => called(name).map((r) => r.params),
    /** The calls of a write: method, query, body. */
    calls: (name: EndpointName) =>
      called(name).map((r) => ({ method: r.method, query: r.params ?? null, body: r.data ? bodyOf(r) : null })),
  };
}

/** A Setting screen at its route under /app, beside Setting and the other team screens. */
export function renderAt(entry: string, routes: Record<string, ReactElement>) {
  return renderRoutes(
    [entry],
    createRoutesFromElements(
      <Route path="/app">
        <Route index element={<p>Dashboard page</p>} />
        <Route path="setting" element={<p>Setting page</p>} />
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Route>,
    ),
  );
}
