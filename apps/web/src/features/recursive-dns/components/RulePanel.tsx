import type { RecursiveDetail, RecursiveSaveRequest } from '@nimbus/contract';
import { Descriptions, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleTable } from '@/features/recursive-dns/components/RuleTable';
import { SwitchWithConfirm } from '@/features/recursive-dns/components/SwitchWithConfirm';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import { formatDateTime } from '@/shared/format/date-time';
import type { TablePaging } from '@/shared/ui/DataTable';

/** What the screen gives each tab's panel: the detail of its mode, paged and searched. */
export interface PanelProps {
  detail: RecursiveDetail;
  loading: boolean;
  paging: TablePaging;
  onSearch: (remark: string | undefined) => void;
}

interface RulePanelProps<T extends { id: number }> extends PanelProps {
  /** The function's switch: off asks `offQuestion` first; `request` saves the wanted state. */
  toggle: {
    label: string;
    checked: boolean;
    offQuestion: string;
    request: (on: boolean) => RecursiveSaveRequest;
  };
  rows: T[];
  /** The rule's own columns; the remark and the creation time follow them. */
  columns: ColumnsType<T>;
  addLabel: string;
  /** Why the rules cannot be changed though the Recursor runs; set, the actions are disabled. */
  blockedHint?: string;
  /** Between the switch and the rules. */
  children?: ReactNode;
  dialog: (props: { open: boolean; row?: T; onClose: () => void }) => ReactNode;
}

/**
 * One tab of the recursive DNS screen: its function's switch and its rules (IP segments or
 * forward rules) with the dialog that adds and edits them; nothing changes while the Recursor
 * is not ready.
 */
export function RulePanel<T extends { id: number }>(props: RulePanelProps<T>) {
  const { t } = useTranslation();
  const save = useSaveRecursive();
  const [editing, setEditing] = useState<{ row?: T }>();
  const ready = props.detail.recursor.state === 'ready';
  const { toggle } = props;

  const columns: ColumnsType<T> = [
    ...props.columns,
    { title: t('recursiveDns.field.remark'), dataIndex: 'remark' },
    {
      title: t('recursiveDns.column.createTime'),
      dataIndex: 'createTime',
      render: (time: string) => formatDateTime(time),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={toggle.label}>
          <SwitchWithConfirm
            label={toggle.label}
            checked={toggle.checked}
            disabled={!ready}
            offQuestion={toggle.offQuestion}
            onChange={(value) => save.mutateAsync(toggle.request(value))}
          />
        </Descriptions.Item>
      </Descriptions>
      {props.children}
      <RuleTable<T>
        rows={props.rows}
        loading={props.loading}
        paging={props.paging}
        columns={columns}
        addLabel={props.addLabel}
        disabled={!ready || props.blockedHint !== undefined}
        disabledHint={ready ? props.blockedHint : undefined}
        onAdd={() => setEditing({})}
        onEdit={(row) => setEditing({ row })}
        onSearch={props.onSearch}
      />
      {props.dialog({
        open: editing !== undefined,
        row: editing?.row,
        onClose: () => setEditing(undefined),
      })}
    </Flex>
  );
}
