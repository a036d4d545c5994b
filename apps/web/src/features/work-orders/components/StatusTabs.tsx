import { WORK_ORDER_STATUSES } from '@nimbus/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

const ALL = 'all';

/** All, then one tab per status of spec §4, each with how many work orders are in it. */
export function StatusTabs({
  status,
  counts,
  onChange,
}: {
  status: number | undefined;
  counts: Record<string, number> | undefined;
  onChange: (status: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const total = Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0);
  const label = (text: string, n: number | undefined) => (counts ? `${text} (${n ?? 0})` : text);
  return (
    <Tabs
      activeKey={status === undefined ? ALL : String(status)}
      onChange={(key) => onChange(key === ALL ? undefined : Number(key))}
      items={[
        { key: ALL, label: label(t('workOrders.status.all'), total) },
        ...WORK_ORDER_STATUSES.map((s) => ({
          key: String(s),
          label: label(t(`workOrders.status.${s}`), counts?.[String(s)]),
        })),
      ]}
    />
  );
}
