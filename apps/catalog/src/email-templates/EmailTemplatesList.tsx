import { Link } from '@backoffice/ui-kit/router';
import {
  EditOutlined,
  ListScreen,
  SearchBox,
  Typography,
  formatDateTime,
  useLinkTo,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { EmailTemplateRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { useEmailTemplatesListController } from './useEmailTemplatesListController';

const ONE_LINE = {
  display: 'block',
  maxWidth: 360,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** Email templates list (spec section 2): name, key string, content, updated on, action. */
export function EmailTemplatesList() {
  const c = useEmailTemplatesListController();
  const link = useLinkTo();
  const canEdit = useCan('templates.edit');
  const columns: Array<DataTableColumn<EmailTemplateRow>> = [
    { key: 'name', title: 'Name', sortable: true },
    { key: 'key', title: 'Key String', sortable: true, render: (t) => <Typography.Text code>{t.key}</Typography.Text> },
    {
      key: 'preview',
      title: 'Content',
      render: (t) => (
        <span style={ONE_LINE} title={t.preview}>
          {t.preview}
        </span>
      ),
    },
    { key: 'updatedAt', title: 'Updated On', sortable: true, render: (t) => formatDateTime(t.updatedAt) },
  ];
  // Editing is offered to a role that may edit templates; the others read them.
  if (canEdit) {
    columns.push({
      key: 'action',
      title: 'Action',
      render: (t) => (
        <Link to={link('emailTemplateEdit', { id: t._id })} state={c.linkState}>
          <EditOutlined aria-hidden /> Edit
        </Link>
      ),
    });
  }
  return (
    <ListScreen<EmailTemplateRow>
      title="Email templates"
      list={c}
      columns={columns}
      rowKey={(t) => t._id}
      errorTitle="Email templates could not be loaded"
      extra={<SearchBox placeholder="Search by name or key" value={c.search} onSearch={c.setSearch} />}
    />
  );
}
