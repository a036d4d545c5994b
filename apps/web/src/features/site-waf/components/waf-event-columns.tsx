import type { WafEvent } from '@nimbus/contract';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** What an event did, to whom and from which node: the WAF tab's events and the block log alike. */
export function wafEventDetailColumns(t: TFunction): ColumnsType<WafEvent> {
  return [
    {
      title: t('siteWaf.events.action'),
      key: 'action',
      width: 160,
      render: (_, e) => <Tag>{t(`siteWaf.action.${e.action}`)}</Tag>,
    },
    { title: t('siteWaf.events.clientIp'), dataIndex: 'clientIp', width: 160 },
    {
      title: t('siteWaf.events.request'),
      key: 'request',
      render: (_, e) => (
        <Typography.Text code ellipsis={{ tooltip: e.request }} style={{ maxWidth: 420 }}>
          {e.request}
        </Typography.Text>
      ),
    },
    { title: t('siteWaf.events.node'), dataIndex: 'nodeName', width: 140 },
  ];
}
