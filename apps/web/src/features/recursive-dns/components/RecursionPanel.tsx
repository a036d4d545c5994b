import type { IpSegmentRow } from '@nimbus/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RootIpsForm } from '@/features/recursive-dns/components/RootIpsForm';
import { RulePanel, type PanelProps } from '@/features/recursive-dns/components/RulePanel';
import { SegmentDialog } from '@/features/recursive-dns/components/SegmentDialog';

/** Recursion: its switch, the root IPs, and the IP segments whose clients it answers. */
export function RecursionPanel(props: PanelProps) {
  const { t } = useTranslation();
  const { detail } = props;
  const on = detail.status.recursive_enable === 1;

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
  ];

  return (
    <RulePanel<IpSegmentRow>
      {...props}
      toggle={{
        label: t('recursiveDns.field.recursion'),
        checked: on,
        offQuestion: t('recursiveDns.confirm.recursionOff'),
        request: (value) => ({ mode: 1, recursive_enable: value ? 1 : 0 }),
      }}
      rows={detail.list.filter((row): row is IpSegmentRow => row.mode === 2)}
      columns={columns}
      addLabel={t('recursiveDns.segment.add')}
      // Spec §4: segment actions are disabled while recursion is off.
      blockedHint={on ? undefined : t('recursiveDns.segment.disabledHint')}
      dialog={({ open, row, onClose }) => <SegmentDialog open={open} segment={row} onClose={onClose} />}
    >
      <RootIpsForm rootIps={detail.status.recursive_root_ips} disabled={detail.recursor.state !== 'ready'} />
    </RulePanel>
  );
}
