import { BALANCE_MODES, upstreamSettingsSchema, type Site, type UpstreamSettings } from '@nimbus/contract';
import { Card, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteTabForm } from '@/features/site-admin/components/SiteTabForm';
import { UPSTREAM_LABEL_KEYS } from '@/features/site-admin/lib/labels';
import { zodRule } from '@/shared/forms/zod-rules';

const { shape } = upstreamSettingsSchema;

/**
 * Spec §9 load balancing (polling, IP hash, cookie keep; saved with the site) and the origin
 * connection settings of the upstream section: passive health check and keep-alive.
 */
export function UpstreamTab({ site, value }: { site: Site; value: UpstreamSettings }) {
  const { t } = useTranslation();
  const label = (key: string) => t(UPSTREAM_LABEL_KEYS[key]!);
  const balanceLabel = {
    round_robin: t('sites.form.balanceRoundRobin'),
    ip_hash: t('sites.form.balanceIpHash'),
    cookie: t('sites.form.balanceCookie'),
  };
  const number = (name: keyof UpstreamSettings, unit: string, max: number, min = 0) => (
    <Form.Item
      name={['settings', name]}
      label={label(`settings.${name}`)}
      tooltip={t(`siteAdmin.upstream.help.${name}`)}
      rules={[zodRule(shape[name], t, label(`settings.${name}`))]}
    >
      <InputNumber<number>
        min={min}
        max={max}
        precision={0}
        suffix={unit}
        aria-label={label(`settings.${name}`)}
        style={{ width: 200 }}
      />
    </Form.Item>
  );
  return (
    <SiteTabForm
      site={site}
      section={{ name: 'upstream', value, schema: upstreamSettingsSchema }}
      labelKeys={UPSTREAM_LABEL_KEYS}
    >
      <Card size="small" title={t('siteAdmin.upstream.balanceTitle')}>
        <Form.Item
          name="balance"
          label={label('balance')}
          tooltip={t('siteAdmin.upstream.help.balance')}
          extra={t('siteAdmin.upstream.help.balanceExtra')}
        >
          <Radio.Group
            optionType="button"
            options={BALANCE_MODES.map((mode) => ({ value: mode, label: balanceLabel[mode] }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['balance']}>
          {({ getFieldValue }) =>
            getFieldValue('balance') === 'cookie' && (
              <Form.Item
                name={['settings', 'cookieName']}
                label={label('settings.cookieName')}
                tooltip={t('siteAdmin.upstream.help.cookieName')}
                rules={[zodRule(shape.cookieName, t, label('settings.cookieName'), true)]}
              >
                <Input maxLength={64} style={{ maxWidth: 320 }} />
              </Form.Item>
            )
          }
        </Form.Item>
      </Card>
      <Card size="small" title={t('siteAdmin.upstream.healthTitle')}>
        {number('maxFails', t('siteAdmin.unit.times'), 100)}
        {number('failTimeout', t('siteAdmin.unit.seconds'), 3600, 1)}
      </Card>
      <Card size="small" title={t('siteAdmin.upstream.keepaliveTitle')}>
        {number('keepalive', t('siteAdmin.unit.connections'), 1000)}
        {number('keepaliveTimeout', t('siteAdmin.unit.seconds'), 3600, 1)}
      </Card>
    </SiteTabForm>
  );
}
