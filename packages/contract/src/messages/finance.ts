import type { LocalizedMessages } from './types';

/** The balance and its ledger: refusals and what each reason is called. */
export const financeMessages = {
  'finance.insufficientBalance': {
    cn: '余额不足：本次扣款后余额将小于 0',
    en: 'Insufficient balance: the balance would fall below zero',
  },
  'finance.amountInvalid': {
    cn: '金额须为大于 0 的整数分',
    en: 'The amount must be a whole number of cents above zero',
  },
  'finance.amountTooLarge': {
    cn: '单次金额不能超过 10,000,000.00',
    en: 'One change can be at most 10,000,000.00',
  },
  'finance.reason.manual_credit': { cn: '后台加款', en: 'Credit by an administrator' },
  'finance.reason.manual_debit': { cn: '后台扣款', en: 'Debit by an administrator' },
  'finance.reason.recharge': { cn: '余额充值', en: 'Recharge' },
  'finance.reason.order_payment': { cn: '订单支付', en: 'Order payment' },
  'finance.reason.refund': { cn: '退款', en: 'Refund' },
  'field.amount': { cn: '金额', en: 'Amount' },
  'field.direction': { cn: '类型', en: 'Type' },
  // A ledger filter's change type and a refusal's stated reason alike: why something happened.
  'field.reason': { cn: '原因', en: 'Reason' },
} as const satisfies LocalizedMessages;
