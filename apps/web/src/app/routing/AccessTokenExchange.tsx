import { ACCOUNT_API, ResultCode } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toastError } from '@/app/providers/error-toast';
import { i18n } from '@/i18n';
import { ApiError, requestEnvelope } from '@/shared/api/client';
import { PageLoading } from '@/shared/ui/PageLoading';
import { LOGIN_PATH, withoutParam } from './entry-rules';
import { adoptSession, forgetSession } from './forget-session';

// An access token works once: a remounted component (React strict mode) must reuse the answer.
const exchanges = new Map<string, Promise<string>>();

function exchange(accessToken: string): Promise<string> {
  let pending = exchanges.get(accessToken);
  if (!pending) {
    pending = requestEnvelope<never>('GET', ACCOUNT_API.customer.accessLogin, {
      query: { access_token: accessToken },
      token: '',
      quietUnauthorized: true,
    }).then((envelope) => {
      if (typeof envelope.token !== 'string' || envelope.token === '')
        throw new ApiError(ResultCode.badRequest, i18n.t('session.linkInvalid'));
      return envelope.token;
    });
    exchanges.set(accessToken, pending);
  }
  return pending;
}

/** Spec §2: `?access_token=` is exchanged for a login; a failed exchange goes to login. */
export function AccessTokenExchange() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accessToken = new URLSearchParams(location.search).get('access_token') ?? '';

  useEffect(() => {
    let active = true;
    exchange(accessToken).then(
      (token) => {
        if (!active) return;
        adoptSession(queryClient, token);
        void navigate(`${location.pathname}${withoutParam(location.search, 'access_token')}`, {
          replace: true,
        });
      },
      (error: unknown) => {
        if (!active) return;
        toastError(error);
        forgetSession(queryClient);
        void navigate(LOGIN_PATH, { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [accessToken, location.pathname, location.search, navigate, queryClient]);

  return <PageLoading fullscreen />;
}
