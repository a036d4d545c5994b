import { SMS_PROVIDERS, type SmsProviderKey } from '@nimbus/contract';
import { Badge, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SmsProviderRecords } from '@/features/sms-settings/hooks/useSmsSettings';

/** The provider selector: each option tells whether that provider is switched on. */
export function SmsProviderPicker({
  value,
  records,
  onChange,
}: {
  value: SmsProviderKey;
  records: SmsProviderRecords;
  onChange: (key: SmsProviderKey) => void;
}) {
  const { t } = useTranslation();
  return (
    // No form field name ties the label to the select: the id does (WCAG 1.3.1, 4.1.2).
    <Form.Item
      label={t('smsSettings.provider')}
      htmlFor="sms-provider"
      required
      labelCol={{ flex: '180px' }}
      style={{ marginBottom: 0 }}
    >
      <Select<SmsProviderKey>
        id="sms-provider"
        value={value}
        onChange={onChange}
        placeholder={t('smsSettings.providerPlaceholder')}
        style={{ width: 320 }}
        options={SMS_PROVIDERS.map((provider) => ({
          value: provider.key,
          label: (
            <Badge
              status={records[provider.key].status === 1 ? 'success' : 'default'}
              text={`${t(provider.labelKey)} · ${records[provider.key].status === 1 ? t('smsSettings.statusOn') : t('smsSettings.statusOff')}`}
            />
          ),
        }))}
      />
    </Form.Item>
  );
}
