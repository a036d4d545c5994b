import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountInfoPath } from '@/app/routing/entry-rules';
import type { ConsoleRoute } from '@/app/routing/menu-routes';
import { currentVariant } from '@/app/variant';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { Panel } from '@/shared/ui/Panel';
import { StatusPanel } from '@/shared/ui/StatusPanel';

/** Spec §6 mobile gating: a bindMobile route needs a bound mobile when power.bindMobile is 1. */
export function needsMobile(
  route: ConsoleRoute,
  bindMobilePower: number,
  mobile: string | null | undefined,
): boolean {
  return route.node.meta.bindMobile === true && bindMobilePower === 1 && !mobile;
}

export function BindMobileGate({ route, children }: { route: ConsoleRoute; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useWebConfig();
  const customer = customerOf(useCurrentUser().data);
  if (!customer || !needsMobile(route, config.power.bindMobile, customer.mobile)) return children;
  return (
    <Panel>
      <StatusPanel
        status="info"
        title={t('gate.bindMobileTitle')}
        subTitle={t('gate.bindMobileContent')}
        extra={
          <Button type="primary" onClick={() => void navigate(accountInfoPath(currentVariant))}>
            {t('gate.goBindMobile')}
          </Button>
        }
      />
    </Panel>
  );
}
