import type { PaymentAction } from '@nimbus/contract';
import { Button, Flex, QRCode } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutedText } from '@/shared/ui/PlainText';

/** Seconds before the browser goes to the gateway by itself (time to read the page, or stay). */
export const AUTO_PROCEED_SECONDS = 5;

export interface HandoffActionProps {
  action: PaymentAction;
  /** The gateway's name as the customer knows it ("Alipay"). */
  gatewayName: string;
  /** Whether to go to the gateway by itself after the countdown (not again after coming back). */
  auto: boolean;
  /** Called just before the browser leaves for the gateway. */
  onLeave: () => void;
}

/** Counts down once from `seconds` while `active`, then calls `done`. */
function useCountdown(active: boolean, seconds: number, done: () => void) {
  const [left, setLeft] = useState(seconds);
  const finish = useEffectEvent(done);
  useEffect(() => {
    if (!active) return undefined;
    if (left <= 0) {
      finish();
      return undefined;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1_000);
    return () => clearTimeout(timer);
  }, [active, left]);
  return left;
}

/** Spec §2 hand-off: go to the gateway's page, post its form, or scan its QR code. */
export function HandoffAction({ action, gatewayName, auto, onLeave }: HandoffActionProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [stay, setStay] = useState(!auto || action.kind === 'qr');
  const leave = () => {
    onLeave();
    if (action.kind === 'redirect') window.location.assign(action.url);
    else formRef.current?.submit();
  };
  const left = useCountdown(!stay, AUTO_PROCEED_SECONDS, leave);
  const goLabel = t('payment.handoff.go', { gateway: gatewayName });

  if (action.kind === 'qr') {
    const scan = t('payment.handoff.scan', { app: gatewayName });
    return (
      <Flex vertical align="center" gap={12}>
        <QRCode type="svg" value={action.content} size={220} role="img" aria-label={scan} />
        <strong>{scan}</strong>
      </Flex>
    );
  }
  const countdown = !stay && (
    <Flex gap={8} align="center" role="status">
      <MutedText>{t('payment.handoff.countdown', { gateway: gatewayName, seconds: left })}</MutedText>
      <Button size="small" onClick={() => setStay(true)}>
        {t('payment.handoff.stay')}
      </Button>
    </Flex>
  );
  return (
    <Flex vertical align="center" gap={12}>
      {action.kind === 'redirect' ? (
        <Button type="primary" size="large" href={action.url} onClick={onLeave}>
          {goLabel}
        </Button>
      ) : (
        // The gateway's own form, posted as is: its fields are signed by the server.
        <form ref={formRef} method="post" action={action.url} onSubmit={onLeave}>
          {Object.entries(action.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="primary" size="large" htmlType="submit">
            {goLabel}
          </Button>
        </form>
      )}
      {countdown}
      <MutedText>{t('payment.handoff.goHelp')}</MutedText>
    </Flex>
  );
}
