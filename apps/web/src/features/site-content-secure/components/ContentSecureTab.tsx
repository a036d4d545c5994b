import {
  CONTENT_SECURE_LIMITS,
  contentSecureSettingsSchema,
  URL_AUTH_C_FORMS,
  URL_AUTH_TOKEN_PLACES,
  URL_AUTH_TYPES,
  type ContentSecureSettings,
} from '@nimbus/contract';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { filledRule, sectionRule } from '@/features/site-admin/components/rules/form-rules';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';
import { LinkGenerator } from '@/features/site-content-secure/components/LinkGenerator';
import { randomKey } from '@/features/site-content-secure/lib/random-key';

const FIELDS = [
  'enabled',
  'type',
  'primaryKey',
  'backupKey',
  'ttl',
  'tokenIn',
  'paramName',
  'headerName',
  'cForm',
  'hashParam',
  'timeParam',
] as const;
type Field = (typeof FIELDS)[number];

export interface ContentSecureTabProps extends SectionTabProps<'contentSecure'> {
  /** The site's domain and whether it serves HTTPS: the generator writes whole links. */
  domain: string;
  https: boolean;
}

/**
 * The domain-admin tab content-secure (spec §2, issue 20 §2): URL signing, types A/B/C with the
 * contract's formulas, checked on the edge by nimbus.auth. A backup key lets keys change without
 * breaking links. The link generator below the form signs with the settings as saved.
 */
export function ContentSecureTab({ siteId, value, domain, https }: ContentSecureTabProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContentSecureSettings>();
  const labels = useMemo(
    () => Object.fromEntries(FIELDS.map((name) => [name, t(`siteContentSecure.fields.${name}`)])),
    [t],
  ) as Record<Field, string>;
  const { formProps } = useSectionSave({
    siteId,
    section: 'contentSecure',
    schema: contentSecureSettingsSchema,
    form,
    value,
    labels,
  });
  const watched = Form.useWatch((all: Partial<ContentSecureSettings>) => all, { form, preserve: true });
  const current = { ...value, ...watched };
  const dirty = FIELDS.some((name) => watched?.[name] !== undefined && watched[name] !== value[name]);
  const help = (name: Field) => t(`siteContentSecure.help.${name}`);
  const rule = (name: Field) => sectionRule(contentSecureSettingsSchema, [name], t, labels[name]);
  const item = (name: Field, dependencies: Field[] = []) => ({
    name,
    label: labels[name],
    tooltip: help(name),
    dependencies,
    rules: [rule(name)],
  });

  const keyInput = (name: 'primaryKey' | 'backupKey') => (
    <Form.Item label={labels[name]} tooltip={help(name)} required={name === 'primaryKey' && current.enabled}>
      <Space.Compact style={{ maxWidth: 520, width: '100%' }}>
        <Form.Item
          {...item(name, ['enabled', 'primaryKey', 'backupKey'])}
          label={undefined}
          tooltip={undefined}
          noStyle
        >
          <Input.Password
            aria-label={labels[name]}
            autoComplete="off"
            spellCheck={false}
            maxLength={CONTENT_SECURE_LIMITS.keyMax}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Button
          onClick={() => {
            form.setFieldValue(name, randomKey());
            void form.validateFields([name]);
          }}
        >
          {t('siteContentSecure.generateKey')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );

  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('siteContentSecure.intro')}
        style={{ marginBottom: 16, maxWidth: 1100 }}
      />
      <SectionForm {...formProps} title={t('siteContentSecure.title')}>
        <Card size="small" title={t('siteContentSecure.settingsTitle')} style={{ marginBottom: 16 }}>
          <Form.Item name="enabled" label={labels.enabled} tooltip={help('enabled')} valuePropName="checked">
            <Switch aria-label={labels.enabled} />
          </Form.Item>
          <Form.Item {...item('type')} extra={t(`siteContentSecure.types.${current.type}`)}>
            <Radio.Group
              optionType="button"
              options={URL_AUTH_TYPES.map((type) => ({ value: type, label: type }))}
              aria-label={labels.type}
            />
          </Form.Item>
          {keyInput('primaryKey')}
          {keyInput('backupKey')}
          <Form.Item
            {...item('ttl')}
            rules={[filledRule(t, labels.ttl), rule('ttl')]}
            extra={t('siteContentSecure.expiryNote')}
          >
            <InputNumber
              aria-label={labels.ttl}
              min={CONTENT_SECURE_LIMITS.ttlMin}
              max={CONTENT_SECURE_LIMITS.ttlMax}
              precision={0}
              suffix={t('siteContentSecure.seconds')}
              style={{ width: 220 }}
            />
          </Form.Item>
          {current.type === 'A' && (
            <Form.Item {...item('tokenIn')}>
              <Radio.Group
                optionType="button"
                aria-label={labels.tokenIn}
                options={URL_AUTH_TOKEN_PLACES.map((place) => ({
                  value: place,
                  label: t(`siteContentSecure.tokenIn.${place}`),
                }))}
              />
            </Form.Item>
          )}
          {current.type === 'A' && current.tokenIn === 'query' && (
            <Form.Item {...item('paramName')}>
              <Input aria-label={labels.paramName} spellCheck={false} style={{ maxWidth: 320 }} />
            </Form.Item>
          )}
          {current.type === 'A' && current.tokenIn === 'header' && (
            <Form.Item {...item('headerName', ['type', 'tokenIn'])}>
              <Input
                aria-label={labels.headerName}
                spellCheck={false}
                placeholder="X-Auth-Token"
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          )}
          {current.type === 'C' && (
            <Form.Item {...item('cForm')}>
              <Radio.Group
                optionType="button"
                aria-label={labels.cForm}
                options={URL_AUTH_C_FORMS.map((f) => ({
                  value: f,
                  label: t(`siteContentSecure.cForm.${f}`),
                }))}
              />
            </Form.Item>
          )}
          {current.type === 'C' && current.cForm === 'query' && (
            <>
              <Form.Item {...item('hashParam', ['timeParam'])}>
                <Input aria-label={labels.hashParam} spellCheck={false} style={{ maxWidth: 320 }} />
              </Form.Item>
              <Form.Item {...item('timeParam', ['hashParam'])}>
                <Input aria-label={labels.timeParam} spellCheck={false} style={{ maxWidth: 320 }} />
              </Form.Item>
            </>
          )}
        </Card>
      </SectionForm>
      <LinkGenerator saved={value} dirty={dirty} domain={domain} https={https} />
    </>
  );
}
