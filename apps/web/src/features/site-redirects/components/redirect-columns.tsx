import type { SiteConfigState } from '@nimbus/contract';
import { Button, Flex, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';
import { DATE_COLUMN_WIDTH, DateCell } from '@/features/site-redirects/components/DateCell';

interface RedirectEntry {
  enabled: boolean;
  config: SiteConfigState;
  createdAt: string;
}

interface EntryColumnOptions<T> {
  onEdit: (entry: T) => void;
  onDelete: (entry: T) => void;
  configWidth?: number;
  actionWidth: number;
}

/** The columns both redirect tables end with: how far it reached the nodes, when, and its actions. */
export function entryColumns<T extends RedirectEntry>(
  t: TFunction,
  { onEdit, onDelete, configWidth, actionWidth }: EntryColumnOptions<T>,
): ColumnsType<T> {
  return [
    {
      title: t('redirects.column.config'),
      key: 'config',
      width: configWidth,
      render: (_, entry) => (
        <Flex gap={4} wrap>
          {!entry.enabled && <Tag>{t('redirects.off')}</Tag>}
          <ConfigStateTags state={entry.config} />
        </Flex>
      ),
    },
    {
      title: t('redirects.column.createdAt'),
      dataIndex: 'createdAt',
      width: DATE_COLUMN_WIDTH,
      render: (value: string) => <DateCell value={value} />,
    },
    {
      title: t('redirects.column.action'),
      key: 'action',
      fixed: 'right',
      width: actionWidth,
      render: (_, entry) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(entry)}>
            {t('redirects.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(entry)}>
            {t('redirects.delete')}
          </Button>
        </Space>
      ),
    },
  ];
}
