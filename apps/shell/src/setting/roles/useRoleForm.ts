import {
  ADMIN_TEAM_MESSAGES,
  ROLE_LIMITS,
  useEndpointMutation,
  type EndpointBody,
  type Permission,
  type RoleRow,
} from '@backoffice/shared-api';
import { maxCharsRule, useEditController, type FormRule } from '@backoffice/ui-kit/forms';

export interface RoleValues {
  name: string;
  permissions: Permission[];
  requiresSecondFactor: boolean;
}

/** What the form is for: a new role, or one of the list's. */
export type RoleTarget = { mode: 'add' } | { mode: 'edit'; role: RoleRow };

type RoleBody = EndpointBody<'createRole'>;

/** The seeded Owner role: the server keeps every permission on it, so the form does not offer them. */
export const isOwnerRole = (role: Pick<RoleRow, 'key'>) => role.key === 'owner';

export const ROLE_NAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: 'Enter the role name.' },
  maxCharsRule(ROLE_LIMITS.nameMax),
];

// Least privilege: a new role starts with nothing granted.
const NEW_ROLE: RoleValues = { name: '', permissions: [], requiresSecondFactor: false };

const valuesOf = (role: RoleRow): RoleValues => ({
  name: role.name,
  permissions: [...role.permissions],
  requiresSecondFactor: role.requiresSecondFactor,
});

const bodyOf = (values: RoleValues): RoleBody => ({
  name: values.name.trim(),
  permissions: values.permissions,
  requiresSecondFactor: values.requiresSecondFactor,
});

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p) => b.includes(p));

/** An update replaces the role whole (PUT), so any change sends all of it; no change sends nothing. */
function changedRole(initial: RoleValues, current: RoleValues): RoleBody | null {
  const body = bodyOf(current);
  const unchanged =
    body.name === initial.name &&
    body.requiresSecondFactor === initial.requiresSecondFactor &&
    sameSet(body.permissions, initial.permissions);
  return unchanged ? null : body;
}

/**
 * The new-role and edit-role dialog's form, on the one edit controller; it lives as long as one
 * opening of the dialog, and `close` ends it after a save (or a save with nothing to send). A name
 * another role has comes back on the name field.
 */
export function useRoleForm(target: RoleTarget, close: () => void) {
  const adding = target.mode === 'add';
  const create = useEndpointMutation('createRole');
  const update = useEndpointMutation('updateRole');
  const edit = useEditController<RoleValues, RoleBody, RoleRow>({
    initial: adding ? NEW_ROLE : valuesOf(target.role),
    diff: adding ? (_initial, current) => bodyOf(current) : changedRole,
    save: (body) =>
      adding ? create.mutateAsync({ body }) : update.mutateAsync({ query: { id: target.role._id }, body }),
    afterSave: close,
    unchanged: close,
    savedMessage: adding ? ADMIN_TEAM_MESSAGES.roleCreated : ADMIN_TEAM_MESSAGES.roleUpdated,
    conflictField: 'name',
  });
  return { ...edit, adding, ownerRole: !adding && isOwnerRole(target.role) };
}
