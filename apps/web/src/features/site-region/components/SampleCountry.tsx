import { countryName, type Lang } from '@nimbus/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The country the WAF test box placed the sample address in (the edges' table, on the server). */
export function SampleCountry({ country }: { country: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  // An older console answers without the field: nothing to say.
  if (country === undefined) return null;
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  return (
    <Typography.Text type="secondary">
      {country === null
        ? t('siteRegion.waf.testNoCountry')
        : t('siteRegion.waf.testCountry', { country: `${countryName(country, lang)} (${country})` })}
    </Typography.Text>
  );
}
