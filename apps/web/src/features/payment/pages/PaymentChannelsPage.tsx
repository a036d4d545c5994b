import { PaymentChannelsCard } from '@/features/payment/components/PaymentChannelsCard';

/** Admin route `/system/payment`. */
export function PaymentChannelsPage() {
  return <PaymentChannelsCard />;
}
