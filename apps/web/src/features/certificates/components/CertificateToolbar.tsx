import { SafetyCertificateOutlined, ShoppingCartOutlined, UploadOutlined } from '@ant-design/icons';
import { CERTIFICATE_STATUSES, type CertificateListRequest } from '@nimbus/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterLabel } from '@/shared/ui/FilterLabel';

export type CertificateFilters = Pick<CertificateListRequest, 'keyword' | 'status'>;

interface CertificateToolbarProps {
  onUpload: () => void;
  onApply: () => void;
  onBuy: () => void;
  onFilter: (patch: CertificateFilters) => void;
}

/** Upload / apply / buy, and the list's search by name or domain and by status. */
export function CertificateToolbar({ onUpload, onApply, onBuy, onFilter }: CertificateToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      <Button type="primary" icon={<UploadOutlined />} onClick={onUpload}>
        {t('certificates.list.upload')}
      </Button>
      <Button icon={<SafetyCertificateOutlined />} onClick={onApply}>
        {t('certificates.list.apply')}
      </Button>
      <Button icon={<ShoppingCartOutlined />} onClick={onBuy}>
        {t('certificates.list.buy')}
      </Button>
      <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
        <Select
          allowClear
          placeholder={t('certificates.list.statusFilter')}
          aria-label={t('certificates.list.statusFilter')}
          options={CERTIFICATE_STATUSES.map((value) => ({
            value,
            label: t(`certificates.status.${value}`),
          }))}
          onChange={(status?: CertificateFilters['status']) => onFilter({ status })}
          style={{ width: 150 }}
        />
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            enterButton
            onSearch={(value) => onFilter({ keyword: value.trim() || undefined })}
            placeholder={t('certificates.list.searchPlaceholder')}
            maxLength={255}
            style={{ width: 280 }}
          />
        </FilterLabel>
      </Flex>
    </Flex>
  );
}
