import { Fragment, type ReactNode } from 'react';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { setDisplayOffset } from '@/shared/format/date-time';

/**
 * Every time the consoles show is in the web config's display time zone (basic.utcOffsetMinutes,
 * default +8 h). The formatter reads the offset set here, before the children render; a changed
 * offset (the config arriving with another one, or an admin saving it) remounts the consoles so
 * no time already on screen stays in the old zone. The query cache lives above, so nothing is
 * fetched again.
 */
export function DisplayTimeZone({ children }: { children: ReactNode }) {
  const { config } = useWebConfig();
  const offset = config.basic.utcOffsetMinutes;
  setDisplayOffset(offset);
  return <Fragment key={offset}>{children}</Fragment>;
}
