#!/usr/bin/env node
// Runs the TypeScript sources through tsx, like the server (docs/adr/0001). Nodes get the
// one-file build (dist/nimbus-edge.mjs, `npm run build`) instead, which needs no tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
