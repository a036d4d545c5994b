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
  'finance.reason.settlement': { cn: '月度结算', en: 'Monthly settlement' },
  'settlement.kind.overage': { cn: '超额流量', en: 'Traffic overage' },
  'settlement.kind.peak': { cn: '日峰值带宽月平均', en: 'Average daily peak bandwidth' },
  'settlement.kind.p95': { cn: '月 95 带宽', en: 'Monthly 95th-percentile bandwidth' },
  'settlement.line': {
    cn: '{month} 套餐「{plan}」{kind}：{figure} × {price} = {amount}',
    en: '{month} plan "{plan}" {kind}: {figure} × {price} = {amount}',
  },
  'settlement.chargedTitle': { cn: '月度结算已扣款：{plan}', en: 'Monthly settlement charged: {plan}' },
  'settlement.chargedContent': {
    cn: '您的套餐「{plan}」{month} 的{kind}为 {figure}，单价 {price}，已从余额扣除 {amount}。',
    en: 'Your plan "{plan}" used {figure} of {kind} in {month}; at {price} each, {amount} was charged to your balance.',
  },
  'settlement.unpaidTitle': { cn: '月度结算待支付：{plan}', en: 'Monthly settlement to pay: {plan}' },
  'settlement.unpaidContent': {
    cn: '您的套餐「{plan}」{month} 的{kind}为 {figure}，单价 {price}，共 {amount}。余额不足，已生成待支付订单 {serial}，请充值后支付。',
    en: 'Your plan "{plan}" used {figure} of {kind} in {month}; at {price} each, that is {amount}. Your balance could not cover it: pay order {serial} after a recharge.',
  },
  'field.amount': { cn: '金额', en: 'Amount' },
  'field.direction': { cn: '类型', en: 'Type' },
  // A ledger filter's change type and a refusal's stated reason alike: why something happened.
  'field.reason': { cn: '原因', en: 'Reason' },
} as const satisfies LocalizedMessages;
