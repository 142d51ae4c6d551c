import { Alert, Button, Flex } from '@backoffice/ui-kit';
import { Form, FormErrorAlert, Modal, Select } from '@backoffice/ui-kit/forms';
import type { AdminRow, RoleRow } from '@backoffice/shared-api';
import { adminName } from './adminName';
import { useChangeRoleForm, type RoleChoice } from './useChangeRoleForm';

export interface ChangeRoleDialogProps {
  admin: AdminRow;
  roles: RoleRow[];
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Gives an admin another role. Their open tabs follow at once; a role that needs a second factor
 * takes an admin without one to set it up at their next sign-in, which the dialog says beforehand.
 */
export function ChangeRoleDialog({ admin, roles, open, onClose, afterClose }: ChangeRoleDialogProps) {
  const f = useChangeRoleForm(admin, onClose);
  const chosenId = Form.useWatch('roleId', f.form);
  const chosen = roles.find((r) => r._id === chosenId);
  const needsEnrolment = chosen?.requiresSecondFactor && !admin.secondFactorEnabled && chosenId !== admin.role._id;
  const name = adminName(admin);
  return (
    <Modal
      open={open}
      title={`Change the role of ${name}`}
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
            Change role
          </Button>
        </Flex>
      }
    >
      <Form<RoleChoice> {...f.formProps} layout="vertical" name="change-role" disabled={f.saving}>
        <FormErrorAlert what="role" error={f.formError} onClose={f.clearFormError} />
        <Form.Item name="roleId" label="Role" rules={[{ required: true, message: 'Choose a role.' }]}>
          <Select<string> options={roles.map((r) => ({ value: r._id, label: r.name }))} />
        </Form.Item>
        {needsEnrolment && (
          <Alert
            type="info"
            showIcon
            title={`${chosen.name} needs a second factor`}
            description={`${name} will set up two-factor sign-in at their next sign-in.`}
          />
        )}
      </Form>
    </Modal>
  );
}
