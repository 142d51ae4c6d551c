import { Button, Flex, Input, Typography } from '@backoffice/ui-kit';
import { Form, FormErrorAlert, Modal, PROFILE_RULES, Select, maxCharsRule } from '@backoffice/ui-kit/forms';
import { INVITE_TTL_HOURS, type RoleRow } from '@backoffice/shared-api';
import { PROFILE_LIMITS } from '@backoffice/shared-api/profile';
import { useInviteAdminForm, type InviteValues } from './useInviteAdminForm';

const NAME_RULES = [maxCharsRule(PROFILE_LIMITS.nameMax)];
const trimmed = (value: string | undefined) => value?.trim();

export interface InviteAdminDialogProps {
  roles: RoleRow[];
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Invites an admin by email with a role: the server emails a single-use link to choose a password.
 * Mount one per opening (a new `key`): the form then starts empty.
 */
export function InviteAdminDialog({ roles, open, onClose, afterClose }: InviteAdminDialogProps) {
  const f = useInviteAdminForm(onClose);
  return (
    <Modal
      open={open}
      title="Invite admin"
      onCancel={() => {
        if (!f.saving) onClose();
      }}
      afterClose={afterClose}
      mask={{ closable: false }}
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={onClose} disabled={f.saving}>
            Cancel
          </Button>
          <Button type="primary" loading={f.saving} onClick={() => f.form.submit()}>
            Send invitation
          </Button>
        </Flex>
      }
    >
      <Form<InviteValues> {...f.formProps} layout="vertical" name="invite-admin" disabled={f.saving}>
        <FormErrorAlert what="invitation" error={f.formError} onClose={f.clearFormError} />
        {/* No email has spaces: a pasted one's are dropped as it arrives, not refused. */}
        <Form.Item name="email" label="Email" rules={PROFILE_RULES.email} normalize={trimmed}>
          <Input maxLength={PROFILE_LIMITS.emailMax} inputMode="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Flex gap="middle" wrap>
          <Form.Item name="firstName" label="First name (optional)" rules={NAME_RULES} style={{ flex: 1 }}>
            <Input maxLength={PROFILE_LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
          <Form.Item name="lastName" label="Last name (optional)" rules={NAME_RULES} style={{ flex: 1 }}>
            <Input maxLength={PROFILE_LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item name="roleId" label="Role" rules={[{ required: true, message: 'Choose a role.' }]}>
          <Select<string> options={roles.map((r) => ({ value: r._id, label: r.name }))} placeholder="Choose a role" />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          The link in the email works once, for {INVITE_TTL_HOURS} hours. The invitee chooses their password and can
          correct their name.
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
