import type { PaymentGatewayName } from '@nimbus/contract';
import { easypayGateway } from './easypay';
import type { PaymentGateway } from './gateway';

/** Every gateway adapter by name (contract PAYMENT_GATEWAYS). */
export const PAYMENT_GATEWAY_ADAPTERS: Partial<Record<PaymentGatewayName, PaymentGateway<unknown>>> = {
  easypay: easypayGateway as PaymentGateway<unknown>,
};
