import type { PaymentGatewayName } from '@nimbus/contract';
import { alipayGateway } from './alipay';
import { allinpayGateway } from './allinpay';
import { easypayGateway } from './easypay';
import type { PaymentGateway } from './gateway';
import { stripeGateway } from './stripe';
import { tokenpayGateway } from './tokenpay';
import { wechatGateway } from './wechat';

/** Every gateway adapter by name (contract PAYMENT_GATEWAYS). */
export const PAYMENT_GATEWAY_ADAPTERS: Partial<Record<PaymentGatewayName, PaymentGateway<unknown>>> = {
  easypay: easypayGateway as PaymentGateway<unknown>,
  wechat: wechatGateway as PaymentGateway<unknown>,
  alipay: alipayGateway as PaymentGateway<unknown>,
  allinpay: allinpayGateway as PaymentGateway<unknown>,
  stripe: stripeGateway as PaymentGateway<unknown>,
  tokenpay: tokenpayGateway as PaymentGateway<unknown>,
};
