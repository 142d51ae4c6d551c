import type { ReactNode } from 'react';
import { Button, Flex, Input, Select, Typography } from '@backoffice/ui-kit';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPES,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionType,
} from '@backoffice/shared-api';

const ALL = 'all';

const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...TRANSACTION_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value] })),
];
const TYPE_OPTIONS = [
  { value: ALL, label: 'All' },
  ...TRANSACTION_TYPES.map((value) => ({ value, label: TRANSACTION_TYPE_LABELS[value] })),
];

export interface TransactionFiltersProps {
  status: TransactionStatus | undefined;
  type: TransactionType | undefined;
  from: string | undefined;
  to: string | undefined;
  onStatus: (status: TransactionStatus | undefined) => void;
  onType: (type: TransactionType | undefined) => void;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  hasFilters: boolean;
  onClear: () => void;
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary">
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** Status, type and a created-on range, in the admin's local days. */
export function TransactionFilters(p: TransactionFiltersProps) {
  return (
    <Flex gap="middle" wrap align="center">
      <Labelled id="transactions-status" label="Status">
        <Select<string>
          id="transactions-status"
          options={STATUS_OPTIONS}
          value={p.status ?? ALL}
          onChange={(v) => p.onStatus(v === ALL ? undefined : (v as TransactionStatus))}
          style={{ width: 130 }}
        />
      </Labelled>
      <Labelled id="transactions-type" label="Type">
        <Select<string>
          id="transactions-type"
          options={TYPE_OPTIONS}
          value={p.type ?? ALL}
          onChange={(v) => p.onType(v === ALL ? undefined : (v as TransactionType))}
          style={{ width: 150 }}
        />
      </Labelled>
      <Labelled id="transactions-from" label="From">
        <Input
          id="transactions-from"
          type="date"
          value={p.from ?? ''}
          // The browser's picker then offers no range that ends before it starts.
          max={p.to}
          onChange={(e) => p.onFrom(e.target.value)}
          style={{ width: 160 }}
        />
      </Labelled>
      <Labelled id="transactions-to" label="To">
        <Input
          id="transactions-to"
          type="date"
          value={p.to ?? ''}
          min={p.from}
          onChange={(e) => p.onTo(e.target.value)}
          style={{ width: 160 }}
        />
      </Labelled>
      {p.hasFilters && (
        <Button type="link" onClick={p.onClear}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
