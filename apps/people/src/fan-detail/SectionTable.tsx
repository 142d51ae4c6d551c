import type { ReactNode } from 'react';
import { DataTable, Flex, Pager, SearchBox, Typography, type DataTableColumn } from '@backoffice/ui-kit';
import { FAN_DETAIL_PAGE_SIZE, type SectionBinding } from './useFanDetailController';

export interface SectionTableProps<Row> {
  title: ReactNode;
  /** Names the table for screen readers. */
  caption: string;
  /** Shown beside the title (a toggle, a total). */
  extra?: ReactNode;
  searchPlaceholder: string;
  emptyText: string;
  columns: Array<DataTableColumn<Row>>;
  section: SectionBinding<Row>;
}

/** The search, table and simple pager that every fan detail tab shows. */
export function SectionTable<Row extends { _id: string }>({
  title,
  caption,
  extra,
  searchPlaceholder,
  emptyText,
  columns,
  section,
}: SectionTableProps<Row>) {
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex align="center" wrap gap="middle">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {extra}
        </Flex>
        <SearchBox placeholder={searchPlaceholder} value={section.search} onSearch={section.setSearch} />
      </Flex>
      <DataTable<Row>
        caption={caption}
        rows={section.rows}
        rowKey={(row) => row._id}
        loading={section.loading}
        skeletonRows={FAN_DETAIL_PAGE_SIZE}
        emptyText={emptyText}
        columns={columns}
        footer={
          <Pager
            variant="simple"
            page={section.page}
            pageSize={FAN_DETAIL_PAGE_SIZE}
            total={section.total}
            rowsOnPage={section.rows?.length ?? 0}
            onChange={section.setPage}
          />
        }
      />
    </Flex>
  );
}
