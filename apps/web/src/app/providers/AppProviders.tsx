import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
// The ES build: antd/locale/* is CommonJS and would bring CommonJS copies of the pickers' locales.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { setErrorToast } from './error-toast';
import { queryClient } from './query-client';
import { WebConfigEffects } from './WebConfigEffects';
import './global.css';

/** Lends antd's `message` (which follows the theme and language) to the global error handler. */
function ErrorToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setErrorToast((text) => void message.error(text));
    return () => setErrorToast(null);
  }, [message]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { dark, primaryColor } = useThemeSettings();
  const english = i18n.language === 'en';

  useLayoutEffect(() => {
    dayjs.locale(english ? 'en' : 'zh-cn');
    document.documentElement.lang = english ? 'en' : 'zh-CN';
  }, [english]);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);

  return (
    <ConfigProvider
      locale={english ? enUS : zhCN}
      theme={{
        algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: primaryColor },
      }}
    >
      <AntApp className="nimbus-app">
        <ErrorToastBridge />
        <WebConfigEffects />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
