import { useMemo } from 'react';
import { REDEMPTION_SORTS } from '@backoffice/shared-api';
import { useListController } from '@backoffice/ui-kit';
import { withRedemptionDefaults } from '../redemption-history/redemptionRecord';
import { REDEMPTION_PAGE_SIZE } from '../redemption-history/useRedemptionHistoryController';

/**
 * One code's redemptions on its view: the redemption list narrowed by the code's id (filterValue),
 * with its page and sort in the view's URL so that Back returns to the same page.
 */
export function useCodeRedemptionsController(codeId: string) {
  const list = useListController({
    endpoint: 'getAllRedemptions',
    sorts: REDEMPTION_SORTS,
    defaultSort: 'createdAt',
    pageSize: REDEMPTION_PAGE_SIZE,
    // The view has no search box: a `search` left in its URL must not hide redemptions unexplained.
    toQuery: (base) => ({ ...base, search: undefined, filterValue: codeId }),
  });
  const rows = useMemo(() => list.rows?.map(withRedemptionDefaults), [list.rows]);
  return { ...list, rows };
}
