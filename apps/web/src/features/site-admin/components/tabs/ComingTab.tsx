import { HourglassOutlined } from '@ant-design/icons';
import { Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { tabTitleKey, type ComingTab as ComingTabKey } from '@/features/site-admin/lib/tabs';

/**
 * A tab whose area comes with a later issue (security, WAF, logs, traffic): what it will hold and
 * that it is not available yet — never invented data.
 */
export function ComingTab({ tab }: { tab: ComingTabKey }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<HourglassOutlined />}
      title={t(tabTitleKey(tab))}
      subTitle={
        <Space orientation="vertical" size={4}>
          <span>{t(`siteAdmin.coming.${tabTitleKey(tab).split('.').pop()}`)}</span>
          <span>{t('unavailable.notYet')}</span>
          <span>{t('unavailable.hint')}</span>
        </Space>
      }
    />
  );
}
