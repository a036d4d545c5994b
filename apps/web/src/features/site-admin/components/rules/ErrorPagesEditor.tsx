import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { codeSettingsSchema, ERROR_PAGE_KINDS, errorPageSchema, SITE_SETTING_LIMITS } from '@nimbus/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { filledRule, listRule, rowRule } from '@/features/site-admin/components/rules/form-rules';

type Kind = (typeof ERROR_PAGE_KINDS)[number];
const cell = { marginBottom: 0 } as const;
/** Stand-ins for the row's other fields: the schema's later checks run only on a row that passes its earlier ones. */
const VALID_STATUS = { status: 404 };

/** Custom error pages (issue 18 §1 code): per status, a page of the customer's HTML or a redirect. */
export function ErrorPagesEditor({ label, help }: { label: string; help: string }) {
  const { t } = useTranslation();
  const max = SITE_SETTING_LIMITS.errorPages;
  return (
    <Form.Item label={label} tooltip={help}>
      <Form.List name="errorPages" rules={[listRule(codeSettingsSchema.shape.errorPages, t, label)]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <ErrorPageRow key={field.key} index={index} onRemove={() => remove(index)} />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= max}
              onClick={() => add({ status: 404, kind: 'page', html: '', url: '' })}
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

function ErrorPageRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const row = index + 1;
  const kind = (Form.useWatch(['errorPages', index, 'kind']) as Kind | undefined) ?? 'page';
  const labels = {
    status: t('siteAdmin.code.errorPage.status'),
    kind: t('siteAdmin.code.errorPage.kind'),
    html: t('siteAdmin.code.errorPage.page'),
    url: t('siteAdmin.code.errorPage.url'),
  };
  const aria = (name: keyof typeof labels) => t('siteAdmin.rules.rowField', { field: labels[name], row });
  const rule = (name: keyof typeof labels) =>
    rowRule(
      errorPageSchema,
      ['errorPages'],
      index,
      name,
      t,
      labels[name],
      name === 'status' ? {} : VALID_STATUS,
    );
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Flex gap={8} align="start" wrap>
          <Form.Item
            name={[index, 'status']}
            label={labels.status}
            tooltip={t('siteAdmin.code.errorPage.statusHelp')}
            rules={[filledRule(t, labels.status), rule('status')]}
            style={cell}
          >
            <InputNumber<number> aria-label={aria('status')} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item
            name={[index, 'kind']}
            label={labels.kind}
            tooltip={t('siteAdmin.code.errorPage.kindHelp')}
            style={{ ...cell, flex: 1 }}
          >
            <Radio.Group
              aria-label={aria('kind')}
              options={ERROR_PAGE_KINDS.map((k) => ({
                value: k,
                label: t(`siteAdmin.code.errorPage.kinds.${k}`),
              }))}
            />
          </Form.Item>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('siteAdmin.rules.removeRow', { row })}
            onClick={onRemove}
          />
        </Flex>
        {kind === 'page' ? (
          <Form.Item
            name={[index, 'html']}
            rules={[rule('html')]}
            dependencies={[['errorPages', index, 'kind']]}
            extra={t('siteAdmin.code.errorPage.pageHelp')}
            style={cell}
          >
            <Input.TextArea
              aria-label={aria('html')}
              autoSize={{ minRows: 4, maxRows: 14 }}
              showCount={{ formatter: ({ count }) => `${count} / ${SITE_SETTING_LIMITS.errorPageMax}` }}
              placeholder="<!doctype html><title>Not found</title>…"
              spellCheck={false}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name={[index, 'url']}
            rules={[rule('url')]}
            dependencies={[['errorPages', index, 'kind']]}
            extra={t('siteAdmin.code.errorPage.urlHelp')}
            style={cell}
          >
            <Input aria-label={aria('url')} placeholder="https://www.example.com/404.html" maxLength={2048} />
          </Form.Item>
        )}
      </Flex>
    </Card>
  );
}
