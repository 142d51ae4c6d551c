import {
  DECISION_STATUS_FILTERS,
  DECISION_STATUS_LABELS,
  decisionStatusFilterOf,
  decisionStatusOf,
  type DecisionStatus,
  type DecisionStatusFilter as DecisionStatusFilterValue,
} from '@backoffice/shared-api';
import { Segmented } from '@backoffice/ui-kit/antd-on-demand';

const OPTIONS = DECISION_STATUS_FILTERS.map((value) => ({ value, label: DECISION_STATUS_LABELS[value] }));

/** The URL key of the decision-status filter; pass it in a list's `filterKeys`. */
export const DECISION_STATUS_FILTER_KEY = 'status';

/** The status a list asks the server for, from its URL filters (Pending when none: the default). */
export function decisionStatusQueryOf(filters: Record<string, string | undefined>): DecisionStatus | undefined {
  return decisionStatusOf(decisionStatusFilterOf(filters[DECISION_STATUS_FILTER_KEY]));
}

/**
 * The decision-status filter of the lists of decisions (influencer requests, payout requests): the
 * status in effect, and how to change it; the default (Pending) stays out of the URL, as every
 * default does.
 */
export function useDecisionStatusFilter(list: {
  filters: Record<string, string | undefined>;
  setFilter: (key: string, value: string | undefined) => void;
}) {
  return {
    status: decisionStatusFilterOf(list.filters[DECISION_STATUS_FILTER_KEY]),
    setStatus: (next: DecisionStatusFilterValue) =>
      list.setFilter(DECISION_STATUS_FILTER_KEY, next === 'pending' ? undefined : next),
  };
}

/** Pending, Approved, Rejected, All: one segmented control, named for screen readers by `label`. */
export function DecisionStatusFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DecisionStatusFilterValue;
  onChange: (next: DecisionStatusFilterValue) => void;
}) {
  // In a div: a stretching parent (a list's toolbar) would otherwise draw it across the whole row.
  return (
    <div>
      <Segmented<DecisionStatusFilterValue> aria-label={label} options={OPTIONS} value={value} onChange={onChange} />
    </div>
  );
}
