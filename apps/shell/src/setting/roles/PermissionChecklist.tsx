import { useId } from 'react';
import { Flex, Typography, theme } from '@backoffice/ui-kit';
import { Checkbox } from '@backoffice/ui-kit/forms';
import { PERMISSION_LABELS, type Permission } from '@backoffice/shared-api';
import { PERMISSION_GROUPS, withPrerequisites } from './permissionGroups';

/**
 * A role's permissions as a form control (antd's Form.Item gives `value` and `onChange`): one
 * checkbox per permission in its group, each group a fieldset named by its legend. Ticking one
 * that changes something ticks the one that shows it (withPrerequisites).
 */
export function PermissionChecklist({
  value = [],
  onChange,
  disabled,
}: {
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
  disabled?: boolean;
}) {
  const { token } = theme.useToken();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <Typography.Text strong id={headingId}>
        Permissions
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: `0 0 ${token.marginXS}px` }}>
        Ticking a permission that changes something also ticks the one that shows it.
      </Typography.Paragraph>
      <Checkbox.Group<Permission>
        value={value}
        onChange={(next) => onChange?.(withPrerequisites(next, value))}
        disabled={disabled}
        style={{ display: 'block' }}
      >
        <Flex vertical gap={token.marginSM}>
          {PERMISSION_GROUPS.map((group) => (
            <fieldset key={group.title} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <legend style={{ padding: 0, marginBottom: token.marginXXS, color: token.colorTextSecondary }}>
                {group.title}
              </legend>
              <Flex vertical gap={token.marginXXS}>
                {group.permissions.map((p) => (
                  <Checkbox key={p} value={p}>
                    {PERMISSION_LABELS[p]}
                  </Checkbox>
                ))}
              </Flex>
            </fieldset>
          ))}
        </Flex>
      </Checkbox.Group>
    </div>
  );
}
