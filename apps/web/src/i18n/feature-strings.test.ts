// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages, publicMessages } from '@nimbus/contract';
import { catalogueResources, consoleCatalogue } from './catalogue';
import {
  BORROWED_STRINGS,
  CATALOGUE,
  CATALOGUE_FREE,
  FRAME_STRING_FEATURES,
  STRINGS_LOADED_ON_DEMAND,
  loadFeatureStrings,
} from './feature-strings';
import { i18n, setLanguage } from './index';
import type { StringTree } from './strings';

const src = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(src, 'features');
/** Features whose strings are in the first load (index.ts). */
const PUBLIC_FEATURES = ['auth', 'unavailable'];
/** Code of the console frame: it renders before any page, so only frame strings are there for it. */
const FRAME_CODE = ['app', 'shared', 'features/layout'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const stringsOf = new Map([
  ...fs
    .readdirSync(featuresDir)
    .filter((feature) => fs.existsSync(path.join(featuresDir, feature, 'i18n', 'cn.json')))
    .map((feature): [string, StringTree] => [
      feature,
      JSON.parse(fs.readFileSync(path.join(featuresDir, feature, 'i18n', 'cn.json'), 'utf8')) as StringTree,
    ]),
  // The console's part of the contract's catalogue, loaded like a feature's strings (ADR 0026).
  [CATALOGUE, catalogueResources(consoleCatalogue(messages, publicMessages), 'cn')],
]);

/** Features (with strings) whose words or components this file uses. */
function featuresUsedBy(file: string): Set<string> {
  const code = fs.readFileSync(file, 'utf8');
  const used = new Set<string>();
  for (const m of code.matchAll(/@\/features\/([\w-]+)\//g)) if (stringsOf.has(m[1]!)) used.add(m[1]!);
  // Literal keys and the fixed head of template keys (`certificates.status.${s}`).
  for (const m of code.matchAll(/['"`]([a-zA-Z]\w*(?:\.[\w-]+)+)/g)) {
    const segments = m[1]!.split('.');
    for (const [feature, tree] of stringsOf) {
      const found = segments.reduce<unknown>((node, k) => (node as StringTree | undefined)?.[k], tree);
      if (found !== undefined) used.add(feature);
    }
  }
  return used;
}

function withBorrowed(feature: string): Set<string> {
  const all = new Set<string>();
  const visit = (f: string) => {
    if (all.has(f)) return;
    all.add(f);
    (BORROWED_STRINGS[f] ?? []).forEach(visit);
  };
  visit(feature);
  // What loadFeatureStrings adds; the public pages never have the console's catalogue.
  const free = [...CATALOGUE_FREE, ...PUBLIC_FEATURES];
  if ([...all].some((f) => !free.includes(f))) all.add(CATALOGUE);
  return all;
}

describe("each screen has its features' strings", () => {
  const always = new Set([...PUBLIC_FEATURES, ...FRAME_STRING_FEATURES]);

  it("a feature's pages load the strings of every feature they use", () => {
    const missing = [...stringsOf.keys()]
      .filter((feature) => feature !== CATALOGUE)
      .flatMap((feature) => {
        const loaded = new Set([...withBorrowed(feature), ...(STRINGS_LOADED_ON_DEMAND[feature] ?? [])]);
        const used = new Set(
          sourceFiles(path.join(featuresDir, feature)).flatMap((f) => [...featuresUsedBy(f)]),
        );
        return [...used].filter((f) => !loaded.has(f) && !always.has(f)).map((f) => `${feature} → ${f}`);
      });
    expect(missing, 'add these to BORROWED_STRINGS (or take the feature out of CATALOGUE_FREE)').toEqual([]);
  });

  it('the frame uses only frame and first-load strings', () => {
    const missing = FRAME_CODE.flatMap((dir) =>
      sourceFiles(path.join(src, dir)).flatMap((file) =>
        [...featuresUsedBy(file)]
          .filter(
            (f) =>
              !always.has(f) &&
              !(
                dir === 'features/layout' &&
                (f === 'layout' || STRINGS_LOADED_ON_DEMAND.layout?.includes(f))
              ),
          )
          .map((f) => `${path.relative(src, file)} → ${f}`),
      ),
    );
    expect(missing, 'add these to FRAME_STRING_FEATURES').toEqual([]);
  });
});

describe('loading a feature’s strings', () => {
  it('loads only the asked feature and what it borrows, in the language on screen, and follows a switch', async () => {
    await i18n.changeLanguage('cn');
    expect(i18n.exists('smsSettings.title', { lng: 'cn' })).toBe(false);

    await loadFeatureStrings(['sms-settings']);
    expect(i18n.exists('smsSettings.title', { lng: 'cn' })).toBe(true);
    expect(i18n.exists('systemConfig.title', { lng: 'cn' })).toBe(true);
    expect(i18n.exists('smsSettings.title', { lng: 'en' })).toBe(false);
    expect(i18n.exists('stream.list.title', { lng: 'cn' })).toBe(false);

    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('smsSettings.title')).not.toBe('smsSettings.title');
    expect(i18n.exists('systemConfig.title', { lng: 'en' })).toBe(true);
    localStorage.clear();
  });
});
