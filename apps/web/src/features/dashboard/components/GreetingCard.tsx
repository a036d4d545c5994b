import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingKey } from '@/features/dashboard/lib/greeting';
import { siteTitleOf, useWebConfig } from '@/shared/config/useWebConfig';
import { Panel } from '@/shared/ui/Panel';
import { Heading, MutedText } from '@/shared/ui/PlainText';

/** "Good afternoon, demo" with the site's name and whatever facts the page adds below. */
export function GreetingCard({ name, children }: { name: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const greeting = t(`dashboard.greeting.${greetingKey(new Date().getHours())}`);
  return (
    <Panel>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Heading level={4} style={{ margin: 0 }}>
          {t('dashboard.hello', { greeting, name })}
        </Heading>
        <MutedText>{t('dashboard.welcome', { site: siteTitleOf(config) })}</MutedText>
        {children}
      </Space>
    </Panel>
  );
}
