import type { ForwardRule } from '@nimbus/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ForwardDialog } from '@/features/recursive-dns/components/ForwardDialog';
import { RulePanel, type PanelProps } from '@/features/recursive-dns/components/RulePanel';

/** Forwarding: its switch and the rules (domain → upstream servers) that become forward zones. */
export function ForwardPanel(props: PanelProps) {
  const { t } = useTranslation();
  const { detail } = props;

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
  ];

  return (
    <RulePanel<ForwardRule>
      {...props}
      toggle={{
        label: t('recursiveDns.field.forward'),
        checked: detail.status.forward_enable === 1,
        offQuestion: t('recursiveDns.confirm.forwardOff'),
        request: (on) => ({ mode: 1, forward_enable: on ? 1 : 0 }),
      }}
      rows={detail.list.filter((row): row is ForwardRule => row.mode === 6)}
      columns={columns}
      addLabel={t('recursiveDns.forward.add')}
      dialog={({ open, row, onClose }) => <ForwardDialog open={open} rule={row} onClose={onClose} />}
    />
  );
}
