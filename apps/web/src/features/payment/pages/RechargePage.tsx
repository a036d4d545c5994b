import { RechargeForm } from '@/features/payment/components/RechargeForm';

/** Customer route `/cdn/finance/recharge` (spec §2 finance). */
export function RechargePage() {
  return <RechargeForm />;
}
