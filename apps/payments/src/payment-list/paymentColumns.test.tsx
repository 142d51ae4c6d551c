import { render, screen, within } from '@testing-library/react';
import { TRANSACTION_SORTS } from '@backoffice/shared-api';
import { DataTable, formatDateTime } from '@backoffice/ui-kit';
import { paymentColumns, type PaymentListRow } from './paymentColumns';

type Row = PaymentListRow & { _id: string };

const row = (overrides: Partial<Row> = {}): Row => ({
  _id: 'row-1',
  displayName: 'Jane Doe',
  preference: 'Video call',
  query: 'How do I start?',
  amount: 1234.5,
  payable_amount: 1000,
  platformFee: 234.5,
  email: 'jane@example.com',
  status: 'completed',
  createdAt: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

function renderRows(label: 'Payable Amount' | 'Payout Amount', rows: Row[]) {
  render(<DataTable columns={paymentColumns(label)} rows={rows} rowKey={(r) => r._id} />);
  return within(screen.getByRole('table'));
}

/** The texts of the `index`th data row's cells. */
const cells = (table: ReturnType<typeof within>, index: number) =>
  Array.from(
    table.getAllByRole('row')[index + 1]!.querySelectorAll('td'),
    (td: HTMLTableCellElement) => td.textContent,
  );

describe('paymentColumns', () => {
  it('has the payment list columns in the spec order, every one sortable by a name the server knows', () => {
    const columns = paymentColumns('Payable Amount');
    expect(columns.map((c) => c.title)).toEqual([
      'Display Name',
      'Preference',
      'Query',
      'Amount',
      'Payable Amount',
      'Platform Fee',
      'Email',
      'Payment Status',
      'Created On',
    ]);
    expect(columns.every((c) => c.sortable)).toBe(true);
    expect(columns.map((c) => c.key).sort()).toEqual([...TRANSACTION_SORTS].sort());
    expect(paymentColumns('Payout Amount')[4]!.title).toBe('Payout Amount');
  });

  it('formats money as dollars with 2 decimals and shows the platform fee as the server sent it', () => {
    const table = renderRows('Payable Amount', [
      row(),
      row({ _id: 'row-2', amount: 20, payable_amount: 17.5, platformFee: 2.5, preference: '', query: '' }),
    ]);
    expect(cells(table, 0)).toEqual([
      'Jane Doe',
      'Video call',
      'How do I start?',
      '$1,234.50',
      '$1,000.00',
      '$234.50',
      'jane@example.com',
      'Completed',
      formatDateTime('2026-01-02T03:04:05.000Z'),
    ]);
    // Empty text reads as a dash, not as a blank cell.
    expect(cells(table, 1).slice(1, 6)).toEqual(['-', '-', '$20.00', '$17.50', '$2.50']);
  });

  it('labels every payment and payout status', () => {
    const statuses = ['pending', 'completed', 'failed', 'refunded', 'approved', 'rejected'];
    const table = renderRows(
      'Payout Amount',
      statuses.map((status, i) => row({ _id: `row-${i}`, status })),
    );
    expect(statuses.map((_, i) => cells(table, i)[7])).toEqual([
      'Pending',
      'Completed',
      'Failed',
      'Refunded',
      'Approved',
      'Rejected',
    ]);
  });
});
