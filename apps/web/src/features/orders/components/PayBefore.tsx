import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutedText } from '@/shared/ui/PlainText';
import { formatDateTime } from '@/shared/format/date-time';

/** Often enough for a minutes count, rarely enough not to re-render a page for nothing. */
const TICK_MS = 15_000;

/**
 * When an unpaid order times out, with the minutes left. Once the time is up `onExpired` runs
 * once, so the page asks the server for the order's new state instead of guessing it.
 */
export function PayBefore({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = Date.parse(expiresAt) - now;
  const told = useRef(false);
  useEffect(() => {
    if (left <= 0) {
      if (!told.current) onExpired();
      told.current = true;
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(TICK_MS, left));
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  return (
    <span>
      {formatDateTime(expiresAt)}{' '}
      <MutedText>
        {left > 0 ? t('orders.minutesLeft', { minutes: Math.ceil(left / 60_000) }) : t('orders.timeUp')}
      </MutedText>
    </span>
  );
}
