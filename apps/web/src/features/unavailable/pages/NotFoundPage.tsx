import { HomeOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/app/shell/usePageTitle';

/** Spec §2: an unknown path inside a console. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('unavailable.notFoundTitle'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('unavailable.notFoundContent')}
      extra={
        <Button type="primary" icon={<HomeOutlined />} onClick={() => void navigate('/console')}>
          {t('unavailable.home')}
        </Button>
      }
    />
  );
}
