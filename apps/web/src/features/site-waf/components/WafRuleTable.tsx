import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import type { WafRule } from '@nimbus/contract';
import { Button, Flex, Popconfirm, Space, Switch, Tag, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { actionText, conditionsText, remarkText } from '@/features/site-waf/lib/condition-summary';
import { movedBy, movedOnto } from '@/features/site-waf/lib/reorder';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { formatDateTime } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';

interface WafRuleTableProps {
  rules: WafRule[];
  loading: boolean;
  /** Every rule's id in the new order. */
  onOrder: (ids: number[]) => void;
  ordering: boolean;
  onStatus: (rule: WafRule, enabled: boolean) => void;
  /** The rule whose switch is being saved. */
  switching?: number;
  onEdit: (rule: WafRule) => void;
  onDelete: (rule: WafRule) => Promise<unknown>;
}

/**
 * The site's rules in the order the edges run them. A row is dragged to a new place (or moved
 * by its arrows, which the keyboard reaches); the whole new order is sent at once.
 */
export function WafRuleTable(props: WafRuleTableProps) {
  const { rules, loading, onOrder, ordering, onStatus, switching, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  const ids = rules.map((r) => r.id);

  const columns: ColumnsType<WafRule> = [
    {
      title: t('siteWaf.column.priority'),
      key: 'priority',
      width: 110,
      render: (_, rule, index) => (
        <Space size={2}>
          <HolderOutlined
            role="img"
            aria-label={t('siteWaf.rules.dragHandle', { priority: rule.priority })}
            style={{ cursor: 'grab', color: token.colorTextTertiary }}
          />
          <span style={{ minWidth: 20, textAlign: 'center' }}>{rule.priority}</span>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={t('siteWaf.rules.moveUp', { priority: rule.priority })}
            disabled={index === 0 || ordering}
            onClick={() => onOrder(movedBy(ids, index, -1))}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={t('siteWaf.rules.moveDown', { priority: rule.priority })}
            disabled={index === rules.length - 1 || ordering}
            onClick={() => onOrder(movedBy(ids, index, 1))}
          />
        </Space>
      ),
    },
    {
      title: t('siteWaf.column.rule'),
      key: 'rule',
      render: (_, rule) => {
        const remark = remarkText(rule, t);
        const conditions = conditionsText(rule.conditions, t);
        return (
          <Flex vertical gap={2} align="flex-start">
            <Flex gap={8} align="center" wrap>
              {remark ? (
                <Typography.Text strong>{remark}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('siteWaf.rules.noRemark')}</Typography.Text>
              )}
              {rule.preset && (
                <Tag color="geekblue">
                  {t('siteWaf.rules.presetTag', { name: t(`siteWaf.presets.name.${rule.preset}`) })}
                </Tag>
              )}
            </Flex>
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: conditions }} style={{ margin: 0 }}>
              {conditions}
            </Typography.Paragraph>
          </Flex>
        );
      },
    },
    {
      title: t('siteWaf.column.action'),
      key: 'action',
      width: 140,
      render: (_, rule) => (
        <Tag color={actionColor(rule.action)} style={{ whiteSpace: 'normal' }}>
          {actionText(rule, t)}
        </Tag>
      ),
    },
    {
      title: t('siteWaf.column.status'),
      key: 'status',
      width: 70,
      render: (_, rule) => (
        <Switch
          size="small"
          checked={rule.enabled}
          loading={switching === rule.id}
          aria-label={t('siteWaf.rules.enabledOf', { priority: rule.priority })}
          onChange={(enabled) => onStatus(rule, enabled)}
        />
      ),
    },
    {
      title: t('siteWaf.column.updateTime'),
      key: 'updateTime',
      width: 110,
      // Date over time: the rule column keeps the room.
      render: (_, rule) => (
        <Flex vertical>
          {formatDateTime(rule.updateTime)
            .split(' ')
            .map((part) => (
              <span key={part}>{part}</span>
            ))}
        </Flex>
      ),
    },
    {
      title: t('siteWaf.column.operation'),
      key: 'operation',
      width: 120,
      render: (_, rule) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(rule)}>
            {t('siteWaf.rules.edit')}
          </Button>
          <Popconfirm
            title={t('siteWaf.rules.deleteTitle', { priority: rule.priority })}
            description={t('siteWaf.rules.deleteContent')}
            okText={t('confirm.ok')}
            cancelText={t('confirm.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(rule)}
            onCancel={() => void message.info(t('confirm.canceled'))}
          >
            <Button type="link" size="small" danger>
              {t('siteWaf.rules.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const endDrag = () => {
    setDragged(undefined);
    setOver(undefined);
  };

  return (
    <DataTable<WafRule>
      rowKey="id"
      columns={columns}
      dataSource={rules}
      loading={loading}
      emptyText={t('siteWaf.rules.empty')}
      // Fits beside the page's tabs at 1440 px; narrower, the table scrolls rather than squeezing the rule.
      scroll={{ x: 760 }}
      onRow={(rule) => ({
        draggable: !ordering,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(rule.id));
          setDragged(rule.id);
        },
        onDragOver: (e: DragEvent) => {
          if (dragged === undefined) return;
          e.preventDefault();
          setOver(rule.id);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          if (dragged !== undefined && dragged !== rule.id) onOrder(movedOnto(ids, dragged, rule.id));
          endDrag();
        },
        onDragEnd: endDrag,
        style: {
          opacity: dragged === rule.id ? 0.5 : 1,
          boxShadow:
            over === rule.id && dragged !== rule.id ? `inset 0 2px 0 ${token.colorPrimary}` : undefined,
        },
      })}
    />
  );
}

function actionColor(action: WafRule['action']): string | undefined {
  if (['intercept', 'code', 'ban', 'blacklist-node', 'blacklist-all'].includes(action)) return 'red';
  if (['release', 'log-release', 'direct-release', 'ignore'].includes(action)) return 'green';
  if (['sensorless', 'click-number'].includes(action)) return 'blue';
  return 'gold';
}
