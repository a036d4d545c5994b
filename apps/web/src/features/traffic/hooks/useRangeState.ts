import type { AnalyticsInterval, ChartRange } from '@nimbus/contract';
import { useState } from 'react';
import {
  effectiveInterval,
  intervalsFor,
  spanOf,
  spanTooLong,
  type Span,
} from '@/features/traffic/lib/traffic-range';
import { displayOffsetMinutes } from '@/shared/format/date-time';
import type { DayRange } from '@/shared/ui/day-range';

export type RangeKey = ChartRange | 'custom';

/**
 * The range buttons, picked days and interval. A preset's instants are taken when it is chosen
 * (or refreshed), not on each render: "now" in a query key would ask the server again and again.
 */
export function useRangeState(initial: ChartRange = 'today') {
  const [key, setKey] = useState<RangeKey>(initial);
  const [days, setDays] = useState<DayRange>();
  const [span, setSpan] = useState<Span>(() =>
    spanOf({ kind: 'preset', range: initial }, new Date(), displayOffsetMinutes()),
  );
  const [chosen, setChosen] = useState<AnalyticsInterval>();

  const choose = (next: RangeKey) => {
    setKey(next);
    setChosen(undefined);
    if (next !== 'custom')
      setSpan(spanOf({ kind: 'preset', range: next }, new Date(), displayOffsetMinutes()));
    else if (days) setSpan(spanOf({ kind: 'days', days }, new Date(), displayOffsetMinutes()));
  };
  const pickDays = (picked: DayRange | undefined) => {
    setDays(picked);
    setChosen(undefined);
    if (picked) setSpan(spanOf({ kind: 'days', days: picked }, new Date(), displayOffsetMinutes()));
  };
  /** A preset moves on to now; picked days stay what they were (the query is asked again). */
  const refresh = () => {
    if (key !== 'custom') setSpan(spanOf({ kind: 'preset', range: key }, new Date(), displayOffsetMinutes()));
  };

  const waitingForDays = key === 'custom' && !days;
  return {
    key,
    days,
    span,
    interval: effectiveInterval(span, chosen),
    intervals: intervalsFor(span),
    /** Whether the chosen range can be asked for (days picked, and not too many). */
    ready: !waitingForDays && !spanTooLong(span),
    tooLong: !waitingForDays && spanTooLong(span),
    waitingForDays,
    choose,
    pickDays,
    setInterval: setChosen,
    refresh,
  };
}
export type RangeState = ReturnType<typeof useRangeState>;
