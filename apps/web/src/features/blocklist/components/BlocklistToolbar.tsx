import { StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { BLOCK_SOURCES, BLOCK_STATES, type BlockSource } from '@nimbus/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlocklistFilters } from '@/features/blocklist/lib/list-filters';
import { FilterLabel } from '@/shared/ui/FilterLabel';

interface BlocklistToolbarProps {
  filters: BlocklistFilters;
  onFilters: (filters: BlocklistFilters) => void;
  selectedCount: number;
  onBlock: () => void;
  onConditional: () => void;
  onReleaseSelected: () => void;
}

/** The actions (block, conditional release, release the selection) and the list's filters. */
export function BlocklistToolbar(props: BlocklistToolbarProps) {
  const { t } = useTranslation();
  const { filters, onFilters } = props;
  return (
    <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 16 }}>
      <Flex wrap gap={8}>
        <Button type="primary" danger icon={<StopOutlined />} onClick={props.onBlock}>
          {t('blocklist.toolbar.block')}
        </Button>
        <Button icon={<UnlockOutlined />} onClick={props.onConditional}>
          {t('blocklist.toolbar.conditional')}
        </Button>
        <Button disabled={props.selectedCount === 0} onClick={props.onReleaseSelected}>
          {t('blocklist.toolbar.releaseSelected')}
          {props.selectedCount > 0 && ` (${props.selectedCount})`}
        </Button>
      </Flex>
      <Flex wrap gap={12}>
        <FilterLabel label={t('blocklist.toolbar.search')}>
          <Input.Search
            allowClear
            enterButton
            placeholder={t('blocklist.toolbar.searchPlaceholder')}
            maxLength={100}
            style={{ width: 260 }}
            onSearch={(keyword) => onFilters({ ...filters, keyword: keyword.trim() || undefined })}
          />
        </FilterLabel>
        <FilterLabel label={t('blocklist.toolbar.state')}>
          <Select<BlocklistFilters['state']>
            value={filters.state}
            style={{ width: 120 }}
            onChange={(state) => onFilters({ ...filters, state })}
            options={(['all', ...BLOCK_STATES] as const).map((state) => ({
              value: state,
              label: t(`blocklist.state.${state}`),
            }))}
          />
        </FilterLabel>
        <FilterLabel label={t('blocklist.toolbar.source')}>
          <Select<BlockSource | 'all'>
            value={filters.source ?? 'all'}
            style={{ width: 130 }}
            onChange={(source) => onFilters({ ...filters, source: source === 'all' ? undefined : source })}
            options={[
              { value: 'all', label: t('blocklist.toolbar.allSources') },
              ...BLOCK_SOURCES.map((source) => ({ value: source, label: t(`blocklist.source.${source}`) })),
            ]}
          />
        </FilterLabel>
      </Flex>
    </Flex>
  );
}
