import type { SmsProviderKey } from '@nimbus/contract';
import { Card, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmsProviderForm } from '@/features/sms-settings/components/SmsProviderForm';
import { SmsProviderPicker } from '@/features/sms-settings/components/SmsProviderPicker';
import { SmsTestCard } from '@/features/sms-settings/components/SmsTestCard';
import { useSmsProviderRecords } from '@/features/sms-settings/hooks/useSmsSettings';
import { initialProvider } from '@/features/sms-settings/lib/sms-form';
import { LoadFailed } from '@/shared/ui/LoadFailed';

export function SmsSettingsPanel() {
  const { t } = useTranslation();
  const { records, isError, refetch } = useSmsProviderRecords();
  const [chosen, setChosen] = useState<SmsProviderKey>();

  if (!records)
    return isError ? (
      <LoadFailed
        title={t('systemConfig.loadFailed')}
        retryLabel={t('systemConfig.retry')}
        onRetry={refetch}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 10 }} />
    );
  // Spec §4: until the admin picks one, show the first provider that is switched on.
  const provider = chosen ?? initialProvider(records);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <SmsProviderPicker value={provider} records={records} onChange={setChosen} />
      </Card>
      {/* Keyed by provider: switching loads that provider's saved form, not the edits of another. */}
      <SmsProviderForm key={provider} provider={provider} record={records[provider]} />
      <SmsTestCard provider={provider} />
    </Flex>
  );
}
