import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** While the account loads: a skeleton; if it failed (the toast said why): a retry. */
export function AccountPlaceholder({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      {failed ? (
        <LoadFailed
          title={t('account.common.loadFailed')}
          retryLabel={t('account.common.retry')}
          onRetry={onRetry}
        />
      ) : (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}
