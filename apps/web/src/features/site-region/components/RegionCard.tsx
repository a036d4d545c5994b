import { REGION_MODES, type ApplicationSecureSettings } from '@nimbus/contract';
import { Alert, Card, Form, Radio, Switch, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '@/features/site-region/components/CountrySelect';

/** The region fields' labels, for the section's error messages and the fields themselves. */
export function useRegionLabels(): Record<'regionMode' | 'countries' | 'regionAllowUnknown', string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      regionMode: t('siteRegion.field.regionMode'),
      countries: t('siteRegion.field.countries'),
      regionAllowUnknown: t('siteRegion.field.regionAllowUnknown'),
    }),
    [t],
  );
}

/**
 * Region allow/deny by country on the application-secure tab (issue 20 §2): the edge looks the
 * visitor's address up in the country table the console ships to every node.
 */
export function RegionCard({ countriesRule }: { countriesRule: FormRule }) {
  const { t } = useTranslation();
  const labels = useRegionLabels();
  const form = Form.useFormInstance<ApplicationSecureSettings>();
  const mode = Form.useWatch('regionMode', form) ?? 'off';
  return (
    <Card size="small" title={t('siteRegion.title')} style={{ marginBottom: 16 }}>
      <Alert type="info" showIcon title={t('siteRegion.source')} style={{ marginBottom: 16 }} />
      <Form.Item name="regionMode" label={labels.regionMode} tooltip={t('siteRegion.help.regionMode')}>
        <Radio.Group
          optionType="button"
          options={REGION_MODES.map((value) => ({ value, label: t(`siteRegion.modes.${value}`) }))}
        />
      </Form.Item>
      {mode !== 'off' && (
        <>
          <Form.Item
            name="countries"
            label={labels.countries}
            tooltip={t('siteRegion.help.countries')}
            extra={t(mode === 'allow' ? 'siteRegion.help.allowExtra' : 'siteRegion.help.denyExtra')}
            dependencies={['regionMode']}
            rules={[countriesRule]}
          >
            <CountrySelect aria-label={labels.countries} />
          </Form.Item>
          {mode === 'allow' && (
            <Form.Item
              name="regionAllowUnknown"
              label={labels.regionAllowUnknown}
              tooltip={t('siteRegion.help.regionAllowUnknown')}
              valuePropName="checked"
            >
              <Switch aria-label={labels.regionAllowUnknown} />
            </Form.Item>
          )}
        </>
      )}
    </Card>
  );
}
