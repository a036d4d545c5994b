import { advancedSettingsSchema, TLS_VERSIONS, type AdvancedSettings, type Site } from '@nimbus/contract';
import { Card, Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteTabForm } from '@/features/site-admin/components/SiteTabForm';
import { ADVANCED_LABEL_KEYS } from '@/features/site-admin/lib/labels';
import { HttpsSection } from '@/features/sites/components/HttpsSection';
import { HeaderRulesEditor } from '@/features/site-admin/components/rules/HeaderRulesEditor';
import { zodRule } from '@/shared/forms/zod-rules';

const { shape } = advancedSettingsSchema;

function Toggle({ name, help }: { name: keyof AdvancedSettings; help?: string }) {
  const { t } = useTranslation();
  const label = t(ADVANCED_LABEL_KEYS[`settings.${name}`]!);
  return (
    <Form.Item
      name={['settings', name]}
      label={label}
      tooltip={t(`siteAdmin.advanced.help.${name}`)}
      extra={help}
      valuePropName="checked"
    >
      <Switch aria-label={label} />
    </Form.Item>
  );
}

/**
 * HTTPS (certificate, ports, HTTP→HTTPS; saved with the site), HSTS, the lowest TLS version,
 * WebSocket, the request body limit and custom response headers (the advanced section).
 */
export function AdvancedTab({ site, value }: { site: Site; value: AdvancedSettings }) {
  const { t } = useTranslation();
  const label = (key: string) => t(ADVANCED_LABEL_KEYS[key]!);
  return (
    <SiteTabForm
      site={site}
      section={{ name: 'advanced', value, schema: advancedSettingsSchema }}
      labelKeys={ADVANCED_LABEL_KEYS}
    >
      <Card size="small" title={t('sites.form.sectionHttps')}>
        <HttpsSection
          current={site.certificateId ? { id: site.certificateId, name: site.certificateName ?? '' } : null}
        />
      </Card>
      <Card size="small" title={t('siteAdmin.advanced.hstsTitle')}>
        <Toggle name="hsts" help={t('siteAdmin.advanced.hstsExtra')} />
        <Form.Item noStyle dependencies={[['settings', 'hsts']]}>
          {({ getFieldValue }) =>
            getFieldValue(['settings', 'hsts']) === true && (
              <>
                <Form.Item
                  name={['settings', 'hstsMaxAge']}
                  label={label('settings.hstsMaxAge')}
                  tooltip={t('siteAdmin.advanced.help.hstsMaxAge')}
                  rules={[zodRule(shape.hstsMaxAge, t, label('settings.hstsMaxAge'))]}
                >
                  <InputNumber<number>
                    min={0}
                    precision={0}
                    suffix={t('siteAdmin.unit.seconds')}
                    aria-label={label('settings.hstsMaxAge')}
                    style={{ width: 220 }}
                  />
                </Form.Item>
                <Toggle name="hstsIncludeSubdomains" />
                <Toggle name="hstsPreload" />
              </>
            )
          }
        </Form.Item>
      </Card>
      <Card size="small" title={t('siteAdmin.advanced.headersTitle')}>
        <HeaderRulesEditor
          name={['settings', 'responseHeaders']}
          label={t('siteAdmin.advanced.responseHeaders')}
          help={t('siteAdmin.advanced.help.responseHeaders')}
        />
      </Card>
      <Card size="small" title={t('siteAdmin.advanced.connectionTitle')}>
        <Form.Item
          name={['settings', 'minTls']}
          label={label('settings.minTls')}
          tooltip={t('siteAdmin.advanced.help.minTls')}
        >
          <Radio.Group
            optionType="button"
            options={TLS_VERSIONS.map((v) => ({ value: v, label: v.replace('TLSv', 'TLS ') }))}
          />
        </Form.Item>
        <Toggle name="websocket" />
        <Form.Item
          name={['settings', 'bodyLimitMb']}
          label={label('settings.bodyLimitMb')}
          tooltip={t('siteAdmin.advanced.help.bodyLimitMb')}
          extra={t('siteAdmin.advanced.bodyLimitExtra')}
          rules={[zodRule(shape.bodyLimitMb, t, label('settings.bodyLimitMb'))]}
        >
          <InputNumber<number>
            min={0}
            precision={0}
            suffix="MB"
            aria-label={label('settings.bodyLimitMb')}
            style={{ width: 200 }}
          />
        </Form.Item>
      </Card>
    </SiteTabForm>
  );
}
