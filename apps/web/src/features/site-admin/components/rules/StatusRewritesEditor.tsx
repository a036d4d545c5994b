import { ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { codeSettingsSchema, SITE_SETTING_LIMITS } from '@nimbus/contract';
import { Button, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColumnHeading } from '@/features/site-admin/components/rules/ColumnHeading';
import { filledRule, listRule, rowRule } from '@/features/site-admin/components/rules/form-rules';

const listSchema = codeSettingsSchema.shape.statusRewrites;
const rowSchema = listSchema.unwrap().element;
const cell = { marginBottom: 0, flex: '0 0 140px' } as const;

/** Origin answers with one status reach the visitor with another (e.g. 403 → 404). */
export function StatusRewritesEditor({ label, help }: { label: string; help: string }) {
  const { t } = useTranslation();
  const max = SITE_SETTING_LIMITS.statusRewrites;
  const labels = { from: t('siteAdmin.code.rewrite.from'), to: t('siteAdmin.code.rewrite.to') };
  return (
    <Form.Item label={label} tooltip={help}>
      <Form.List name="statusRewrites" rules={[listRule(listSchema, t, label)]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.length > 0 && (
              <Flex gap={8}>
                <ColumnHeading
                  text={labels.from}
                  help={t('siteAdmin.code.rewrite.fromHelp')}
                  style={{ flex: '0 0 140px' }}
                />
                <span style={{ flex: '0 0 14px' }} />
                <ColumnHeading
                  text={labels.to}
                  help={t('siteAdmin.code.rewrite.toHelp')}
                  style={{ flex: '0 0 140px' }}
                />
              </Flex>
            )}
            {fields.map((field, index) => {
              const row = index + 1;
              const input = (name: 'from' | 'to') => (
                <Form.Item
                  name={[index, name]}
                  rules={[
                    filledRule(t, labels[name]),
                    rowRule(rowSchema, ['statusRewrites'], index, name, t, labels[name]),
                  ]}
                  style={cell}
                >
                  <InputNumber<number>
                    aria-label={t('siteAdmin.rules.rowField', { field: labels[name], row })}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              );
              return (
                <Flex key={field.key} gap={8} align="start">
                  {input('from')}
                  <ArrowRightOutlined style={{ lineHeight: '32px' }} />
                  {input('to')}
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('siteAdmin.rules.removeRow', { row })}
                    onClick={() => remove(index)}
                  />
                </Flex>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= max}
              onClick={() => add({ from: 403, to: 404 })}
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
