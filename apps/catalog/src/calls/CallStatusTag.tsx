import { CALL_STATUS_COLORS, type CallStatus } from '@backoffice/shared-api';
import { Tag } from '@backoffice/ui-kit';

export function CallStatusTag({ status }: { status: CallStatus }) {
  return <Tag color={CALL_STATUS_COLORS[status] ?? 'default'}>{status}</Tag>;
}
