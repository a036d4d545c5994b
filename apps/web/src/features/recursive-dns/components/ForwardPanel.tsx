import type { ForwardRule, RecursiveDetail } from '@nimbus/contract';
import { Descriptions, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForwardDialog } from '@/features/recursive-dns/components/ForwardDialog';
import { RuleTable } from '@/features/recursive-dns/components/RuleTable';
import { SwitchWithConfirm } from '@/features/recursive-dns/components/SwitchWithConfirm';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import type { TablePaging } from '@/shared/ui/DataTable';

interface ForwardPanelProps {
  detail: RecursiveDetail;
  loading: boolean;
  paging: TablePaging;
  onSearch: (remark: string | undefined) => void;
}

/** Forwarding: its switch and the rules (domain → upstream servers) that become forward zones. */
export function ForwardPanel({ detail, loading, paging, onSearch }: ForwardPanelProps) {
  const { t } = useTranslation();
  const save = useSaveRecursive();
  const [editing, setEditing] = useState<{ rule?: ForwardRule }>();
  const ready = detail.recursor.state === 'ready';
  const rows = detail.list.filter((row): row is ForwardRule => row.mode === 6);

  const columns: ColumnsType<ForwardRule> = [
    { title: t('recursiveDns.field.zone'), dataIndex: 'targetValue' },
    {
      title: t('recursiveDns.field.upstreams'),
      dataIndex: 'rootIps',
      render: (servers: string[]) => servers.join(', '),
    },
    {
      title: t('recursiveDns.field.recursionDesired'),
      dataIndex: 'recursionDesired',
      render: (value: boolean) => (value ? t('recursiveDns.switch.on') : t('recursiveDns.switch.off')),
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
        <Descriptions.Item label={t('recursiveDns.field.forward')}>
          <SwitchWithConfirm
            label={t('recursiveDns.field.forward')}
            checked={detail.status.forward_enable === 1}
            disabled={!ready}
            offQuestion={t('recursiveDns.confirm.forwardOff')}
            onChange={(value) => save.mutateAsync({ mode: 1, forward_enable: value ? 1 : 0 })}
          />
        </Descriptions.Item>
      </Descriptions>
      <RuleTable<ForwardRule>
        rows={rows}
        loading={loading}
        paging={paging}
        columns={columns}
        addLabel={t('recursiveDns.forward.add')}
        disabled={!ready}
        onAdd={() => setEditing({})}
        onEdit={(rule) => setEditing({ rule })}
        onSearch={onSearch}
      />
      <ForwardDialog
        open={editing !== undefined}
        rule={editing?.rule}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
