import { ArrowLeftOutlined, HomeOutlined, HourglassOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentRoute } from '@/app/routing/route-context';

/**
 * An area whose back end comes in a later issue (menu component `unavailable`): the frame of the
 * page with an honest "not available yet" state, never invented data.
 */
export function UnavailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const title = route ? t(route.node.meta.title) : t('unavailable.fallbackTitle');
  const back = route?.node.meta.back;
  return (
    <Card>
      <Result
        icon={<HourglassOutlined />}
        title={title}
        subTitle={
          <Space orientation="vertical" size={4}>
            <span>{t('unavailable.notYet')}</span>
            <span>{t('unavailable.hint')}</span>
          </Space>
        }
        extra={[
          // A route with a back link already shows it in the breadcrumb bar.
          !back && (
            <Button
              key="back"
              icon={<ArrowLeftOutlined />}
              onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate('/console'))}
            >
              {t('unavailable.back')}
            </Button>
          ),
          <Button key="home" type="primary" icon={<HomeOutlined />} onClick={() => void navigate('/console')}>
            {t('unavailable.home')}
          </Button>,
        ]}
      />
    </Card>
  );
}
