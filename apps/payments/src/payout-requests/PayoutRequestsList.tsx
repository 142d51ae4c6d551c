import { Alert, ListScreen, SearchBox, type DataTableColumn } from '@backoffice/ui-kit';
import { DecisionStatusFilter } from '@backoffice/ui-kit/forms';
import type { PayoutRequestRow } from '@backoffice/shared-api';
import { paymentColumns } from '../payment-list/paymentColumns';
import { PayoutDecisionCell, focusDecisionOf } from './PayoutDecisionCell';
import { PayoutDecisionDialog } from './PayoutDecisionDialog';
import { usePayoutRequestsListController } from './usePayoutRequestsListController';

const PAYMENT_COLUMNS = paymentColumns<PayoutRequestRow>('Payout Amount');

/** Payout requests (spec section 2, payout list): the payment list's columns plus the decision. */
export function PayoutRequestsList() {
  const list = usePayoutRequestsListController();
  const decision = list.decision;
  const columns: Array<DataTableColumn<PayoutRequestRow>> = [
    ...PAYMENT_COLUMNS,
    {
      key: 'action',
      title: 'Action',
      stickyRight: true,
      render: (r) => <PayoutDecisionCell row={r} onApprove={decision.approve} onReject={decision.reject} />,
    },
  ];

  return (
    <ListScreen<PayoutRequestRow>
      title="Payout requests"
      list={list}
      columns={columns}
      rowKey={(r) => r._id}
      errorTitle="Payout requests could not be loaded"
      extra={
        <SearchBox placeholder="Search by influencer name or email" value={list.search} onSearch={list.setSearch} />
      }
      toolbar={
        // The status filter has a row of its own: beside the title and the search it crowds the header.
        <>
          <DecisionStatusFilter label="Payout request status" value={list.status} onChange={list.setStatus} />
          {decision.conflict && (
            <Alert
              type="warning"
              showIcon
              title={decision.conflict}
              closable={{ 'aria-label': 'Dismiss', onClose: decision.dismissConflict }}
            />
          )}
        </>
      }
    >
      <PayoutDecisionDialog
        key={decision.dialog?.idempotencyKey}
        dialog={decision.dialog}
        busy={decision.busy}
        failure={decision.failure}
        onSubmit={decision.submit}
        onCancel={decision.cancel}
        afterClose={() => {
          const row = decision.dialog?.row;
          decision.closed();
          // antd has given focus back to the button that opened the dialog, if that button is still there.
          if (row) focusDecisionOf(row._id);
        }}
      />
    </ListScreen>
  );
}
