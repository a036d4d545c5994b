import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './http/error-handling';
import { loggerOptions } from './logger';
import { formatSafeError, safeError } from './safe-error';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const TOTP = 'JBSWY3DPEHPK3PXP';
const PROVIDER_JSON = JSON.stringify({ host: 'smtp.example.com', password: 'smtp-auth-code-42' });

/** What drizzle throws when PostgreSQL refuses a statement: the pg error is its cause. */
function failedQuery(): DrizzleQueryError {
  const pgError = Object.assign(
    new Error('new row for relation "admins" violates check constraint "admins_hash_check"'),
    {
      code: '23514',
      constraint: 'admins_hash_check',
      table: 'admins',
      detail: `Failing row contains (1, admin, ${HASH}, ${TOTP}).`,
    },
  );
  return new DrizzleQueryError(
    'update "admins" set "password_hash" = $1, "google_auth_secret" = $2, "note" = $3 where "admins"."id" = $4',
    [HASH, TOTP, PROVIDER_JSON, 1],
    pgError,
  );
}

const SECRETS = [HASH, TOTP, 'smtp-auth-code-42'];

describe('safeError', () => {
  it('keeps the SQL text, codes and stack of a failed query, and none of its parameters', () => {
    const safe = safeError(failedQuery());
    const text = JSON.stringify(safe);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(safe.message).toBe(
      'Failed query: update "admins" set "password_hash" = $1, "google_auth_secret" = $2, "note" = $3 where "admins"."id" = $4',
    );
    expect(safe.stack).toMatch(/^Error: Failed query: update "admins"[^\n]*\n\s+at /);
    expect(safe.cause).toMatchObject({
      code: '23514',
      constraint: 'admins_hash_check',
      table: 'admins',
      message: 'new row for relation "admins" violates check constraint "admins_hash_check"',
    });
    expect(text).not.toContain('Failing row');
  });

  it('blanks a parameter that a cause repeats in its own message', () => {
    const cause = new Error(`invalid input syntax for type integer: "${TOTP}"`);
    const safe = safeError(new DrizzleQueryError('select $1::int', [TOTP], cause));
    expect(safe.cause?.message).toBe('invalid input syntax for type integer: "[redacted]"');
  });

  it('formats a start-up failure for the console without the parameters', () => {
    const text = formatSafeError(failedQuery());
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('Caused by: Error: new row for relation "admins"');
    expect(text).toContain('[23514]');
  });

  it('describes values that are not errors', () => {
    expect(safeError('plain text')).toEqual({ type: 'string', message: 'plain text' });
  });
});

describe('server log', () => {
  it('logs an unexpected query failure without its secret parameters, and answers 500 without a stack', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line: string) => lines.push(line) }) });
    installErrorHandling(app);
    app.get('/boom', async () => {
      throw failedQuery();
    });
    const answer = await app.inject({ method: 'GET', url: '/boom', headers: { lang: 'en' } });
    await app.close();

    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ code: 500, msg: 'Server error, please try again later' });
    const logged = lines.join('');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('admins_hash_check');
    for (const secret of SECRETS) expect(logged).not.toContain(secret);
  });
});
