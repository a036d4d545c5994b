import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@nimbus/contract';
import { useSyncExternalStore } from 'react';

/** Spec §3 "Theme and layout settings", kept in localStorage (spec §9: default colour #177DFF). */
export const THEME_STORAGE_KEY = 'nimbus-theme';
export const DEFAULT_PRIMARY_COLOR = '#177DFF';

export type LayoutMode = 'side' | 'top';
export type AreaTheme = 'light' | 'dark';
export type TableSize = 'small' | 'middle' | 'large';
export type TableAlign = 'left' | 'center' | 'right';

/** Header buttons the user can hide (the settings button stays: it is how they come back). */
export interface HeaderActions {
  fullscreen: boolean;
  language: boolean;
  theme: boolean;
  message: boolean;
}

export interface TablePreferences {
  stripe: boolean;
  border: boolean;
  size: TableSize;
  align: TableAlign;
  pageSize: number;
}

export interface ThemeSettings {
  layoutMode: LayoutMode;
  primaryColor: string;
  dark: boolean;
  headerTheme: AreaTheme;
  asideTheme: AreaTheme;
  headerActions: HeaderActions;
  table: TablePreferences;
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  layoutMode: 'side',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  dark: false,
  headerTheme: 'light',
  asideTheme: 'dark',
  headerActions: { fullscreen: true, language: true, theme: true, message: true },
  table: { stripe: false, border: false, size: 'middle', align: 'left', pageSize: DEFAULT_PAGE_SIZE },
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** Whatever is stored (older shapes, hand edits) is read field by field; bad values fall back to defaults. */
export function normalizeThemeSettings(raw: unknown): ThemeSettings {
  const d = DEFAULT_THEME_SETTINGS;
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const actions = (r.headerActions && typeof r.headerActions === 'object' ? r.headerActions : {}) as Record<
    string,
    unknown
  >;
  const table = (r.table && typeof r.table === 'object' ? r.table : {}) as Record<string, unknown>;
  return {
    layoutMode: pick(r.layoutMode, ['side', 'top'] as const, d.layoutMode),
    primaryColor:
      typeof r.primaryColor === 'string' && HEX_COLOR.test(r.primaryColor) ? r.primaryColor : d.primaryColor,
    dark: bool(r.dark, d.dark),
    headerTheme: pick(r.headerTheme, ['light', 'dark'] as const, d.headerTheme),
    asideTheme: pick(r.asideTheme, ['light', 'dark'] as const, d.asideTheme),
    headerActions: {
      fullscreen: bool(actions.fullscreen, d.headerActions.fullscreen),
      language: bool(actions.language, d.headerActions.language),
      theme: bool(actions.theme, d.headerActions.theme),
      message: bool(actions.message, d.headerActions.message),
    },
    table: {
      stripe: bool(table.stripe, d.table.stripe),
      border: bool(table.border, d.table.border),
      size: pick(table.size, ['small', 'middle', 'large'] as const, d.table.size),
      align: pick(table.align, ['left', 'center', 'right'] as const, d.table.align),
      pageSize: pick(table.pageSize, PAGE_SIZES as readonly number[], d.table.pageSize),
    },
  };
}

function read(): ThemeSettings {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return normalizeThemeSettings(stored ? JSON.parse(stored) : {});
  } catch {
    return DEFAULT_THEME_SETTINGS;
  }
}

let current: ThemeSettings = read();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export type ThemeSettingsPatch = Partial<Omit<ThemeSettings, 'headerActions' | 'table'>> & {
  headerActions?: Partial<HeaderActions>;
  table?: Partial<TablePreferences>;
};

export const themeSettings = {
  get: (): ThemeSettings => current,
  update(patch: ThemeSettingsPatch): void {
    current = normalizeThemeSettings({
      ...current,
      ...patch,
      headerActions: { ...current.headerActions, ...patch.headerActions },
      table: { ...current.table, ...patch.table },
    });
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(current));
    notify();
  },
  reset(): void {
    current = DEFAULT_THEME_SETTINGS;
    localStorage.removeItem(THEME_STORAGE_KEY);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab changed the settings: follow it so every open console looks the same.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    current = read();
    notify();
  });
}

/** The current settings plus `update`; re-renders when they change (here or in another tab). */
export function useThemeSettings(): ThemeSettings & {
  update: (patch: ThemeSettingsPatch) => void;
  reset: () => void;
} {
  const settings = useSyncExternalStore(themeSettings.subscribe, themeSettings.get, themeSettings.get);
  return { ...settings, update: themeSettings.update, reset: themeSettings.reset };
}
