import { useTranslation } from 'react-i18next';
import { attrText, sellingAttrs, type AttrValues } from '@/features/products/lib/product-attrs';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * Every quota and switch a product offers that Nimbus delivers, one a line. Spans, not a list: it sits inside a
 * radio's label, which may only hold phrasing content.
 */
export function AttrList({ attrs }: { attrs: AttrValues }) {
  const { t } = useTranslation();
  const names = sellingAttrs(attrs);
  if (names.length === 0) return <MutedText style={{ display: 'block' }}>{t('plans.noAttrs')}</MutedText>;
  return names.map((name) => (
    <span key={name} style={{ display: 'block' }}>
      {attrText(name, attrs, t)}
    </span>
  ));
}
