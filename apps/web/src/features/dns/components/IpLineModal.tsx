import { ipAreaQuerySchema, type IpArea } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dnsApi } from '@/features/dns/api/dns-api';
import { ApiError } from '@/shared/api/client';
import { zodRule } from '@/shared/forms/zod-rules';

/** Where the IP database puts an address, and the lines its resolver's queries are answered from. */
function IpAreaResult({ area }: { area: IpArea }) {
  const { t } = useTranslation();
  const place = [area.country, area.province, area.city, area.isp].filter(Boolean).join(' · ');
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'ip', label: t('field.ip'), children: area.ip },
        { key: 'place', label: t('dns.ipLine.place'), children: place || t('dns.ipLine.unknown') },
        {
          key: 'lines',
          label: t('dns.ipLine.lines'),
          children: (
            <Flex gap={4} wrap>
              {area.lines.map((line, index) => (
                <Tag key={line} color={index === 0 && line !== 'default' ? 'blue' : undefined}>
                  {index + 1}. {t(`dns.line.${line}`)}
                </Tag>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** A check of which line an address gets, for choosing the lines of records. */
export function IpLineModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ip: string }>();
  const check = useMutation({ mutationFn: dnsApi.ipArea });
  const label = t('field.ip');

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) check.mutate(values.ip.trim());
  };

  return (
    <Modal
      open={open}
      title={t('dns.ipLine.title')}
      footer={null}
      onCancel={() => {
        check.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('dns.ipLine.intro')}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item name="ip" label={label} rules={[zodRule(ipAreaQuerySchema.shape.ip, t, label, true)]}>
            <Input.Search
              placeholder={t('dns.ipLine.placeholder')}
              enterButton={t('dns.ipLine.check')}
              loading={check.isPending}
              onSearch={() => void submit()}
              maxLength={64}
            />
          </Form.Item>
        </Form>
        {check.isError && (
          <Alert
            type="error"
            showIcon
            title={check.error instanceof ApiError ? check.error.msg : t('dns.ipLine.failed')}
          />
        )}
        {check.data && <IpAreaResult area={check.data} />}
        <Typography.Text type="secondary">{t('dns.ipLine.source')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
