import { formatCount, type Lang, type TrafficSeries } from '@nimbus/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRatio } from '@/features/traffic/lib/traffic-format';

type Code = TrafficSeries['codes'][number];

/** Requests per status code over the range, most first, with each code's share. */
export function StatusCodeTable({ codes }: { codes: TrafficSeries['codes'] }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const total = codes.reduce((sum, code) => sum + code.requests, 0);
  return (
    <Table<Code>
      title={() => t('traffic.codes.title')}
      size="small"
      rowKey="status"
      pagination={false}
      dataSource={codes}
      locale={{ emptyText: t('traffic.codes.empty') }}
      columns={[
        { title: t('traffic.codes.status'), dataIndex: 'status' },
        {
          title: t('traffic.codes.requests'),
          dataIndex: 'requests',
          align: 'right',
          render: (requests: number) => formatCount(requests, lang),
        },
        {
          title: t('traffic.codes.share'),
          key: 'share',
          align: 'right',
          render: (_, code) => formatRatio(total > 0 ? code.requests / total : null),
        },
      ]}
    />
  );
}
