import { Tag } from '@backoffice/ui-kit/antd';
import { DECISION_STATUS_LABELS, type DecisionStatus } from '@backoffice/shared-api';

const COLORS: Record<DecisionStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** A request's or payout request's status, in the same words and colours on every screen. */
export function DecisionStatusTag({ status }: { status: DecisionStatus }) {
  return <Tag color={COLORS[status]}>{DECISION_STATUS_LABELS[status]}</Tag>;
}
