// @vitest-environment jsdom
import { DEFAULT_UTC_OFFSET_MINUTES, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DisplayTimeZone } from '@/app/providers/DisplayTimeZone';
import { formatDateTime, setDisplayOffset } from '@/shared/format/date-time';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

function Shown() {
  return <output>{formatDateTime('2026-11-23T08:00:00Z')}</output>;
}

describe('DisplayTimeZone', { timeout: 30_000 }, () => {
  setUpComponentTests();
  afterEach(() => setDisplayOffset(DEFAULT_UTC_OFFSET_MINUTES));

  it('shows times in the web config’s time zone, re-rendering what was shown before it arrived', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: {
        ...WEB_CONFIG_DEFAULTS,
        basic: { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes: 0 },
        switches: {},
      },
    });
    renderWithApp(
      <DisplayTimeZone>
        <Shown />
      </DisplayTimeZone>,
    );
    // Before the config arrives: the default +8 h.
    expect(screen.getByText('2026-11-23 16:00:00')).toBeTruthy();
    expect(await screen.findByText('2026-11-23 08:00:00')).toBeTruthy();
  });
});
