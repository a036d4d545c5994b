import { formatMoney } from '@nimbus/contract';
import { Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LedgerCard } from '@/features/finance/components/LedgerCard';
import { CUSTOMER_ROUTES } from '@/app/routing/customer-routes';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** Customer route `/cdn/finance/ledger` (DNS console `/finance/ledger`): the balance and every change of it, with its reason. */
export function LedgerPage() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const user = customerOf(useCurrentUser().data);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" justify="space-between" wrap gap={16}>
          <Statistic
            title={t('finance.ledger.balance')}
            value={user ? formatMoney(user.propertyBalance, config.price.unit) : '-'}
          />
          <Link to={CUSTOMER_ROUTES.recharge}>{t('finance.ledger.recharge')}</Link>
        </Flex>
      </Card>
      <LedgerCard own />
    </Flex>
  );
}
