import type { ReactNode } from 'react';
import { Link } from '@backoffice/ui-kit/router';
import {
  ArrowLeftOutlined,
  Card,
  Col,
  DataTable,
  DetailLoadState,
  Flex,
  PageBreadcrumb,
  Row,
  Tag,
  Typography,
  UserOutlined,
  formatCallDuration,
  formatCallEnd,
  formatDateTime,
  formatDollars,
  isPictureData,
  shortId,
  underscoresToSpaces,
  useLinkTo,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import { Avatar } from '@backoffice/ui-kit/forms';
import { Descriptions, type DescriptionsProps } from '@backoffice/ui-kit/forms';
import {
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type CallDetail,
  type CallRefund,
  type CallTransaction,
  type UserRef,
} from '@backoffice/shared-api';
import { CallStatusTag } from './CallStatusTag';
import { useCallViewController } from './useCallViewController';

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const TRANSACTION_COLUMNS: Array<DataTableColumn<CallTransaction>> = [
  { key: 'transactionId', title: 'Transaction ID' },
  { key: 'orderId', title: 'Order ID', render: (t) => t.orderId || 'N/A' },
  { key: 'type', title: 'Type', render: (t) => TRANSACTION_TYPE_LABELS[t.type] ?? underscoresToSpaces(t.type) },
  { key: 'status', title: 'Status', render: (t) => TRANSACTION_STATUS_LABELS[t.status] ?? t.status },
  { key: 'amount', title: 'Amount', align: 'right', render: (t) => formatDollars(t.amount) },
  { key: 'payable_amount', title: 'Payable Amount', align: 'right', render: (t) => formatDollars(t.payable_amount) },
  { key: 'createdAt', title: 'Created At', render: (t) => formatDateTime(t.createdAt) },
];

const REFUND_COLUMNS: Array<DataTableColumn<CallRefund>> = [
  { key: 'orderId', title: 'Order ID' },
  { key: 'amount', title: 'Amount', align: 'right', render: (r) => formatDollars(r.amount) },
  { key: 'transfer_to', title: 'Transfer To', render: (r) => underscoresToSpaces(r.transfer_to) },
  { key: 'status', title: 'Status', render: (r) => capitalised(r.status) },
  { key: 'createdAt', title: 'Created At', render: (r) => formatDateTime(r.createdAt) },
];

function PartyCard({ title, user }: { title: string; user: UserRef }) {
  const link = useLinkTo();
  const name = user.displayName || `@${user.userName}`;
  // An influencer's page is their profile; a fan's is the fan detail, where their calls are.
  const to = user.isInfluencer ? link('influencerView', { id: user._id }) : link('fanDetail', { id: user._id });
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Flex align="center" gap={16}>
        <Avatar
          size={56}
          // Only inline pictures: the Content-Security-Policy refuses images from other origins.
          src={isPictureData(user.mainProfilePicture) ? user.mainProfilePicture : undefined}
          icon={<UserOutlined />}
          alt=""
        />
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Link to={to}>{name}</Link>
            <Tag>{user.isInfluencer ? 'Influencer' : 'Fan'}</Tag>
          </Flex>
          <Typography.Text type="secondary">@{user.userName}</Typography.Text>
          <Typography.Text>{user.email || '-'}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      {children}
    </Card>
  );
}

function callItems(call: CallDetail): DescriptionsProps['items'] {
  const item = (label: string, children: ReactNode) => ({ key: label, label, children });
  return [
    item('Call ID', <Typography.Text copyable>{call._id}</Typography.Text>),
    item('Status', <CallStatusTag status={call.status} />),
    item('Created', formatDateTime(call.createdAt)),
    item('Started At', formatDateTime(call.startedAt)),
    // Spec section 4: a call still going (ended at the epoch) has no end to show, only a dash.
    item('Ended At', formatCallEnd(call.endedAt)),
    item('Duration', formatCallDuration(call.startedAt, call.endedAt)),
    item('Transaction Total', formatDollars(call.transactionTotal)),
    item('Earn Amount', formatDollars(call.earnAmount)),
    item('Refunded Amount', formatDollars(call.refundedAmount)),
  ];
}

function CallDetails({ call }: { call: CallDetail }) {
  return (
    <Flex vertical gap="middle">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            Call {shortId(call._id)}
          </Typography.Title>
        }
      >
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={callItems(call)} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <PartyCard title="Call From" user={call.host} />
        </Col>
        <Col xs={24} md={12}>
          <PartyCard title="Call To" user={call.receiver} />
        </Col>
      </Row>
      <Section title="Transactions">
        <DataTable<CallTransaction>
          caption="The call's transactions"
          columns={TRANSACTION_COLUMNS}
          rows={call.transactions}
          rowKey={(t) => t._id}
          emptyText="No transactions found."
        />
      </Section>
      <Section title="Refunds">
        <DataTable<CallRefund>
          caption="The call's refunds"
          columns={REFUND_COLUMNS}
          rows={call.refunds}
          rowKey={(r) => r._id}
          emptyText="No refunds found."
        />
      </Section>
    </Flex>
  );
}

/** One call (`view/:id` under the list): both parties, its times and money, its transactions and refunds. */
export function CallView() {
  const c = useCallViewController();
  const back = (
    <Link to={c.backTo}>
      <ArrowLeftOutlined aria-hidden /> Back to calls
    </Link>
  );

  const { load } = c;
  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: c.link('dashboard') },
          { title: 'Calls', to: c.backTo },
          ...(load.state === 'ready' ? [{ title: shortId(load.data._id) }] : []),
        ]}
      />
      {load.state !== 'notFound' && back}
      {load.state === 'ready' ? (
        <CallDetails call={load.data} />
      ) : (
        <DetailLoadState
          load={load}
          notFound="Call not found."
          errorTitle="The call could not be loaded"
          back={{ to: c.backTo, label: 'Back to calls' }}
        />
      )}
    </Flex>
  );
}
