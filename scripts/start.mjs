// `npm start`: build the web app and the edge agent when their sources are newer than the builds, then run the
// server (which starts or connects to PostgreSQL, migrates, seeds and serves the consoles).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Each build: its output, the sources it is made from, and the workspace that builds it.
const builds = [
  {
    what: 'the web consoles',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contract/src'],
    workspace: 'apps/web',
  },
  {
    // Served to edge nodes by the one-line install (GET /api/edge/v1/agent.mjs).
    what: 'the edge agent',
    output: 'apps/edge/dist/nimbus-edge.mjs',
    sources: ['apps/edge/src', 'packages/contract/src'],
    workspace: 'apps/edge',
  },
];

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

function needsBuild({ output, sources }) {
  const file = path.join(root, output);
  if (!fs.existsSync(file)) return true;
  const built = fs.statSync(file).mtimeMs;
  return sources.some((s) => fs.existsSync(path.join(root, s)) && newestMtime(path.join(root, s)) > built);
}

for (const build of builds.filter(needsBuild)) {
  console.log(`Building ${build.what}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// One process (node with tsx's loader), so a signal or kill reaches the server itself.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
