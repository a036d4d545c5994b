import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { gzipSize } from './lib/gzip';

/** Issue 2 §8 set 250 KB of gzip JavaScript for a console's login page; issue 21 §4 lowers it. */
export const LOGIN_TARGET_BYTES = 200 * 1000;
/** Issue 10 §6, issue 21 §4: every console's dashboard's first load, logged in. */
export const DASHBOARD_TARGET_BYTES = 350 * 1000;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export interface StaticEntry {
  files: { file: string; gzip: number }[];
  gzip: number;
}

/** `attr` of every `<tag …>` that carries `marker`, whatever the attribute order. */
function tagAttributes(html: string, tag: string, marker: string, attr: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))]
    .map((m) => m[0])
    .filter((t) => t.includes(marker))
    .map((t) => new RegExp(`\\b${attr}="([^"]+)"`).exec(t)?.[1] ?? '')
    .filter(Boolean);
}

/**
 * What every route downloads before any lazy chunk: the entry script of dist/index.html, its
 * modulepreload links, and their static `import … from "./x.js"` closure. Dynamic `import()`
 * (route chunks) is not followed — that part is measured in the browser.
 */
export function staticEntryClosure(distDir: string): StaticEntry {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const pending = [
    ...tagAttributes(html, 'script', 'type="module"', 'src'),
    ...tagAttributes(html, 'link', 'rel="modulepreload"', 'href'),
  ].map((url) => path.join(distDir, url.replace(/^\//, '')));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    // Static imports and re-exports only (`import{a}from"./x.js"`, `import"./x.js"`); a dynamic
    // `import("./x.js")` has a parenthesis before the quote and is left out on purpose.
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      pending.push(path.resolve(path.dirname(file), m[1] ?? ''));
    }
  }
  const files = [...seen].map((file) => ({
    file: path.relative(distDir, file),
    gzip: gzipSize(fs.readFileSync(file)),
  }));
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

export interface PageLoad {
  name: string;
  url: string;
  finalPath: string;
  scripts: number;
  /** The five heaviest scripts, to show where the bytes go. */
  largest: { file: string; gzip: number }[];
  gzip: number;
  raw: number;
  target: number | null;
  /** Whether the page rendered (`ready` visible) where it should, e.g. the dashboard not bounced to login. */
  landed: boolean;
}

export interface PageSpec {
  name: string;
  path: string;
  /** localStorage entries set before the page's own scripts run (a logged-in session). */
  storage?: Record<string, string>;
  expectPath: RegExp;
  /** CSS selector that is visible once the page has really rendered (not just its loader). */
  ready: string;
  target: number | null;
}

/** After the page is ready, this long without a new script response counts as "loaded". */
const QUIET_MS = 1500;

/**
 * Loads each page in a fresh browser context (empty cache) of Debian's Chromium, waits for the
 * network to go quiet, and sums the JavaScript responses — recompressed with gzip, so the number
 * does not depend on whether the server compresses.
 */
export async function measurePages(baseUrl: string, pages: PageSpec[]): Promise<PageLoad[]> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const results: PageLoad[] = [];
    for (const spec of pages) {
      const context = await browser.newContext();
      if (spec.storage) {
        const entries = JSON.stringify(spec.storage);
        await context.addInitScript({
          content: `for (const [k, v] of Object.entries(${entries})) localStorage.setItem(k, v);`,
        });
      }
      const page = await context.newPage();
      const bodies: Promise<{ file: string; raw: number; gzip: number } | null>[] = [];
      let lastScriptAt = Date.now();
      page.on('response', (response) => {
        const url = response.url();
        const type = response.headers()['content-type'] ?? '';
        if (!url.startsWith(baseUrl) || !(url.split('?')[0]?.endsWith('.js') || type.includes('javascript')))
          return;
        lastScriptAt = Date.now();
        bodies.push(
          response.body().then(
            (body) => ({ file: new URL(url).pathname, raw: body.length, gzip: gzipSize(body) }),
            () => null,
          ),
        );
      });
      // Route chunks are imported only after the shell has run (and, logged in, after the
      // user's menu arrived), so "network idle" alone can fire between the two: wait for the
      // page's own content, then for scripts to stop arriving.
      await page.goto(`${baseUrl}${spec.path}`, { waitUntil: 'load', timeout: 120_000 });
      const rendered = await page
        .waitForSelector(spec.ready, { state: 'visible', timeout: 60_000 })
        .then(() => true)
        .catch(() => false);
      await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
      while (Date.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(250);
      const finalPath = new URL(page.url()).pathname;
      const sizes = (await Promise.all(bodies)).filter((s) => s !== null);
      results.push({
        name: spec.name,
        url: spec.path,
        finalPath,
        scripts: sizes.length,
        largest: [...sizes]
          .sort((a, b) => b.gzip - a.gzip)
          // BENCH_ALL_SCRIPTS=1 lists every script (to find what to split).
          .slice(0, process.env.BENCH_ALL_SCRIPTS ? undefined : 5)
          .map(({ file, gzip }) => ({ file, gzip })),
        raw: sizes.reduce((sum, s) => sum + s.raw, 0),
        gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
        target: spec.target,
        landed: rendered && spec.expectPath.test(finalPath),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
