import {
  Alert,
  Button,
  Card,
  DataTable,
  ErrorState,
  Flex,
  Input,
  Typography,
  formatDateTime,
} from '@backoffice/ui-kit';
import { Form, Segmented } from '@backoffice/ui-kit/forms';
import type { DeployTokenRow } from '@backoffice/shared-api';
import { REMOTE_NAMES } from '../../remotes/remoteNames';
import { useDeployTokens } from './useDeployTokens';

/** The remote teams' deploy tokens: what releases a remote from a team's own CI. */
export function DeployTokens() {
  const t = useDeployTokens();
  const [form] = Form.useForm<{ remote: string; name: string }>();
  return (
    <Card title="Deploy tokens" role="region" aria-label="Deploy tokens" size="small">
      <Typography.Paragraph>
        A team releases its remote from its own CI with a token of that remote:{' '}
        <Typography.Text code>
          npm run remotes -- publish people --server {window.location.origin} --token …
        </Typography.Text>
      </Typography.Paragraph>
      {t.created && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: t.dismissCreated, 'aria-label': 'Hide the token' }}
          title={`${t.created.message} (${t.created.row.remote}, ${t.created.row.name})`}
          description={
            <Typography.Text code copyable>
              {t.created.token}
            </Typography.Text>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="inline"
        name="deploy-token"
        disabled={t.creating}
        onFinish={async (values) => {
          if (await t.create(values)) form.resetFields();
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="remote" label="Remote" rules={[{ required: true, message: 'Choose a remote.' }]}>
          <Segmented<string> options={[...REMOTE_NAMES]} />
        </Form.Item>
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name it after where it is used.' }]}
        >
          <Input placeholder="people CI" maxLength={80} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={t.creating}>
          Create token
        </Button>
      </Form>
      {t.error ? (
        <ErrorState title="The deploy tokens could not be loaded" message={t.error} onRetry={t.retry} />
      ) : (
        <DataTable<DeployTokenRow>
          caption="Deploy tokens"
          rowKey={(r) => r._id}
          rows={t.rows}
          loading={t.loading}
          skeletonRows={2}
          columns={[
            { key: 'remote', title: 'Remote' },
            { key: 'name', title: 'Name' },
            { key: 'createdBy', title: 'Created by', render: (r) => r.createdBy ?? '-' },
            { key: 'createdAt', title: 'Created on', render: (r) => formatDateTime(r.createdAt) },
            {
              key: 'lastUsedAt',
              title: 'Last used',
              render: (r) => (r.lastUsedAt ? formatDateTime(r.lastUsedAt) : 'Never'),
            },
            {
              key: 'actions',
              title: 'Actions',
              render: (r) => (
                <Flex>
                  <Button
                    type="link"
                    size="small"
                    danger
                    loading={t.revoking === r._id}
                    onClick={() => void t.revoke(r)}
                    aria-label={`Revoke ${r.name}`}
                    style={{ paddingInline: 0 }}
                  >
                    Revoke
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
