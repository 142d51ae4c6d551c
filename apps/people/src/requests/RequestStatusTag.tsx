import { Tag } from '@backoffice/ui-kit';
import type { DecisionStatus } from '@backoffice/shared-api';

export const STATUS_LABELS: Record<DecisionStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const STATUS_COLORS: Record<DecisionStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function RequestStatusTag({ status }: { status: DecisionStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>;
}

/** Either part may be empty on an incomplete profile; no stray space then. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
