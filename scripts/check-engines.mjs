// `npm test` starts here: every package the lockfile installs must run on the Node.js version the
// README promises, or a fresh `npm ci` warns EBADENGINE (and the package may not work at all).
// Checked as npm checks it (semver over `engines.node`, prereleases included); a package that
// wants more is pinned back through `overrides` in package.json, the promise stays.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

const promised = /Node\.js (\d+\.\d+(?:\.\d+)?) or newer/.exec(read('README.md'))?.[1];
if (!promised) {
  console.error('check-engines: the README no longer says "Node.js <version> or newer"');
  process.exit(1);
}
const version = semver.coerce(promised).version;
const problems = [];
const rootRange = JSON.parse(read('package.json')).engines?.node;
if (!rootRange || !semver.satisfies(version, rootRange))
  problems.push(`package.json engines.node ${rootRange ?? '(none)'} does not take Node.js ${version}`);

for (const [where, entry] of Object.entries(JSON.parse(read('package-lock.json')).packages)) {
  const range = entry.engines?.node;
  if (where && typeof range === 'string' && !semver.satisfies(version, range, { includePrerelease: true }))
    problems.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants Node.js ${range}`);
}

if (problems.length > 0) {
  console.error(`check-engines: the README promises Node.js ${promised}, but`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`check-engines: every locked package runs on Node.js ${promised}`);
