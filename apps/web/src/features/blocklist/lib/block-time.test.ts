// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import '@/shared/test/all-strings';
import { i18n } from '@/i18n';
import { durationLabel, durationOptions, timeLeft } from './block-time';

const inLang = (lng: 'en' | 'cn') => i18n.getFixedT(lng);

describe('durationLabel', () => {
  it("names the dialog's presets in the largest whole unit, 0 as permanent", () => {
    expect(durationOptions(inLang('en')).map((option) => option.label)).toEqual([
      'Permanent',
      '10 min',
      '1 h',
      '6 h',
      '1 d',
      '7 d',
      '30 d',
    ]);
    expect(durationOptions(inLang('cn')).map((option) => option.label)).toEqual([
      '永久',
      '10 分钟',
      '1 小时',
      '6 小时',
      '1 天',
      '7 天',
      '30 天',
    ]);
    expect(durationOptions(inLang('en')).map((option) => option.value)).toEqual([
      0, 10, 60, 360, 1440, 10_080, 43_200,
    ]);
  });

  it('keeps a duration that is no whole hour or day in minutes', () => {
    expect(durationLabel(90, inLang('en'))).toBe('90 min');
    expect(durationLabel(1500, inLang('en'))).toBe('25 h');
  });
});

describe('timeLeft', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const en = inLang('en');

  it('gives the two largest units, rounded down', () => {
    expect(timeLeft('2026-12-04T11:59:59Z', en, now)).toBe('6 d 23 h left');
    expect(timeLeft('2026-11-27T17:12:30Z', en, now)).toBe('5 h 12 min left');
    expect(timeLeft('2026-11-27T13:00:00Z', en, now)).toBe('1 h 0 min left');
    expect(timeLeft('2026-11-27T12:12:59Z', en, now)).toBe('12 min left');
    expect(inLang('cn')('blocklist.timeLeft.daysHours', { days: 1, hours: 2 })).toBe('剩余 1 天 2 小时');
  });

  it('says less than a minute rather than 0 min, also past due before the list is read again', () => {
    expect(timeLeft('2026-11-27T12:00:59Z', en, now)).toBe('less than a minute left');
    expect(timeLeft('2026-11-27T11:59:00Z', en, now)).toBe('less than a minute left');
    expect(timeLeft('not a time', en, now)).toBe('less than a minute left');
  });
});
