import {
  attrNamesFor,
  parseMoneyToCents,
  cyclesFor,
  type Product,
  type ProductAttrName,
} from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { productsApi, productsQueryKey } from '@/features/products/api/products-api';
import {
  PRODUCT_FORM_ID,
  ProductForm,
  type ProductFormValues,
} from '@/features/products/components/ProductForm';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** Adds a product or edits one, saving what the form holds. */
export function ProductFormModal({
  editing,
  onClose,
}: {
  editing: Product | 'new' | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: productsApi.save,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
  const product = editing && editing !== 'new' ? editing : null;

  const submit = (values: ProductFormValues) => {
    const prices = cyclesFor(values.kind).flatMap((unit) => {
      const text = values.prices[unit];
      return text ? [{ unit, cents: parseMoneyToCents(text) ?? -1 }] : [];
    });
    const own = attrNamesFor(values.kind);
    const attrs = Object.fromEntries(
      Object.entries(values.attrs ?? {}).filter(
        ([name, value]) => own.includes(name as ProductAttrName) && value !== null && value !== undefined,
      ),
    ) as Record<ProductAttrName, number | boolean>;
    save.mutate(
      {
        id: product?.id,
        kind: values.kind,
        name: values.name ?? '',
        description: values.description ?? '',
        billingMode: values.kind === 'traffic_package' ? 1 : values.billingMode,
        sort: values.sort ?? 0,
        onSale: product ? product.onSale : (values.onSale ?? false),
        attrs,
        prices,
        usagePriceCents:
          values.kind === 'cdn_plan' && values.usagePrice ? (parseMoneyToCents(values.usagePrice) ?? -1) : 0,
        // An empty HMAC key keeps the stored one.
        ssl: values.kind === 'ssl' ? { ...values.ssl, eabHmacKey: values.ssl.eabHmacKey ?? '' } : undefined,
      },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={editing !== undefined}
      title={t(product ? 'products.form.editTitle' : 'products.form.addTitle')}
      okText={t('products.form.ok')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ form: PRODUCT_FORM_ID, htmlType: 'submit' }}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      {/* Keyed: a product opened while the last one's dialog is still closing gets a form of its own. */}
      <ProductForm key={product?.id ?? 'new'} product={product} onFinish={submit} />
    </Modal>
  );
}
