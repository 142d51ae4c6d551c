import { DECISION_STATUS_FILTERS, type DecisionStatusFilter } from '../constants/lists';
import type { DecisionStatus } from '../constants/enums';

/**
 * Pending requests are the work waiting for an admin, so a bare link opens on them, and so does a
 * value the server would refuse (a hand-edited URL).
 */
export function decisionStatusFilterOf(value: string | undefined): DecisionStatusFilter {
  return (DECISION_STATUS_FILTERS as readonly (string | undefined)[]).includes(value)
    ? (value as DecisionStatusFilter)
    : 'pending';
}

/** What the list asks the server for: one status, or none for 'all'. */
export const decisionStatusOf = (filter: DecisionStatusFilter): DecisionStatus | undefined =>
  filter === 'all' ? undefined : filter;
