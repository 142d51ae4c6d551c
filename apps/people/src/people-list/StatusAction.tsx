import { Button, CheckOutlined, Space, StopOutlined, Tag } from '@backoffice/ui-kit';
import { useCan } from '@backoffice/shared-api/runtime';
import { isActive } from '../profile/profileFormat';

/**
 * The Activate/Deactivate action, for a role that may change people; an inactive user also gets an
 * "Inactive" tag beside it (the tag alone for a role that may only look).
 */
export function StatusAction({
  status,
  onToggle,
  busy = false,
  size = 'small',
}: {
  status: string;
  onToggle: () => void;
  busy?: boolean;
  size?: 'small' | 'middle';
}) {
  const active = isActive(status);
  const canChange = useCan('people.write');
  return (
    <Space size={4}>
      {canChange && (
        <Button
          type={size === 'small' ? 'link' : 'default'}
          size={size}
          danger={active}
          loading={busy}
          icon={active ? <StopOutlined aria-hidden /> : <CheckOutlined aria-hidden />}
          onClick={onToggle}
          style={size === 'small' ? { paddingInline: 0 } : undefined}
        >
          {active ? 'Deactivate' : 'Activate'}
        </Button>
      )}
      {!active && <Tag>Inactive</Tag>}
    </Space>
  );
}
