import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useDeleteRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import { useConfirm } from '@/shared/ui/confirm';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { useState } from 'react';

interface RuleTableProps<T extends { id: number }> {
  rows: T[];
  loading: boolean;
  paging: TablePaging;
  columns: ColumnsType<T>;
  addLabel: string;
  /** Spec §4: segment actions are disabled while recursion is off. */
  disabled?: boolean;
  disabledHint?: string;
  onAdd: () => void;
  onEdit: (row: T) => void;
  onSearch: (remark: string | undefined) => void;
}

/** The IP segments or forward rules: add, search by remark, edit, delete one or the selection. */
export function RuleTable<T extends { id: number }>(props: RuleTableProps<T>) {
  const { t } = useTranslation();
  const { confirmDelete, confirmBatchDelete } = useConfirm();
  const remove = useDeleteRecursive();
  const [selected, setSelected] = useState<number[]>([]);
  const { disabled } = props;

  const actions: ColumnsType<T>[number] = {
    title: t('recursiveDns.column.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, row) => (
      <Flex gap={4}>
        <Button type="link" size="small" disabled={disabled} onClick={() => props.onEdit(row)}>
          {t('recursiveDns.edit')}
        </Button>
        <Button
          type="link"
          size="small"
          danger
          disabled={disabled}
          onClick={() => void confirmDelete({ onOk: () => remove.mutateAsync([row.id]) })}
        >
          {t('recursiveDns.delete')}
        </Button>
      </Flex>
    ),
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
        <Button
          icon={<DeleteOutlined />}
          disabled={disabled}
          onClick={() =>
            void confirmBatchDelete(selected, { onOk: () => remove.mutateAsync(selected) }).then(
              (done) => done && setSelected([]),
            )
          }
        >
          {t('recursiveDns.batchDelete')}
        </Button>
        {disabled && props.disabledHint && <span>{props.disabledHint}</span>}
        <Input.Search
          allowClear
          enterButton
          onSearch={(value) => props.onSearch(value.trim() || undefined)}
          placeholder={t('recursiveDns.searchRemark')}
          aria-label={t('recursiveDns.searchRemark')}
          maxLength={100}
          style={{ width: 260, marginInlineStart: 'auto' }}
        />
      </Flex>
      <DataTable<T>
        rowKey="id"
        dataSource={props.rows}
        loading={props.loading}
        columns={[...props.columns, actions]}
        paging={props.paging}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: () => ({ disabled }),
        }}
      />
    </Flex>
  );
}
