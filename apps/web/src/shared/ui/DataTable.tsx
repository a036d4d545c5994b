import { PAGE_SIZES } from '@nimbus/contract';
import { Empty, Table, type TableProps } from 'antd';
import type { ColumnsType, TableRef } from 'antd/es/table';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { useKeyboardScroll } from './useKeyboardScroll';
import './data-table.css';

/**
 * The pager's state: `page` is 1-based. For a server-paged list `pageSize` is the list call's
 * `limit` and `total` the server's count; a list held whole passes its current page's rows as
 * `dataSource` and its length as `total` (see useLocalPaging).
 */
export interface TablePaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

export interface DataTableProps<T> extends Omit<
  TableProps<T>,
  'pagination' | 'columns' | 'size' | 'bordered'
> {
  columns: ColumnsType<T>;
  /** Omit for a short list shown whole (no pager). */
  paging?: TablePaging;
  /** Replaces the default "no data" text of the empty state. */
  emptyText?: string;
}

export const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);

/**
 * The one table of the consoles: applies the user's table preferences (stripe, border, size,
 * align) and pages with the sizes of spec §9.
 */
export function DataTable<T extends object>({
  columns,
  paging,
  emptyText,
  rowClassName,
  ...rest
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { table } = useThemeSettings();
  const tableRef = useRef<TableRef>(null);
  useKeyboardScroll(tableRef);

  const alignedColumns = useMemo(
    () => columns.map((column) => ({ align: table.align, ...column })) as ColumnsType<T>,
    [columns, table.align],
  );

  return (
    <Table<T>
      ref={tableRef}
      scroll={{ x: 'max-content' }}
      {...rest}
      className={['nimbus-data-table', table.stripe ? 'nimbus-data-table--stripe' : '', rest.className ?? '']
        .filter(Boolean)
        .join(' ')}
      columns={alignedColumns}
      size={table.size}
      bordered={table.border}
      rowClassName={rowClassName}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('table.empty')} />,
      }}
      pagination={
        paging
          ? {
              current: paging.page,
              pageSize: paging.pageSize,
              total: paging.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              showTotal: (total) => t('table.total', { total }),
              onChange: (page, pageSize) =>
                // A new page size starts again from the first page: the old page may not exist any more.
                paging.onChange(pageSize === paging.pageSize ? page : 1, pageSize),
            }
          : false
      }
    />
  );
}
