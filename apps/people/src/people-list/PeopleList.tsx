import type { ReactNode } from 'react';
import { useCan } from '@backoffice/shared-api/runtime';
import { Link } from '@backoffice/ui-kit/router';
import {
  Button,
  DateRangeFilter,
  FilterBar,
  ListScreen,
  SearchBox,
  Space,
  formatDateTime,
  useLinkTo,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { PersonRow } from '@backoffice/shared-api';
import { PERSON_KINDS } from '../profile/personKinds';
import { StatusAction } from './StatusAction';
import { usePeopleListController, type PeopleListSource } from './usePeopleListController';

export interface PeopleListProps {
  source: PeopleListSource;
  /** Columns before User Name (the influencers' Name). */
  leadingColumns?: Array<DataTableColumn<PersonRow>>;
  /** Links after View and Edit (the fans' Details). */
  extraActions?: (row: PersonRow) => ReactNode;
}

/**
 * The Fans and Influencers lists (spec section 2): user name, display name, email, created on,
 * action; search, sort, page and (fans) the created-on range kept in the URL.
 */
export function PeopleList({ source, leadingColumns = [], extraActions }: PeopleListProps) {
  const c = usePeopleListController(source);
  const link = useLinkTo();
  const names = PERSON_KINDS[source.kind];
  const canEdit = useCan('people.write');
  return (
    <ListScreen<PersonRow>
      title={names.many}
      list={c}
      rowKey={(p) => p._id}
      errorTitle={`${names.many} could not be loaded`}
      extra={<SearchBox placeholder="Search by name or email" value={c.search} onSearch={c.setSearch} />}
      toolbar={
        c.range && (
          <FilterBar hasFilters={c.hasFilters} onClear={c.clearFilters}>
            <DateRangeFilter idPrefix={`${source.kind}s`} range={c.range} />
          </FilterBar>
        )
      }
      columns={[
        ...leadingColumns,
        { key: 'userName', title: 'User Name', sortable: true },
        { key: 'displayName', title: 'Display Name', sortable: true },
        { key: 'email', title: 'Email', sortable: true },
        { key: 'createdAt', title: 'Created On', sortable: true, render: (p) => formatDateTime(p.createdAt) },
        {
          key: 'action',
          title: 'Action',
          render: (p) => (
            <Space size="small" wrap>
              <Link to={link(names.view, { id: p._id })} state={c.linkState}>
                View
              </Link>
              {canEdit && (
                <Link to={link(names.edit, { id: p._id })} state={c.linkState}>
                  Edit
                </Link>
              )}
              {extraActions?.(p)}
              <StatusAction status={p.status} busy={c.statusPendingId === p._id} onToggle={() => c.toggleStatus(p)} />
            </Space>
          ),
        },
      ]}
    >
      {c.search && (
        <Button type="link" onClick={() => c.setSearch('')}>
          Clear search
        </Button>
      )}
    </ListScreen>
  );
}
