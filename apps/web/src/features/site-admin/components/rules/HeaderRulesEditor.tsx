import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { HEADER_ACTIONS, SITE_SETTING_LIMITS, type HeaderAction, type HeaderRule } from '@nimbus/contract';
import { Button, Flex, Form, Input, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeading } from '@/features/site-admin/components/rules/ColumnHeading';
import { rowRule } from '@/features/site-admin/components/rules/form-rules';
import { headerLinesOf, parseHeaderLines } from '@/features/site-admin/components/rules/header-lines';
import {
  HeaderLinesField,
  headerLinesError,
  headerLinesName,
  headerRuleSchema,
  pathOf,
  type ListPath,
} from '@/features/site-admin/components/rules/HeaderLinesField';

const COLUMN = {
  action: { flex: '0 0 110px' },
  name: { flex: '1 1 180px', minWidth: 140 },
  content: { flex: '2 1 240px', minWidth: 160 },
  remark: { flex: '1 1 140px', minWidth: 100 },
  remove: { flex: '0 0 32px' },
} as const;
const cell = { marginBottom: 0 } as const;

export const newHeaderRule = (): HeaderRule => ({ action: 'set', name: '', content: '', remark: '' });

export interface HeaderRulesEditorProps {
  /**
   * The section's list field: `requestHeaders` (backsource) or a path to it when the section sits
   * under another field (`['settings', 'responseHeaders']` on the advanced tab).
   */
  name: ListPath;
  label: string;
  /** What the list does, shown as the field's help. */
  help: string;
}

type Mode = 'rows' | 'lines';

/**
 * Header rules of spec §5 (set, add or delete a header; name of digits, letters, - and _ up to
 * 100 characters; content 1-1000 characters without Chinese; delete needs no content), as rows or
 * as text "one per line". Each row is checked with the contract's own rule schema as it is typed.
 */
export function HeaderRulesEditor({ name, label, help }: HeaderRulesEditorProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [mode, setMode] = useState<Mode>('rows');
  const rules = Form.useWatch(name, { form, preserve: true }) as HeaderRule[] | undefined;
  const text = Form.useWatch(headerLinesName(name), { form, preserve: true }) as string | undefined;
  // The form reset to the section as saved (the text emptied, the rules replaced): show the rules.
  // A text being typed that does not read as rules yet has no effect on them, so stays.
  useEffect(() => {
    if (mode !== 'lines') return;
    const current = (form.getFieldValue(headerLinesName(name)) as string | undefined) ?? '';
    const parsed = parseHeaderLines(current);
    const shown = headerLinesOf((form.getFieldValue(name) as HeaderRule[] | undefined) ?? []);
    const reset = text === undefined;
    if (reset || (parsed.ok && headerLinesOf(parsed.rules) !== shown))
      form.setFieldValue(headerLinesName(name), shown);
  }, [form, mode, name, rules, text]);
  const labels = {
    action: t('siteAdmin.rules.header.action'),
    name: t('siteAdmin.rules.header.name'),
    content: t('siteAdmin.rules.header.content'),
    remark: t('siteAdmin.rules.header.remark'),
  };

  const changeMode = (next: Mode) => {
    if (next === 'lines') {
      form.setFieldValue(
        headerLinesName(name),
        headerLinesOf((form.getFieldValue(name) as HeaderRule[]) ?? []),
      );
      setMode(next);
      return;
    }
    // Back to rows only when the text reads as rules: the rows would otherwise lose what was typed.
    const text = form.getFieldValue(headerLinesName(name)) as string | undefined;
    if (headerLinesError(text ?? '', t, labels) === undefined) setMode(next);
    else void form.validateFields([headerLinesName(name)]).catch(() => undefined);
  };

  return (
    <Form.Item label={label} tooltip={help}>
      <Flex vertical gap={8}>
        <Segmented<Mode>
          aria-label={t('siteAdmin.rules.mode.label', { field: label })}
          value={mode}
          onChange={changeMode}
          options={[
            { value: 'rows', label: t('siteAdmin.rules.mode.rows') },
            { value: 'lines', label: t('siteAdmin.rules.mode.lines') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {mode === 'lines' ? (
          <HeaderLinesField list={name} label={label} labels={labels} />
        ) : (
          <HeaderRows name={name} label={label} labels={labels} />
        )}
      </Flex>
    </Form.Item>
  );
}

function HeaderRows({
  name,
  label,
  labels,
}: {
  name: ListPath;
  label: string;
  labels: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {fields.length > 0 && (
            <Flex gap={8}>
              <ColumnHeading
                text={labels.action!}
                help={t('siteAdmin.rules.header.actionHelp')}
                style={COLUMN.action}
              />
              <ColumnHeading
                text={labels.name!}
                help={t('siteAdmin.rules.header.nameHelp')}
                style={COLUMN.name}
              />
              <ColumnHeading
                text={labels.content!}
                help={t('siteAdmin.rules.header.contentHelp')}
                style={COLUMN.content}
              />
              <ColumnHeading
                text={labels.remark!}
                help={t('siteAdmin.rules.header.remarkHelp')}
                style={COLUMN.remark}
              />
              <span style={COLUMN.remove} />
            </Flex>
          )}
          {fields.map((field, index) => (
            <HeaderRow
              key={field.key}
              list={name}
              index={index}
              labels={labels}
              onRemove={() => remove(field.name)}
            />
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= SITE_SETTING_LIMITS.headers}
            onClick={() => add(newHeaderRule())}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('siteAdmin.rules.header.add', { field: label, max: SITE_SETTING_LIMITS.headers })}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

function HeaderRow({
  list,
  index,
  labels,
  onRemove,
}: {
  list: ListPath;
  index: number;
  labels: Record<string, string>;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const row = index + 1;
  const action = Form.useWatch([...pathOf(list), index, 'action']) as HeaderAction | undefined;
  const aria = (field: string) => t('siteAdmin.rules.rowField', { field: labels[field], row });
  // The content is checked with a valid name in place, so both problems show at once.
  const rule = (field: string) =>
    rowRule(
      headerRuleSchema,
      pathOf(list),
      index,
      field,
      t,
      labels[field]!,
      field === 'content' ? { name: 'X' } : {},
    );
  return (
    <Flex gap={8} align="start">
      <Form.Item name={[index, 'action']} style={{ ...cell, ...COLUMN.action }}>
        <Select<HeaderAction>
          aria-label={aria('action')}
          options={HEADER_ACTIONS.map((a) => ({ value: a, label: t(`siteAdmin.rules.header.actions.${a}`) }))}
        />
      </Form.Item>
      <Form.Item name={[index, 'name']} rules={[rule('name')]} style={{ ...cell, ...COLUMN.name }}>
        <Input
          aria-label={aria('name')}
          placeholder="X-Example"
          maxLength={SITE_SETTING_LIMITS.headerNameMax}
        />
      </Form.Item>
      <Form.Item
        name={[index, 'content']}
        rules={[rule('content')]}
        dependencies={[[...pathOf(list), index, 'action']]}
        style={{ ...cell, ...COLUMN.content }}
      >
        <Input
          aria-label={aria('content')}
          disabled={action === 'delete'}
          placeholder={action === 'delete' ? t('siteAdmin.rules.header.noContent') : ''}
          maxLength={SITE_SETTING_LIMITS.headerValueMax}
        />
      </Form.Item>
      <Form.Item name={[index, 'remark']} rules={[rule('remark')]} style={{ ...cell, ...COLUMN.remark }}>
        <Input aria-label={aria('remark')} maxLength={255} />
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('siteAdmin.rules.removeRow', { row })}
        onClick={onRemove}
        style={COLUMN.remove}
      />
    </Flex>
  );
}
