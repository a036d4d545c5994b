import path from 'node:path';
import type { Plugin } from 'vite';

/** Packages only the tests use: none of their code belongs in what the browser loads. */
const TEST_PACKAGES = /\/node_modules\/(@testing-library\/|@vitest\/|vitest\/|jsdom\/)/;
/**
 * The web's own test code: `*.test.*` / `*.spec.*` files, the shared test support folder
 * (`shared/test/`), and the test helpers beside components (`test-fixtures.ts`, `test-kit.ts`,
 * `test-setup.ts`, every `test-*` file by that naming).
 */
const TEST_SOURCES = [/\.(test|spec)\.[cm]?[jt]sx?$/, /\/src\/shared\/test\//, /\/test-[^/]*\.[cm]?[jt]sx?$/];

/** Whether a bundled module (a Rolldown module id) is test code. */
export function isTestModule(moduleId: string): boolean {
  // Ids may carry a query (`?used`) or a virtual-module prefix (`\0`).
  const id = moduleId.replace(/^\0/, '').split('?')[0]!.replaceAll('\\', '/');
  if (id.includes('/node_modules/')) return TEST_PACKAGES.test(id);
  return TEST_SOURCES.some((pattern) => pattern.test(id));
}

/** `output file → its test modules` for every chunk of the bundle that carries any. */
export function testCodeIn(bundle: Record<string, { type: string; moduleIds?: readonly string[] }>) {
  const found: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(bundle)) {
    const tests = output.type === 'chunk' ? (output.moduleIds ?? []).filter(isTestModule) : [];
    if (tests.length > 0) found[file] = tests;
  }
  return found;
}

/**
 * Fails the build when a chunk would carry test code into `dist/`: a page glob that picks up a
 * `*.test.tsx` beside the pages once shipped every page test, its fixtures and the testing
 * library as lazy chunks (issue 22). Checked on the module graph of what is written, not by
 * guessing from the minified text.
 */
export function noTestCode(): Plugin {
  let root = process.cwd();
  return {
    name: 'nimbus-no-test-code',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const found = testCodeIn(bundle);
      const files = Object.keys(found);
      if (files.length === 0) return;
      const lines = files.map((file) => {
        const modules = found[file]!.map((id) => path.relative(root, id));
        const more = modules.length > 3 ? ` and ${modules.length - 3} more` : '';
        return `  ${file}: ${modules.slice(0, 3).join(', ')}${more}`;
      });
      this.error(`The build would ship test code in dist/:\n${lines.join('\n')}`);
    },
  };
}
