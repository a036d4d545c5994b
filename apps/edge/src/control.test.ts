import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutOf } from './config';
import { controlSecret } from './control';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('controlSecret', () => {
  it('makes the secret once, readable by its owner only, and reads the same one back', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-control-'));
    dirs.push(dataDir);
    const layout = layoutOf({ dataDir: path.join(dataDir, 'edge'), mode: 'managed' });
    const secret = controlSecret(layout);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(controlSecret(layout)).toBe(secret);
    expect(fs.statSync(layout.controlSecretConf).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(layout.controlSecretConf, 'utf8')).toContain(
      `if ($http_x_nimbus_control != "${secret}") { return 404; }`,
    );
  });

  it('replaces a file that holds no secret of ours', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-control-'));
    dirs.push(dataDir);
    const layout = layoutOf({ dataDir, mode: 'managed' });
    fs.writeFileSync(layout.controlSecretConf, 'return 200;\n');
    expect(controlSecret(layout)).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(layout.controlSecretConf, 'utf8')).not.toContain('return 200');
  });
});
