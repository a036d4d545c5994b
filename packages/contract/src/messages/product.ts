import type { LocalizedMessages } from './types';

/** Products and plans: refusals and the names of kinds, units and modes. */
export const productMessages = {
  'product.notFound': { cn: '产品不存在', en: 'Product not found' },
  'product.priceInvalid': {
    cn: '价格须为 0 到 10,000,000.00 之间、最多两位小数的金额',
    en: 'A price must be an amount from 0 to 10,000,000.00 with at most two decimals',
  },
  'product.pricesRequired': {
    cn: '至少设置一个计费周期的价格',
    en: 'Set a price for at least one billing cycle',
  },
  'product.attrNotForKind': {
    cn: '属性：该类型的产品不能设置此属性',
    en: 'Attributes: a product of this type cannot carry this attribute',
  },
  'product.cycleNotForKind': {
    cn: '价格：流量包的计费周期即有效期，只能按天、月、季、年',
    en: 'Prices: a traffic package is valid for its billing cycle, so it is priced per day, month, quarter or year only',
  },
  'product.packageTrafficRequired': {
    cn: '属性：流量包须设置大于 0 的流量（GB）',
    en: 'Attributes: a traffic package needs a traffic of more than 0 GB',
  },
  'product.priceUnitTwice': {
    cn: '每个计费周期只能设置一个价格',
    en: 'Each billing cycle can have one price only',
  },
  'product.usagePriceInvalid': {
    cn: '用量单价须为 0 到 10,000,000.00 之间、最多两位小数的金额',
    en: 'The usage price must be an amount from 0 to 10,000,000.00 with at most two decimals',
  },
  'product.usagePriceNotForKind': {
    cn: '用量单价：只有 CDN 套餐按用量结算',
    en: 'Usage price: only CDN plans are settled by use',
  },
  'product.bandwidthPriceRequired': {
    cn: '用量单价：按带宽计费的套餐须设置大于 0 的每 Mbps 单价',
    en: 'Usage price: a plan billed by bandwidth needs a price per Mbps of more than 0',
  },
  'product.noPlans': {
    cn: '暂无可购买的套餐，请联系管理员添加套餐',
    en: 'No plans: contact the administrator to add plans',
  },
  'field.kind': { cn: '产品类型', en: 'Product type' },
  'field.prices': { cn: '价格', en: 'Prices' },
  'field.attrs': { cn: '产品属性', en: 'Attributes' },
  'field.billingMode': { cn: '计费方式', en: 'Billing mode' },
  'field.usagePriceCents': { cn: '用量单价', en: 'Usage price' },
  'field.onSale': { cn: '上架', en: 'On sale' },
  'field.sort': { cn: '排序', en: 'Sort order' },
  'field.cents': { cn: '价格', en: 'Price' },
} as const satisfies LocalizedMessages;
