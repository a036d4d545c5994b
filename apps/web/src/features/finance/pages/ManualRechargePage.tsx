import type { CustomerBalance } from '@nimbus/contract';
import { Flex } from 'antd';
import { useState } from 'react';
import { LedgerCard } from '@/features/finance/components/LedgerCard';
import { ManualRechargeCard } from '@/features/finance/components/ManualRechargeCard';

/** Admin route `/finance/recharge`: credit or debit a customer, and the balance ledger. */
export function ManualRechargePage() {
  const [customer, setCustomer] = useState<CustomerBalance | null>(null);
  return (
    <Flex vertical gap={16}>
      <ManualRechargeCard customer={customer} onCustomer={setCustomer} />
      <LedgerCard customer={customer} onShowAll={() => setCustomer(null)} />
    </Flex>
  );
}
