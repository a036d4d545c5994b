import { realNameRequired } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { VERIFICATION_PATH } from '@/app/routing/entry-rules';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { MountWhenOpened } from '@/shared/lazy/MountWhenOpened';

const RealNameDialog = lazyNamed(() => import('./RealNameDialog'), 'RealNameDialog');

/**
 * Spec §4/§6: real name required and not verified → the blocking dialog, except on the
 * verification page. Not verified is any status but 1: a new account (2, never submitted) as much
 * as one under review (0) — ADR 0040.
 */
export function needsRealName(
  realNamePower: number,
  realnameStatus: number | undefined,
  pathname: string,
): boolean {
  if (realnameStatus === undefined) return false;
  return (
    realNameRequired(realNamePower, realnameStatus) && pathname.replace(/\/+$/, '') !== VERIFICATION_PATH
  );
}

export function RealNameGate() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { config } = useWebConfig();
  const routes = useConsoleRoutes();
  const customer = customerOf(useCurrentUser().data);
  const [dismissedOn, setDismissedOn] = useState<string | null>(null);

  // Cancelling lets the user look around this page; the next page asks again.
  useEffect(() => {
    if (dismissedOn !== null && dismissedOn !== pathname) setDismissedOn(null);
  }, [pathname, dismissedOn]);

  const hasVerificationPage = routes.some((route) => route.path === VERIFICATION_PATH);
  const open =
    customer !== undefined &&
    dismissedOn !== pathname &&
    needsRealName(config.power.realName, customer.realnameStatus, pathname);

  return (
    <MountWhenOpened open={open}>
      <RealNameDialog
        open={open}
        canVerify={hasVerificationPage}
        onVerify={() => void navigate(VERIFICATION_PATH)}
        onCancel={() => setDismissedOn(pathname)}
      />
    </MountWhenOpened>
  );
}
