import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CACHE_RULE_KINDS,
  cacheRuleSchema,
  noCacheRuleSchema,
  performanceSettingsSchema,
  SITE_SETTING_LIMITS,
  type CacheRuleKind,
} from '@nimbus/contract';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColumnHeading } from '@/features/site-admin/components/rules/ColumnHeading';
import { filledRule, listRule, rowRule } from '@/features/site-admin/components/rules/form-rules';
import { TtlInput } from '@/features/site-admin/components/rules/TtlInput';

const COLUMN = {
  order: { flex: '0 0 48px' },
  kind: { flex: '0 0 130px' },
  match: { flex: '1 1 220px', minWidth: 160 },
  ttl: { flex: '0 0 212px' },
  actions: { flex: '0 0 104px' },
} as const;
const cell = { marginBottom: 0 } as const;

/** What a match of each kind looks like (the contract's shapes). */
export const MATCH_EXAMPLES: Readonly<Record<CacheRuleKind, string>> = {
  all: '',
  ext: 'jpg|png|css',
  dir: '/images/',
  path: '/index.html',
  regex: '\\.(jpg|png)$',
};

export interface CacheRulesEditorProps {
  /** `cacheRules` (with a cache time) or `noCacheRules` (never cached). */
  name: 'cacheRules' | 'noCacheRules';
  label: string;
  help: string;
  /** Said under the list: how the rules are applied (first match wins, no-cache wins). */
  note: string;
}

/**
 * Cache or no-cache rules (spec §5): a kind, what it matches and, for cache rules, how long; in
 * order, since the first cache rule that matches decides. Each row is checked with the
 * contract's own rule schema as it is typed.
 */
export function CacheRulesEditor({ name, label, help, note }: CacheRulesEditorProps) {
  const { t } = useTranslation();
  const withTtl = name === 'cacheRules';
  const max = withTtl ? SITE_SETTING_LIMITS.cacheRules : SITE_SETTING_LIMITS.noCacheRules;
  const labels = {
    kind: t('siteAdmin.performance.rule.kind'),
    match: t('siteAdmin.performance.rule.match'),
    ttl: t('siteAdmin.performance.rule.ttl'),
  };
  return (
    <Form.Item label={label} tooltip={help} extra={note}>
      <Form.List name={name} rules={[listRule(performanceSettingsSchema.shape[name], t, label)]}>
        {(fields, { add, remove, move }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.length > 0 && (
              <Flex gap={8}>
                <Typography.Text type="secondary" style={COLUMN.order}>
                  {t('siteAdmin.rules.order')}
                </Typography.Text>
                <ColumnHeading
                  text={labels.kind}
                  help={t('siteAdmin.performance.rule.kindHelp')}
                  style={COLUMN.kind}
                />
                <ColumnHeading
                  text={labels.match}
                  help={t('siteAdmin.performance.rule.matchHelp')}
                  style={COLUMN.match}
                />
                {withTtl && (
                  <ColumnHeading
                    text={labels.ttl}
                    help={t('siteAdmin.performance.rule.ttlHelp')}
                    style={COLUMN.ttl}
                  />
                )}
                <span style={COLUMN.actions} />
              </Flex>
            )}
            {fields.map((field, index) => (
              <CacheRuleRow
                key={field.key}
                list={name}
                index={index}
                last={index === fields.length - 1}
                withTtl={withTtl}
                labels={labels}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(index)}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= max}
              onClick={() =>
                add(withTtl ? { kind: 'ext', match: '', ttl: 3600 } : { kind: 'ext', match: '' })
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {t('siteAdmin.rules.addRow', { max })}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

interface RowProps {
  list: 'cacheRules' | 'noCacheRules';
  index: number;
  last: boolean;
  withTtl: boolean;
  labels: Record<'kind' | 'match' | 'ttl', string>;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function CacheRuleRow({ list, index, last, withTtl, labels, onMove, onRemove }: RowProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const row = index + 1;
  const kind = Form.useWatch([list, index, 'kind']) as CacheRuleKind | undefined;
  const schema = withTtl ? cacheRuleSchema : noCacheRuleSchema;
  const aria = (field: keyof typeof labels) => t('siteAdmin.rules.rowField', { field: labels[field], row });
  return (
    <Flex gap={8} align="start">
      <Typography.Text style={{ ...COLUMN.order, lineHeight: '32px' }}>{row}</Typography.Text>
      <Form.Item name={[index, 'kind']} style={{ ...cell, ...COLUMN.kind }}>
        <Select<CacheRuleKind>
          aria-label={aria('kind')}
          options={CACHE_RULE_KINDS.map((k) => ({ value: k, label: t(`siteAdmin.performance.kinds.${k}`) }))}
          // The whole site matches nothing in particular: its match is empty by the contract.
          onChange={(next) => next === 'all' && form.setFieldValue([list, index, 'match'], '')}
        />
      </Form.Item>
      <Form.Item
        name={[index, 'match']}
        rules={[rowRule(schema, [list], index, 'match', t, labels.match)]}
        dependencies={[[list, index, 'kind']]}
        style={{ ...cell, ...COLUMN.match }}
      >
        <Input
          aria-label={aria('match')}
          disabled={kind === 'all'}
          placeholder={kind ? MATCH_EXAMPLES[kind] : ''}
          maxLength={SITE_SETTING_LIMITS.ruleValueMax}
        />
      </Form.Item>
      {withTtl && (
        <Form.Item
          name={[index, 'ttl']}
          rules={[filledRule(t, labels.ttl), rowRule(schema, [list], index, 'ttl', t, labels.ttl)]}
          style={{ ...cell, ...COLUMN.ttl }}
        >
          <TtlInput aria-label={aria('ttl')} />
        </Form.Item>
      )}
      <Flex style={COLUMN.actions}>
        <Button
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={t('siteAdmin.rules.moveUp', { row })}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        />
        <Button
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label={t('siteAdmin.rules.moveDown', { row })}
          disabled={last}
          onClick={() => onMove(index + 1)}
        />
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('siteAdmin.rules.removeRow', { row })}
          onClick={onRemove}
        />
      </Flex>
    </Flex>
  );
}
