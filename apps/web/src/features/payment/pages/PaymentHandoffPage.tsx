import { PaymentHandoff } from '@/features/payment/components/PaymentHandoff';

/** Customer route `/payment/handoff/:outTradeNo/:totalAmount/:body` (spec §2). */
export function PaymentHandoffPage() {
  return <PaymentHandoff />;
}
