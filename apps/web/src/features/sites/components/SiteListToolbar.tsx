import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { SITE_STATUS_FILTERS, type SiteListRequest } from '@nimbus/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SiteGroupSelect } from '@/features/sites/components/SiteGroupSelect';
import { SITE_ROUTES } from '@/features/sites/lib/routes';
import { FilterLabel } from '@/shared/ui/FilterLabel';

export type SiteFilters = Pick<SiteListRequest, 'keyword' | 'siteGroupId' | 'status'>;

/** Add / bulk add, and the list's search by domain, group and state. */
export function SiteListToolbar({ onChange }: { onChange: (patch: SiteFilters) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const statusLabel = {
    enabled: t('sites.status.enabled'),
    disabled: t('sites.status.disabled'),
    applied: t('sites.status.applied'),
    pending: t('sites.status.pending'),
    failed: t('sites.status.failed'),
  };

  return (
    <Flex gap={8} wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(SITE_ROUTES.create)}>
        {t('sites.list.add')}
      </Button>
      <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(SITE_ROUTES.bulk)}>
        {t('sites.list.bulkAdd')}
      </Button>
      <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
        <SiteGroupSelect
          placeholder={t('sites.list.groupFilter')}
          aria-label={t('sites.list.groupFilter')}
          onChange={(id) => onChange({ siteGroupId: id ?? undefined })}
          style={{ width: 180 }}
        />
        <Select
          allowClear
          placeholder={t('sites.list.statusFilter')}
          aria-label={t('sites.list.statusFilter')}
          options={SITE_STATUS_FILTERS.map((value) => ({ value, label: statusLabel[value] }))}
          onChange={(status?: SiteFilters['status']) => onChange({ status })}
          style={{ width: 150 }}
        />
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
            placeholder={t('sites.list.searchPlaceholder')}
            enterButton
            maxLength={255}
            style={{ width: 280 }}
          />
        </FilterLabel>
      </Flex>
    </Flex>
  );
}
