import { PlusOutlined } from '@ant-design/icons';
import { formatMoney, PRODUCT_KINDS, type Product, type ProductKind } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productsApi, productsQueryKey } from '@/features/products/api/products-api';
import { ProductFormModal } from '@/features/products/components/ProductFormModal';
import { attrAmount, attrSummary } from '@/features/products/lib/product-attrs';
import { usagePriceText } from '@/features/products/lib/usage-price';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { MountWhenOpened } from '@/shared/lazy/MountWhenOpened';
import { DataTable } from '@/shared/ui/DataTable';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { MutedText } from '@/shared/ui/PlainText';
import { usePaging } from '@/shared/ui/usePaging';

type SaleFilter = 'all' | 'on' | 'off';

/** The admins' catalogue: CDN and DNS plans and value-added services, their prices and sale state. */
export function ProductList() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { config } = useWebConfig();
  const paging = usePaging();
  const [kind, setKind] = useState<ProductKind>();
  const [sale, setSale] = useState<SaleFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Product | 'new'>();
  const queryClient = useQueryClient();
  const body = {
    page: paging.page,
    limit: paging.limit,
    kind,
    onSale: sale === 'all' ? undefined : sale === 'on',
    keyword: keyword || undefined,
  };
  const query = useQuery({
    queryKey: [...productsQueryKey, body],
    queryFn: ({ signal }) => productsApi.adminList(body, signal),
    placeholderData: keepPreviousData,
  });
  const setOnSale = useMutation({
    mutationFn: productsApi.setOnSale,
    onSuccess: () => {
      void message.success(t('common.saved'));
      return queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.reset();
    };

  const columns: ColumnsType<Product> = [
    { title: t('products.column.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('products.column.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (value: ProductKind) => t(`products.kind.${value}`),
    },
    {
      title: t('products.column.attrs'),
      key: 'attrs',
      render: (_, product) =>
        product.ssl
          ? t('products.ssl.summary', {
              ca: t(`products.ssl.ca.${product.ssl.ca}`),
              count: product.ssl.maxDomains,
            })
          : product.kind === 'traffic_package'
            ? `${t('products.form.packageTraffic')} ${attrAmount(product.attrs.traffic)}`
            : attrSummary(product.attrs, t, 4),
    },
    {
      title: t('products.column.prices'),
      key: 'prices',
      render: (_, product) => (
        <Space orientation="vertical" size={0}>
          {product.prices.map((price) => (
            <span key={price.unit}>
              {formatMoney(price.cents, config.price.unit)} / {t(`products.cycle.${price.unit}`)}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('products.column.billingMode'),
      key: 'billingMode',
      // Certificates and traffic packages are paid for as bought, not settled by traffic.
      render: (_, product) =>
        product.kind === 'ssl' || product.kind === 'traffic_package' ? (
          '-'
        ) : (
          <Space orientation="vertical" size={0}>
            {t(`products.billingMode.${product.billingMode}`)}
            {usagePriceText(product, config.price, t)}
          </Space>
        ),
    },
    {
      title: t('products.column.state'),
      dataIndex: 'onSale',
      key: 'state',
      render: (onSale: boolean) => (
        <Tag color={onSale ? 'success' : 'default'}>{t(onSale ? 'products.onSale' : 'products.offSale')}</Tag>
      ),
    },
    { title: t('products.column.sort'), dataIndex: 'sort', key: 'sort' },
    {
      title: t('products.column.action'),
      key: 'action',
      render: (_, product) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(product)}>
            {t('products.edit')}
          </Button>
          {product.onSale ? (
            <Popconfirm
              title={t('products.offSaleTitle', { name: product.name })}
              description={t('products.offSaleText')}
              okText={t('products.takeOffSale')}
              cancelText={t('confirm.cancel')}
              onConfirm={() => setOnSale.mutate({ id: product.id, onSale: false })}
            >
              <Button type="link" size="small" danger>
                {t('products.takeOffSale')}
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="link"
              size="small"
              onClick={() => setOnSale.mutate({ id: product.id, onSale: true })}
            >
              {t('products.putOnSale')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('products.title')}>
      <MutedText block>{t('products.intro')}</MutedText>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Flex wrap gap={8}>
          <FilterLabel label={t('table.search')}>
            <Input.Search
              allowClear
              enterButton
              placeholder={t('products.searchPlaceholder')}
              maxLength={64}
              style={{ width: 240 }}
              onSearch={(value) => filter(setKeyword)(value.trim())}
            />
          </FilterLabel>
          <FilterLabel label={t('products.column.kind')}>
            <Select<ProductKind>
              allowClear
              placeholder={t('products.allKinds')}
              style={{ width: 160 }}
              value={kind}
              onChange={filter(setKind)}
              options={PRODUCT_KINDS.map((value) => ({ value, label: t(`products.kind.${value}`) }))}
            />
          </FilterLabel>
          <FilterLabel label={t('products.column.state')}>
            <Select<SaleFilter>
              style={{ width: 120 }}
              value={sale}
              onChange={filter(setSale)}
              options={[
                { value: 'all', label: t('products.allStates') },
                { value: 'on', label: t('products.onSale') },
                { value: 'off', label: t('products.offSale') },
              ]}
            />
          </FilterLabel>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('products.add')}
        </Button>
      </Flex>
      <DataTable<Product>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        emptyText={t('products.empty')}
        paging={{
          page: paging.page,
          pageSize: paging.limit,
          total: query.data?.totalCount ?? 0,
          onChange: paging.onChange,
        }}
      />
      <MountWhenOpened open={editing !== undefined}>
        <ProductFormModal editing={editing} onClose={() => setEditing(undefined)} />
      </MountWhenOpened>
    </Card>
  );
}
