import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** While the account loads: a skeleton; if it failed (the toast said why): a retry. */
export function AccountPlaceholder({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('account.common.loadFailed')}
          extra={<Button onClick={onRetry}>{t('account.common.retry')}</Button>}
        />
      </Card>
    );
  }
  return (
    <Card>
      <Skeleton active avatar paragraph={{ rows: 4 }} />
    </Card>
  );
}
