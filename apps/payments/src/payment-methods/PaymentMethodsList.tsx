import {
  Button,
  CheckOutlined,
  EditOutlined,
  Flex,
  ListScreen,
  PlusOutlined,
  SearchBox,
  Space,
  StopOutlined,
  Tag,
  formatDateTime,
  useDialogOpening,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { PaymentMethod } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { PaymentMethodFormDialog } from './PaymentMethodFormDialog';
import type { PaymentMethodTarget } from './usePaymentMethodForm';
import { usePaymentMethodStatus } from './usePaymentMethodStatus';
import { usePaymentMethodsListController } from './usePaymentMethodsListController';

/** Payment methods list (spec section 2): method name, status, created date, updated date, actions. */
export function PaymentMethodsList() {
  const c = usePaymentMethodsListController();
  const status = usePaymentMethodStatus();
  // Adding, editing and switching a method are offered to a role that may change them.
  const canChange = useCan('payments.write');
  const dialog = useDialogOpening<PaymentMethodTarget>();
  const editor = dialog.opening;
  const openEditor = dialog.open;

  const columns: Array<DataTableColumn<PaymentMethod>> = [
    { key: 'name', title: 'Method Name', sortable: true },
    {
      key: 'isActive',
      title: 'Status',
      sortable: true,
      render: (m) => (m.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { key: 'createdAt', title: 'Created Date', sortable: true, render: (m) => formatDateTime(m.createdAt) },
    { key: 'updatedAt', title: 'Updated Date', sortable: true, render: (m) => formatDateTime(m.updatedAt) },
  ];
  if (canChange) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (m) => (
        <Space size="small">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => openEditor({ mode: 'edit', id: m._id })}
          >
            Edit
          </Button>
          <Button
            type="link"
            size="small"
            danger={m.isActive}
            loading={status.pendingId === m._id}
            icon={m.isActive ? <StopOutlined aria-hidden /> : <CheckOutlined aria-hidden />}
            onClick={() => status.toggle(m)}
          >
            {m.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <ListScreen<PaymentMethod>
      title="Payment methods"
      list={c}
      columns={columns}
      rowKey={(m) => m._id}
      errorTitle="Payment methods could not be loaded"
      extra={
        <Flex gap="small" wrap align="center">
          <SearchBox placeholder="Search by method name" value={c.search} onSearch={c.setSearch} />
          {canChange && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openEditor({ mode: 'add' })}>
              Add payment method
            </Button>
          )}
        </Flex>
      }
    >
      {editor && (
        <PaymentMethodFormDialog
          key={editor.seq}
          target={editor.target}
          open={editor.open}
          onClose={dialog.close}
          afterClose={dialog.closed}
        />
      )}
    </ListScreen>
  );
}
