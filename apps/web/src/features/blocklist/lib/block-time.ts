import { BLOCK_DURATION_PRESETS } from '@nimbus/contract';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const MINUTES_A_DAY = 1440;

/**
 * A block's duration in the largest whole unit ("10 min", "6 h", "7 d"), as the dialog's presets
 * read; 0 is permanent (the contract's meaning of 0).
 */
export function durationLabel(minutes: number, t: Translate): string {
  if (minutes === 0) return t('blocklist.durations.permanent');
  if (minutes % MINUTES_A_DAY === 0) return t('blocklist.durations.days', { count: minutes / MINUTES_A_DAY });
  if (minutes % 60 === 0) return t('blocklist.durations.hours', { count: minutes / 60 });
  return t('blocklist.durations.minutes', { count: minutes });
}

/** The block dialog's duration choices, in the contract's order. */
export function durationOptions(t: Translate): { value: number; label: string }[] {
  return BLOCK_DURATION_PRESETS.map((minutes) => ({ value: minutes, label: durationLabel(minutes, t) }));
}

/**
 * How long an active timed entry still holds, in its two largest units ("6 d 23 h left",
 * "5 h 12 min left"), rounded down: an operator asks "how much longer", and rounding up would
 * promise time the edges will not enforce. Under a minute (or past due, before the list is read
 * again) it says so rather than "0 min".
 */
export function timeLeft(expireTime: string, t: Translate, now: number = Date.now()): string {
  const minutes = Math.floor((Date.parse(expireTime) - now) / 60_000);
  if (!(minutes >= 1)) return t('blocklist.timeLeft.underMinute');
  const days = Math.floor(minutes / MINUTES_A_DAY);
  const hours = Math.floor((minutes % MINUTES_A_DAY) / 60);
  const rest = minutes % 60;
  if (days > 0) return t('blocklist.timeLeft.daysHours', { days, hours });
  if (hours > 0) return t('blocklist.timeLeft.hoursMinutes', { hours, minutes: rest });
  return t('blocklist.timeLeft.minutes', { minutes: rest });
}
