import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { consoleCataloguePlugin } from './build/console-catalogue';
import { noTestCode } from './build/no-test-code';
import { precompress } from './build/precompress';

export default defineConfig({
  plugins: [react(), consoleCataloguePlugin(), noTestCode(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs first goes in one file: a score of small files compresses
          // worse (each gzip starts with an empty dictionary) and costs a request each.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
