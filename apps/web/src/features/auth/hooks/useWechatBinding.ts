import type { LoginResponse, RegisterRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONSOLE_PATH } from '@/app/routing/entry-rules';
import { adoptSession } from '@/app/routing/forget-session';
import { authApi } from '@/features/auth/api/auth-api';
import type { CaptchaHandle } from '@/features/auth/hooks/useCaptcha';
import type { PasswordValues } from '@/features/auth/hooks/useLoginFlow';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';

/**
 * `/register-binding?ticket=…`: the ticket an unbound WeChat scan got. It is checked on arrival
 * (an expired or used one shows a way back to sign in), then spent by registering a new account
 * or by an existing account's password; either ends signed in (or at the TOTP step).
 */
export function useWechatBinding(ticket: string | null, captcha: CaptchaHandle) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const info = useQuery({
    queryKey: ['auth', 'wechat-ticket', ticket],
    queryFn: () => authApi.wechatTicket(ticket!),
    enabled: Boolean(ticket),
    retry: false,
    staleTime: Infinity,
    meta: SHOWN_INLINE,
  });
  const bind = useMutation({ mutationFn: authApi.wechatBindingLogin, meta: SHOWN_INLINE });
  const totp = useMutation({ mutationFn: authApi.loginTotp, meta: SHOWN_INLINE });

  function signedIn(token: string) {
    adoptSession(queryClient, token);
    void navigate(CONSOLE_PATH, { replace: true });
  }
  function settle(result: LoginResponse) {
    if ('token' in result) signedIn(result.token);
    else setChallenge(result.challenge);
  }

  /** RegisterForm shows its own failures: this only adds the ticket and settles success. */
  async function register(body: RegisterRequest) {
    setError(null);
    settle(await authApi.wechatBindingRegister({ ...body, ticket: ticket! }));
  }

  async function bindExisting(values: PasswordValues): Promise<boolean> {
    setError(null);
    try {
      const username = values.username.trim();
      settle(await bind.mutateAsync({ ...values, username, uuid: captcha.uuid, ticket: ticket! }));
      return true;
    } catch (failure) {
      setError(errorText(failure, t));
      captcha.refresh();
      return false;
    }
  }

  async function finishTotp(code: string): Promise<boolean> {
    if (!challenge) return false;
    setError(null);
    try {
      signedIn((await totp.mutateAsync({ challenge, code: code.trim() })).token);
      return true;
    } catch (failure) {
      setError(errorText(failure, t));
      return false;
    }
  }

  return {
    /** No ticket, or the server says it is expired or used. */
    invalid: !ticket || info.isError,
    loading: Boolean(ticket) && info.isPending,
    nickname: info.data?.nickname ?? null,
    challenge,
    error,
    pending: bind.isPending || totp.isPending,
    register,
    bindExisting,
    finishTotp,
  };
}
