import { Link } from '@backoffice/ui-kit/router';
import {
  Alert,
  ArrowLeftOutlined,
  Button,
  Card,
  CheckOutlined,
  CloseOutlined,
  DetailLoadState,
  Flex,
  PageBreadcrumb,
  Space,
  Typography,
  formatDateTime,
  DecisionStatusTag,
  useConfirmedAction,
  useLinkTo,
} from '@backoffice/ui-kit';
import { Descriptions, type DescriptionsProps } from '@backoffice/ui-kit/forms';
import type { RequestDetail } from '@backoffice/shared-api';
import { ProfileView } from '../profile/ProfileView';
import { RejectRequestDialog } from './RejectRequestDialog';
import { fullName } from '../profile/profileFormat';
import { useRequestViewController } from './useRequestViewController';

function decisionItems(request: RequestDetail): DescriptionsProps['items'] {
  const items: DescriptionsProps['items'] = [
    { key: 'status', label: 'Status', children: <DecisionStatusTag status={request.status} /> },
    { key: 'requestedOn', label: 'Requested on', children: formatDateTime(request.createdAt) },
  ];
  if (request.status === 'pending') return items;
  return [
    ...items,
    { key: 'decidedBy', label: 'Decided by', children: request.decidedBy ? fullName(request.decidedBy) : '-' },
    { key: 'decidedOn', label: 'Decided on', children: formatDateTime(request.decidedAt) },
    ...(request.reason ? [{ key: 'reason', label: 'Reason', children: request.reason }] : []),
  ];
}

/** One influencer application: the decision (or the buttons to make it) above the applicant's profile. */
export function RequestView() {
  const c = useRequestViewController();
  const confirm = useConfirmedAction();
  const link = useLinkTo();
  const { load } = c;
  const applicant = load.state === 'ready' ? load.data.applicant : undefined;
  const name = applicant ? fullName(applicant) || applicant.displayName : 'Request';

  const confirmApprove = (displayName: string) =>
    confirm({
      title: `Approve ${displayName} as an influencer?`,
      content: `${displayName} becomes an influencer and is emailed that the application was approved.`,
      okText: 'Approve',
      // The controller toasts the outcome itself.
      run: async () => {
        await c.approve();
      },
    });

  const back = (
    <Link to={c.backTo}>
      <ArrowLeftOutlined aria-hidden /> Back to requests
    </Link>
  );

  let body;
  if (load.state !== 'ready') {
    body = (
      <DetailLoadState
        load={load}
        notFound="Request not found."
        errorTitle="The request could not be loaded"
        back={{ to: c.backTo, label: 'Back to requests' }}
      />
    );
  } else {
    const request = load.data;
    const displayName = request.applicant.displayName || name;
    body = (
      <>
        <Card
          title={
            <Typography.Title level={4} style={{ margin: 0 }}>
              Influencer request
            </Typography.Title>
          }
          extra={
            c.canDecide && (
              <Space>
                <Button
                  type="primary"
                  icon={<CheckOutlined aria-hidden />}
                  disabled={c.busy}
                  onClick={() => confirmApprove(displayName)}
                >
                  Approve
                </Button>
                <Button danger icon={<CloseOutlined aria-hidden />} disabled={c.busy} onClick={c.openReject}>
                  Reject
                </Button>
              </Space>
            )
          }
        >
          <Flex vertical gap="middle">
            {c.conflict && <Alert type="warning" showIcon title={c.conflict} />}
            <Descriptions column={1} items={decisionItems(request)} />
          </Flex>
        </Card>
        <ProfileView profile={request.applicant} />
        <RejectRequestDialog
          open={c.rejecting && c.canDecide}
          applicantName={displayName}
          busy={c.busy}
          onCancel={c.closeReject}
          onReject={c.reject}
        />
      </>
    );
  }

  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb
        items={[{ title: 'Dashboard', to: link('dashboard') }, { title: 'Requests', to: c.backTo }, { title: name }]}
      />
      {load.state !== 'notFound' && back}
      {body}
    </Flex>
  );
}
