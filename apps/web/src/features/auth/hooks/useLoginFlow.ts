import { WECHAT_TICKET_PARAM, type LoginRequest } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import type { CaptchaHandle } from '@/features/auth/hooks/useCaptcha';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';

export type LoginStep = { kind: 'password' } | { kind: 'totp'; challenge: string };
export type PasswordValues = Omit<LoginRequest, 'uuid'>;

/**
 * Password step, then (when the account has two-factor authentication on) the TOTP step.
 * Every failed password attempt asks for a new captcha: the server spends an answer per try.
 */
export function useLoginFlow(captcha: CaptchaHandle, onToken: (token: string) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({ mutationFn: authApi.login, meta: SHOWN_INLINE });
  const totp = useMutation({ mutationFn: authApi.loginTotp, meta: SHOWN_INLINE });
  const wechat = useMutation({ mutationFn: authApi.wechatLogin, meta: SHOWN_INLINE });

  /**
   * Back from WeChat's QR page with a code: a session, or the TOTP step as after a password; a
   * WeChat bound to no account goes on to `/register-binding` with its single-use ticket.
   */
  async function submitWechat(code: string, state: string): Promise<void> {
    setError(null);
    try {
      const result = await wechat.mutateAsync({ code, state });
      if ('bindingTicket' in result) {
        const query = new URLSearchParams({ [WECHAT_TICKET_PARAM]: result.bindingTicket });
        void navigate(`/register-binding?${query.toString()}`, { replace: true });
      } else if ('token' in result) onToken(result.token);
      else setStep({ kind: 'totp', challenge: result.challenge });
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }

  async function submitPassword(values: PasswordValues): Promise<boolean> {
    setError(null);
    try {
      const result = await login.mutateAsync({
        ...values,
        username: values.username.trim(),
        uuid: captcha.uuid,
      });
      if ('token' in result) onToken(result.token);
      else setStep({ kind: 'totp', challenge: result.challenge });
      return true;
    } catch (failure) {
      setError(errorText(failure, t));
      captcha.refresh();
      return false;
    }
  }

  async function submitTotp(code: string): Promise<boolean> {
    if (step.kind !== 'totp') return false;
    setError(null);
    try {
      const result = await totp.mutateAsync({ challenge: step.challenge, code: code.trim() });
      onToken(result.token);
      return true;
    } catch (failure) {
      const text = errorText(failure, t);
      // An expired challenge cannot be retried with another code: start again from the password.
      if (text === t('account.totpChallengeExpired')) backToPassword();
      setError(text);
      return false;
    }
  }

  function backToPassword() {
    setStep({ kind: 'password' });
    setError(null);
    captcha.refresh();
  }

  return {
    step,
    error,
    pending: login.isPending || totp.isPending || wechat.isPending,
    submitPassword,
    submitWechat,
    submitTotp,
    backToPassword,
  };
}
