import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a settings screen shows when its data could not be loaded (the reason was toasted already). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('systemConfig.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('systemConfig.retry')}
        </Button>
      }
    />
  );
}
