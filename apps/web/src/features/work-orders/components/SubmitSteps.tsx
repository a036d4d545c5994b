import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where the customer is in filing a work order: choose, describe, submitted. */
export function SubmitSteps({ current }: { current: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Steps
      current={current}
      style={{ marginBottom: 24 }}
      items={[
        { title: t('workOrders.steps.choose') },
        { title: t('workOrders.steps.describe') },
        { title: t('workOrders.steps.done') },
      ]}
    />
  );
}
