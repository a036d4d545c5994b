import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretBox, secretBoxFromKey } from './secret-box';

describe('secret box', () => {
  const box = secretBoxFromKey(crypto.randomBytes(32));

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('-----BEGIN PRIVATE KEY-----\nabc');
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(box.open(sealed)).toBe('-----BEGIN PRIVATE KEY-----\nabc');
  });

  it('refuses a tampered or foreign seal', () => {
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => secretBoxFromKey(crypto.randomBytes(32)).open(sealed)).toThrow();
  });

  it('seals bytes the same way, refusing tampered, foreign or unsealed ones', () => {
    const plain = Buffer.from('COPY customers\nsecret-value\n');
    const sealed = box.sealBytes(plain);
    expect(sealed.includes('secret-value')).toBe(false);
    expect(box.openBytes(sealed).equals(plain)).toBe(true);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.openBytes(tampered)).toThrow();
    expect(() => secretBoxFromKey(crypto.randomBytes(32)).openBytes(sealed)).toThrow();
    expect(() => box.openBytes(plain)).toThrow();
  });

  it('makes a key file once under the data directory, private to its owner', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-box-'));
    const sealed = secretBox({ keyBase64: undefined, dataDir: dir }).seal('x');
    expect(secretBox({ keyBase64: undefined, dataDir: dir }).open(sealed)).toBe('x');
    expect(fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
