import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antTheme } from 'antd';
// The ES build: antd/locale/* is CommonJS and would bring CommonJS copies of the pickers' locales.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { accessibleComponents, accessibleTokens, focusRingColor } from '@/shared/settings/accessible-colors';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { onToastDemand } from './error-toast';
import { queryClient } from './query-client';
import { DisplayTimeZone } from './DisplayTimeZone';
import { WebConfigEffects } from './WebConfigEffects';
import './global.css';

const MessageHost = lazyNamed(() => import('./MessageHost'), 'MessageHost');

/**
 * Global toasts. antd's message (and the notification code under it) loads with the first
 * toast rather than with every first load; the console's screens have their own through
 * antd's App in ConsoleShell.
 */
function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastDemand(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
}

/** The theme's text colour, size and font for everything outside antd's own components. */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <div
      className="nimbus-base"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { dark, primaryColor } = useThemeSettings();
  const english = i18n.language === 'en';

  useLayoutEffect(() => {
    document.documentElement.lang = english ? 'en' : 'zh-CN';
  }, [english]);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.documentElement.style.setProperty('--nimbus-focus-ring', focusRingColor(primaryColor, dark));
  }, [dark, primaryColor]);

  return (
    <ConfigProvider
      locale={english ? enUS : zhCN}
      theme={{
        algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: accessibleTokens(primaryColor, dark),
        components: accessibleComponents(primaryColor, dark),
      }}
    >
      <Toasts />
      <WebConfigEffects />
      <BaseText>
        <DisplayTimeZone>{children}</DisplayTimeZone>
      </BaseText>
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
