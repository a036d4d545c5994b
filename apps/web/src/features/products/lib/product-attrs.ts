import {
  groupThousands,
  PRODUCT_ATTR_NAMES,
  PRODUCT_ATTRS,
  PRODUCT_ATTRS_NOT_YET,
  type ProductAttrName,
} from '@nimbus/contract';
import type { Translate } from '@/shared/forms/zod-rules';

/** Attributes as products and plans carry them: a count, or a switch. */
export type AttrValues = Readonly<Record<string, boolean | number>>;

/** What a product or plan offers, in the catalogue's order: counts that are set and switches that are on. */
export function offeredAttrs(attrs: AttrValues): ProductAttrName[] {
  return PRODUCT_ATTR_NAMES.filter((name) => attrs[name] !== undefined && attrs[name] !== false);
}

/** What a customer is offered: attributes Nimbus has nothing behind yet are not selling points. */
export function sellingAttrs(attrs: AttrValues): ProductAttrName[] {
  return offeredAttrs(attrs).filter((name) => !PRODUCT_ATTRS_NOT_YET.includes(name));
}

/** A count's amount with thousands separators (its label already names the unit). */
export function attrAmount(value: boolean | number | undefined): string {
  return typeof value === 'number' ? groupThousands(String(value)) : '';
}

/** One attribute in words: a switch by its name, a count by its name and amount ("Domains 10"). */
export function attrText(name: ProductAttrName, attrs: AttrValues, t: Translate): string {
  const label = t(`products.attr.${name}`);
  return PRODUCT_ATTRS[name].type === 'switch' ? label : `${label} ${attrAmount(attrs[name])}`;
}

const summaryOf = (names: ProductAttrName[], attrs: AttrValues, t: Translate, max: number) =>
  names
    .slice(0, max)
    .map((name) => attrText(name, attrs, t))
    .join(' · ') || '-';

/** The first `max` offered attributes on one line, for tables ("Domains 10 · HTTPS"), or '-'. */
export function attrSummary(attrs: AttrValues, t: Translate, max = PRODUCT_ATTR_NAMES.length): string {
  return summaryOf(offeredAttrs(attrs), attrs, t, max);
}

/** attrSummary for customers: only what Nimbus delivers (sellingAttrs). */
export function sellingSummary(attrs: AttrValues, t: Translate, max = PRODUCT_ATTR_NAMES.length): string {
  return summaryOf(sellingAttrs(attrs), attrs, t, max);
}
