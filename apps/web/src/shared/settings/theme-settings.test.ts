// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_THEME_SETTINGS,
  normalizeThemeSettings,
  THEME_STORAGE_KEY,
  themeSettings,
} from './theme-settings';

describe('normalizeThemeSettings', () => {
  it('gives the defaults of spec §9 for nothing stored', () => {
    const settings = normalizeThemeSettings(undefined);
    expect(settings).toEqual(DEFAULT_THEME_SETTINGS);
    expect(settings.primaryColor).toBe('#177DFF');
    expect(settings.table.pageSize).toBe(20);
    expect(settings.dark).toBe(false);
  });

  it('keeps valid values and replaces invalid ones field by field', () => {
    const settings = normalizeThemeSettings({
      layoutMode: 'top',
      primaryColor: 'red; background: url(x)',
      dark: 'yes',
      table: { stripe: true, size: 'huge', pageSize: 100, align: 'center' },
      headerActions: { fullscreen: false, language: 3 },
    });
    expect(settings.layoutMode).toBe('top');
    expect(settings.primaryColor).toBe('#177DFF');
    expect(settings.dark).toBe(false);
    expect(settings.table).toEqual({
      stripe: true,
      border: false,
      size: 'middle',
      align: 'center',
      pageSize: 100,
    });
    expect(settings.headerActions).toEqual({ fullscreen: false, language: true, theme: true, message: true });
  });

  it('accepts only the offered page sizes', () => {
    expect(normalizeThemeSettings({ table: { pageSize: 25 } }).table.pageSize).toBe(20);
    expect(normalizeThemeSettings({ table: { pageSize: 200 } }).table.pageSize).toBe(200);
  });
});

describe('themeSettings store', () => {
  beforeEach(() => themeSettings.reset());

  it('merges partial updates, saves them and tells subscribers', () => {
    let calls = 0;
    const unsubscribe = themeSettings.subscribe(() => calls++);
    themeSettings.update({ dark: true, table: { border: true } });
    unsubscribe();
    expect(themeSettings.get().dark).toBe(true);
    expect(themeSettings.get().table).toMatchObject({ border: true, pageSize: 20 });
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY)!)).toMatchObject({ dark: true });
    expect(calls).toBe(1);
  });

  it('reset forgets the stored settings', () => {
    themeSettings.update({ layoutMode: 'top' });
    themeSettings.reset();
    expect(themeSettings.get().layoutMode).toBe('side');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
