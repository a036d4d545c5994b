import {
  SMS_TEMPLATE_KINDS,
  type SmsProviderKey,
  type SmsTemplate,
  type SmsTemplateKind,
} from '@nimbus/contract';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SmsTemplates } from '@/features/sms-settings/lib/sms-form';
import { DataTable } from '@/shared/ui/DataTable';

type Row = SmsTemplate & { kind: SmsTemplateKind };

/** One row per template kind (spec §3): code, meal_out, meal_expire, flow_out, flow_expire. */
export function SmsTemplateTable({
  provider,
  templates,
  onEdit,
}: {
  provider: SmsProviderKey;
  templates: SmsTemplates;
  onEdit: (kind: SmsTemplateKind) => void;
}) {
  const { t } = useTranslation();
  const col = (key: string) => t(`smsSettings.template.${key}`);
  const rows: Row[] = SMS_TEMPLATE_KINDS.map((kind) => ({ kind, ...templates[kind] }));

  const columns: ColumnsType<Row> = [
    {
      title: col('columnKind'),
      dataIndex: 'kind',
      width: 140,
      render: (kind: string) => t(`smsSettings.kind.${kind}`),
    },
    { title: col('columnName'), dataIndex: 'name', width: 120 },
    { title: col('columnTitle'), dataIndex: 'title', width: 140 },
    // SMSBao sends the content itself: it has no template ids.
    ...(provider === 'SMS_BAO'
      ? []
      : [
          {
            title: col('columnId'),
            dataIndex: 'id',
            width: 130,
            render: (id: string) => id || '—',
          } as ColumnsType<Row>[number],
        ]),
    {
      title: col('columnStatus'),
      dataIndex: 'status',
      width: 90,
      render: (status: number) =>
        status === 1 ? <Tag color="success">{col('on')}</Tag> : <Tag>{col('off')}</Tag>,
    },
    {
      title: col('columnContent'),
      dataIndex: 'content',
      render: (content: string) => (
        <Typography.Text ellipsis={{ tooltip: content }} style={{ maxWidth: 360 }}>
          {content || '—'}
        </Typography.Text>
      ),
    },
    {
      title: col('columnAction'),
      key: 'action',
      width: 90,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onEdit(row.kind)}>
          {col('edit')}
        </Button>
      ),
    },
  ];

  return <DataTable<Row> rowKey="kind" columns={columns} dataSource={rows} />;
}
