import { z } from 'zod';
import { secretField } from './common';

/** The fiat currencies a TokenPay server can price in (its appsettings `BaseCurrency`). */
export const TOKENPAY_BASE_CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'AUD', 'HKD', 'TWD', 'SGD'] as const;

/**
 * TokenPay (TOKEN_PAY_CONF), the self-hosted crypto gateway (github.com/LightCountry/TokenPay):
 * its address (each merchant runs their own, so there is no default), its `ApiToken` (the MD5
 * signing key both ways), the crypto the customer pays in (`USDT_TRC20`, `TRX`,
 * `EVM_ETH_USDT_ERC20`…), and the fiat currency the server is configured to price in — orders
 * are handed over only in that currency, since TokenPay reads `ActualAmount` in it.
 */
export const tokenpayConfigSchema = z.object({
  endpoint: z.string({ message: 'validation.required' }).trim().url({ message: 'validation.url' }).max(500),
  apiToken: secretField(256),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{2,64}$/, 'validation.invalid')
    .default('USDT_TRC20'),
  baseCurrency: z.enum(TOKENPAY_BASE_CURRENCIES, { message: 'validation.invalid' }).default('CNY'),
});
export type TokenpayConfig = z.infer<typeof tokenpayConfigSchema>;
export const TOKENPAY_SECRET_FIELDS = ['apiToken'] as const;
