import { Alert, Button, Flex, Input, Switch } from '@backoffice/ui-kit';
import { Form, FormErrorAlert, Modal } from '@backoffice/ui-kit/forms';
import { ROLE_LIMITS } from '@backoffice/shared-api';
import { PermissionChecklist } from './PermissionChecklist';
import { ROLE_NAME_RULES, useRoleForm, type RoleTarget, type RoleValues } from './useRoleForm';

export interface RoleFormDialogProps {
  target: RoleTarget;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Creates or edits a role: its name, what it grants, and whether its admins need a second factor.
 * Mount one per opening (a new `key`): the form then starts from the role as the list shows it.
 */
export function RoleFormDialog({ target, open, onClose, afterClose }: RoleFormDialogProps) {
  const f = useRoleForm(target, onClose);
  const title = target.mode === 'add' ? 'New role' : `Edit role ${target.role.name}`;
  return (
    <Modal
      open={open}
      title={title}
      width={640}
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
            Save
          </Button>
        </Flex>
      }
    >
      <Form<RoleValues> {...f.formProps} layout="vertical" name="role" disabled={f.saving}>
        <FormErrorAlert what="role" error={f.formError} onClose={f.clearFormError} />
        <Form.Item name="name" label="Name" rules={ROLE_NAME_RULES}>
          <Input maxLength={ROLE_LIMITS.nameMax} autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item
          name="requiresSecondFactor"
          label="Needs a second factor"
          valuePropName="checked"
          extra="Admins with this role set up two-factor sign-in before they can do anything else."
        >
          <Switch />
        </Form.Item>
        {f.ownerRole ? (
          <Alert type="info" showIcon title="Every permission" description="The Owner role always has them all." />
        ) : (
          <Form.Item name="permissions">
            <PermissionChecklist />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
