import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { consoleCataloguePlugin } from './apps/web/build/console-catalogue';

const serverSrc = fileURLToPath(new URL('./apps/server/src', import.meta.url));
const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        // The web's console catalogue modules (ADR 0026), as the web build makes them.
        plugins: [consoleCataloguePlugin()],
        resolve: { alias: { '@server': serverSrc, '@': webSrc } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            'apps/edge/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // A worker per core (package.json): a heavy screen test may take a few seconds more.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias: { '@server': serverSrc } },
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Two files at a time (package.json) with their consoles, nginx and PowerDNS on two cores:
          // the waits for them last up to a minute (eventually), so a test or hook may take longer.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The edge agent against real nginx processes and a fake console: no PostgreSQL needed.
        test: {
          name: 'edge-integration',
          include: ['apps/edge/src/**/*.int.test.ts'],
          // As above: the waits for an agent or nginx last up to a minute (until, waitForLine).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
