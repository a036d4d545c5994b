import { formatMoney, type Product } from '@nimbus/contract';
import type { TFunction } from 'i18next';

/**
 * What a CDN plan product settles monthly beside its price (ADR 0044): its price per Mbps when
 * billed by bandwidth, or per GB past the quota when the platform bills the overage; null when
 * nothing is settled.
 */
export function usagePriceText(
  product: Pick<Product, 'kind' | 'billingMode' | 'usagePriceCents'>,
  price: { unit: string; trafficOverage: number },
  t: TFunction,
): string | null {
  if (product.kind !== 'cdn_plan' || product.usagePriceCents <= 0) return null;
  const amount = formatMoney(product.usagePriceCents, price.unit);
  if (product.billingMode !== 1)
    return t('products.usage.bandwidth', {
      mode: t(`products.billingMode.${product.billingMode}`),
      price: amount,
    });
  return price.trafficOverage === 1 ? t('products.usage.overage', { price: amount }) : null;
}
