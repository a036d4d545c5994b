import type { IpSegmentRow, RecursiveDetail } from '@nimbus/contract';
import { Descriptions, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RootIpsForm } from '@/features/recursive-dns/components/RootIpsForm';
import { RuleTable } from '@/features/recursive-dns/components/RuleTable';
import { SegmentDialog } from '@/features/recursive-dns/components/SegmentDialog';
import { SwitchWithConfirm } from '@/features/recursive-dns/components/SwitchWithConfirm';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import type { TablePaging } from '@/shared/ui/DataTable';

interface RecursionPanelProps {
  detail: RecursiveDetail;
  loading: boolean;
  paging: TablePaging;
  onSearch: (remark: string | undefined) => void;
}

/** Recursion: its switch, the root IPs, and the IP segments whose clients it answers. */
export function RecursionPanel({ detail, loading, paging, onSearch }: RecursionPanelProps) {
  const { t } = useTranslation();
  const save = useSaveRecursive();
  const [editing, setEditing] = useState<{ segment?: IpSegmentRow }>();
  const ready = detail.recursor.state === 'ready';
  const on = detail.status.recursive_enable === 1;
  const rows = detail.list.filter((row): row is IpSegmentRow => row.mode === 2);

  const columns: ColumnsType<IpSegmentRow> = [
    { title: t('recursiveDns.column.start'), dataIndex: 'sourceIpS' },
    { title: t('recursiveDns.column.end'), dataIndex: 'sourceIpE' },
    { title: t('recursiveDns.column.segment'), dataIndex: 'segment' },
    {
      title: t('recursiveDns.column.type'),
      dataIndex: 'type',
      render: (type: number) =>
        type === 2 ? t('recursiveDns.segment.all') : t('recursiveDns.segment.specified'),
    },
    { title: t('recursiveDns.field.remark'), dataIndex: 'remark' },
    {
      title: t('recursiveDns.column.createTime'),
      dataIndex: 'createTime',
      render: (time: string) => new Date(time).toLocaleString(),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('recursiveDns.field.recursion')}>
          <SwitchWithConfirm
            label={t('recursiveDns.field.recursion')}
            checked={on}
            disabled={!ready}
            offQuestion={t('recursiveDns.confirm.recursionOff')}
            onChange={(value) => save.mutateAsync({ mode: 1, recursive_enable: value ? 1 : 0 })}
          />
        </Descriptions.Item>
      </Descriptions>
      <RootIpsForm rootIps={detail.status.recursive_root_ips} disabled={!ready} />
      <RuleTable<IpSegmentRow>
        rows={rows}
        loading={loading}
        paging={paging}
        columns={columns}
        addLabel={t('recursiveDns.segment.add')}
        disabled={!ready || !on}
        disabledHint={ready ? t('recursiveDns.segment.disabledHint') : undefined}
        onAdd={() => setEditing({})}
        onEdit={(segment) => setEditing({ segment })}
        onSearch={onSearch}
      />
      <SegmentDialog
        open={editing !== undefined}
        segment={editing?.segment}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
