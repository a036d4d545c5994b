import { PlusOutlined } from '@ant-design/icons';
import type { CustomerSummary } from '@nimbus/contract';
import { Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerFormModal } from '@/features/customers/components/CustomerFormModal';
import { CustomerTable } from '@/features/customers/components/CustomerTable';
import { useCustomerList } from '@/features/customers/hooks/useCustomers';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';

/** Admin account management: every customer, searchable by username, e-mail or mobile. */
export function CustomerList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<CustomerSummary | 'new'>();
  const query = useCustomerList({ page: paging.page, limit: paging.limit, keyword });

  function search(value: string) {
    setKeyword(value.trim());
    paging.reset();
  }

  return (
    <Card title={t('customers.title')}>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            enterButton
            placeholder={t('customers.searchPlaceholder')}
            onSearch={search}
            style={{ maxWidth: 360 }}
            maxLength={254}
          />
        </FilterLabel>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('customers.edit.add')}
        </Button>
      </Flex>
      <CustomerTable
        list={query.data?.list ?? []}
        loading={query.isFetching}
        paging={{
          page: paging.page,
          pageSize: paging.limit,
          total: query.data?.totalCount ?? 0,
          onChange: paging.onChange,
        }}
        onEdit={setEditing}
      />
      <CustomerFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
