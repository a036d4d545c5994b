import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { BUSINESS_SECURE_LIMITS, type RateLimitRule } from '@nimbus/contract';
import { Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RateLimitModal } from '@/features/site-business-secure/components/RateLimitModal';
import { moved, replaced, without } from '@/features/site-business-secure/lib/rule-list';
import { DataTable } from '@/shared/ui/DataTable';

interface RateLimitEditorProps {
  /** Given by the tab's Form.Item. */
  value?: RateLimitRule[];
  onChange?: (rules: RateLimitRule[]) => void;
}

/** The rules in the order the edge checks them: add and edit in a dialog, move, delete. */
export function RateLimitEditor({ value = [], onChange }: RateLimitEditorProps) {
  const { t } = useTranslation();
  // undefined: closed; -1: a new rule; else the index edited. `opened` remounts the dialog.
  const [editing, setEditing] = useState<number>();
  const [opened, setOpened] = useState(0);
  const change = (rules: RateLimitRule[]) => onChange?.(rules);
  const open = (index: number) => {
    setEditing(index);
    setOpened((n) => n + 1);
  };

  const columns: ColumnsType<RateLimitRule> = [
    {
      title: t('siteBusinessSecure.column.order'),
      key: 'order',
      width: 110,
      render: (_, __, index) => (
        <Space size={2}>
          <span style={{ minWidth: 20, textAlign: 'center' }}>{index + 1}</span>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={t('siteBusinessSecure.moveUp', { n: index + 1 })}
            disabled={index === 0}
            onClick={() => change(moved(value, index, -1))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={t('siteBusinessSecure.moveDown', { n: index + 1 })}
            disabled={index === value.length - 1}
            onClick={() => change(moved(value, index, 1))}
          />
        </Space>
      ),
    },
    {
      title: t('siteBusinessSecure.column.path'),
      key: 'path',
      render: (_, rule) => (
        <Flex gap={6} align="center" wrap>
          <Tag>{t(`siteBusinessSecure.matchKind.${rule.match}`)}</Tag>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {rule.path}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('siteBusinessSecure.column.rate'),
      key: 'rate',
      render: (_, rule) =>
        t('siteBusinessSecure.perUnit', { rate: rule.rate, unit: t(`siteBusinessSecure.unit.${rule.unit}`) }),
    },
    { title: t('siteBusinessSecure.column.burst'), dataIndex: 'burst', key: 'burst' },
    {
      title: t('siteBusinessSecure.column.action'),
      key: 'action',
      render: (_, rule) => (
        <Tag color={rule.action === 'reject' || rule.action === 'ban' ? 'red' : 'blue'}>
          {rule.action === 'ban'
            ? t('siteBusinessSecure.banFor', { seconds: rule.banSeconds })
            : t(`siteBusinessSecure.action.${rule.action}`)}
        </Tag>
      ),
    },
    {
      title: t('siteBusinessSecure.column.operations'),
      key: 'operations',
      render: (_, __, index) => (
        <Space>
          <Button size="small" type="link" onClick={() => open(index)}>
            {t('siteBusinessSecure.edit')}
          </Button>
          <Popconfirm
            title={t('siteBusinessSecure.deleteTitle', { n: index + 1 })}
            description={t('siteBusinessSecure.deleteContent')}
            onConfirm={() => change(without(value, index))}
          >
            <Button size="small" type="link" danger>
              {t('siteBusinessSecure.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <DataTable<RateLimitRule>
        rowKey={(rule) => value.indexOf(rule)}
        columns={columns}
        dataSource={value}
        emptyText={t('siteBusinessSecure.empty')}
      />
      <div>
        <Button
          icon={<PlusOutlined />}
          onClick={() => open(-1)}
          disabled={value.length >= BUSINESS_SECURE_LIMITS.rules}
        >
          {t('siteBusinessSecure.add')}
        </Button>
      </div>
      <RateLimitModal
        key={opened}
        open={editing !== undefined}
        rule={editing === undefined || editing < 0 ? undefined : value[editing]}
        onCancel={() => setEditing(undefined)}
        onSave={(rule) => {
          change(editing === undefined || editing < 0 ? [...value, rule] : replaced(value, editing, rule));
          setEditing(undefined);
        }}
      />
    </Flex>
  );
}
