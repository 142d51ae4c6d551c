import {
  ADMIN_TEAM_MESSAGES,
  useEndpointMutation,
  type AdminInviteRow,
  type EndpointBody,
} from '@backoffice/shared-api';
import { useEditController } from '@backoffice/ui-kit/forms';

export interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
  roleId: string | undefined;
}

type InviteBody = EndpointBody<'inviteAdmin'>;

const NEW_INVITE: InviteValues = { email: '', firstName: '', lastName: '', roleId: undefined };

/** The names are the invitee's to give (they can change them when they accept): empty ones are not sent. */
function bodyOf(_initial: InviteValues, v: InviteValues): InviteBody {
  const firstName = v.firstName?.trim();
  const lastName = v.lastName?.trim();
  return {
    email: v.email.trim(),
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    // Required by the form's rule before a save runs.
    roleId: v.roleId!,
  };
}

/**
 * The invite dialog's form, on the one edit controller: one opening of the dialog, `close` ends it
 * once the server has sent the invitation. An email that already belongs to an admin comes back on
 * the email field.
 */
export function useInviteAdminForm(close: () => void) {
  const invite = useEndpointMutation('inviteAdmin');
  return useEditController<InviteValues, InviteBody, AdminInviteRow>({
    initial: NEW_INVITE,
    diff: bodyOf,
    save: async (body) => {
      const saved = await invite.mutateAsync({ body });
      return { ...saved, message: saved.message || ADMIN_TEAM_MESSAGES.invited(body.email) };
    },
    afterSave: close,
    conflictField: 'email',
  });
}
