import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { isTestModule, noTestCode } from './no-test-code';

describe('isTestModule', () => {
  it.each([
    '/repo/apps/web/src/features/orders/pages/OrderListPage.test.tsx',
    '/repo/apps/web/src/shared/format.spec.ts',
    '/repo/apps/web/src/shared/test/render.tsx',
    '/repo/apps/web/src/features/orders/components/test-fixtures.ts',
    '/repo/apps/web/src/features/site-admin/components/rules/test-kit.ts',
    '/repo/apps/web/src/shared/ui/test-setup.ts',
    '/repo/node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
    '/repo/node_modules/@vitest/expect/dist/index.js',
    '/repo/node_modules/vitest/dist/chunks/test.js',
    '/repo/node_modules/jsdom/lib/api.js',
    '/repo/apps/web/src/features/orders/pages/OrderListPage.test.tsx?used',
  ])('%s is test code', (id) => {
    expect(isTestModule(id)).toBe(true);
  });

  it.each([
    '/repo/apps/web/src/features/orders/pages/OrderListPage.tsx',
    '/repo/apps/web/src/features/sms-settings/components/SmsTestCard.tsx',
    '/repo/apps/web/src/features/mail-settings/components/MailTestCard.tsx',
    '/repo/node_modules/antd/es/test/index.js',
    '/repo/node_modules/react/index.js',
    '\0virtual:console-catalogue/cn',
  ])('%s is not', (id) => {
    expect(isTestModule(id)).toBe(false);
  });
});

/** A real build of a two-page app whose page glob also picks a page's test. */
describe('noTestCode in a build', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function app(glob: string): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-no-test-code-'));
    dirs.push(root);
    fs.mkdirSync(path.join(root, 'pages'));
    fs.writeFileSync(path.join(root, 'pages/Home.ts'), 'export const Home = "home";\n');
    fs.writeFileSync(
      path.join(root, 'pages/Home.test.ts'),
      'import { Home } from "./Home";\nexport const checked = Home === "home";\n',
    );
    fs.writeFileSync(
      path.join(root, 'main.ts'),
      `const pages = import.meta.glob(${glob});\nfor (const load of Object.values(pages)) void load();\n`,
    );
    return root;
  }

  const buildApp = (root: string) =>
    build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [noTestCode()],
      build: { write: false, lib: { entry: path.join(root, 'main.ts'), formats: ['es'] } },
    });

  it('fails when a chunk carries a test file', async () => {
    await expect(buildApp(app(`'./pages/*.ts'`))).rejects.toThrow(
      /would ship test code in dist\/:\n {2}.*Home\.test.*: pages\/Home\.test\.ts/,
    );
  });

  it('passes when the glob leaves the tests out', async () => {
    await expect(buildApp(app(`['./pages/*.ts', '!./pages/*.test.ts']`))).resolves.toBeDefined();
  });
});
