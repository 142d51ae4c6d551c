import { Button, CheckOutlined, CloseOutlined, Flex, Space, Typography, formatDateTime } from '@backoffice/ui-kit';
import type { PayoutRequestRow } from '@backoffice/shared-api';
import { adminName } from '../payment-list/adminName';

export interface PayoutDecisionCellProps {
  row: PayoutRequestRow;
  onApprove: (row: PayoutRequestRow) => void;
  onReject: (row: PayoutRequestRow) => void;
}

/** The Action column: Approve and Reject while pending, then who decided, when, and why. */
export function PayoutDecisionCell({ row, onApprove, onReject }: PayoutDecisionCellProps) {
  if (row.status === 'pending') {
    return (
      <Space size="small">
        <Button type="primary" size="small" icon={<CheckOutlined aria-hidden />} onClick={() => onApprove(row)}>
          Approve
        </Button>
        <Button danger size="small" icon={<CloseOutlined aria-hidden />} onClick={() => onReject(row)}>
          Reject
        </Button>
      </Space>
    );
  }
  const verb = row.status === 'approved' ? 'Approved' : 'Rejected';
  return (
    <Flex vertical style={{ maxWidth: 260 }}>
      <Typography.Text>{row.decidedBy ? `${verb} by ${adminName(row.decidedBy)}` : verb}</Typography.Text>
      <Typography.Text type="secondary">{formatDateTime(row.decidedAt)}</Typography.Text>
      {row.status === 'approved' && row.payout?.reference && (
        <Typography.Text type="secondary">{`Reference ${row.payout.reference}`}</Typography.Text>
      )}
      {row.status === 'rejected' && row.reason && (
        // A long reason is cut to one line here; the whole of it shows on hover.
        <Typography.Text
          type="secondary"
          title={row.reason}
          style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {`Reason: ${row.reason}`}
        </Typography.Text>
      )}
    </Flex>
  );
}
