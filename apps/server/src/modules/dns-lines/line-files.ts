import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ipv4Ranges } from '../../integrations/ip2region/ip2region';
import { lineLibrary } from './line-script';
import { lineTable } from './line-table';

let compiled: ReturnType<typeof lineTable> | undefined;
const installs = new Map<string, Promise<string>>();

/** Writes `file` only when its content changed, through a rename so PowerDNS never reads half of it. */
function writeWhole(file: string, content: Buffer | string) {
  if (fs.existsSync(file) && fs.readFileSync(file).equals(Buffer.from(content))) return;
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content, { mode: 0o644 });
  fs.renameSync(temporary, file);
}

function install(dir: string): string {
  compiled ??= lineTable(ipv4Ranges());
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  // The table's name carries its content's hash: a library always names a table that is whole.
  const hash = crypto.createHash('sha256').update(compiled.table).digest('hex').slice(0, 12);
  const tableName = `lines-${hash}.bin`;
  writeWhole(path.join(dir, tableName), compiled.table);
  const library = path.join(dir, 'nimbus-lines.lua');
  writeWhole(library, lineLibrary(path.join(dir, tableName), compiled.entries));
  for (const old of fs.readdirSync(dir))
    if (/^lines-\w+\.bin$/.test(old) && old !== tableName) fs.rmSync(path.join(dir, old), { force: true });
  return library;
}

/**
 * The line table and library in `dir` (where PowerDNS reads them), written once per process
 * from the IP database; resolves to the library's path that LUA records name.
 */
export function installLines(dir: string): Promise<string> {
  let done = installs.get(dir);
  if (!done) {
    done = Promise.resolve().then(() => install(dir));
    done.catch(() => installs.delete(dir));
    installs.set(dir, done);
  }
  return done;
}
