import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { solveCaptcha, tryLogin } from '../../modules/account/account.test-support';
import { sysConfig } from '../../modules/config/config.schema';
import { messages } from '../../modules/message/message.schema';
import { attemptThrottles } from '../auth/auth.schema';

/**
 * A change and its audit row commit together: when the audit row cannot be written (here a
 * constraint refuses it, as a full disk or a lost connection would), nothing of the change
 * is left behind either.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ captureCodes: true });
  admin = await server.login('admin');
});
afterAll(() => server?.close());
afterEach(async () => {
  await server.database.db.execute(sql`alter table audit_log drop constraint if exists refuse_audit`);
  await server.database.db.delete(attemptThrottles);
});

async function refuseAudit(action: string) {
  await server.database.db.execute(sql`alter table audit_log drop constraint if exists refuse_audit`);
  await server.database.db.execute(
    sql.raw(
      `alter table audit_log add constraint refuse_audit check (not (action = '${action}' and success)) not valid`,
    ),
  );
}

const configRow = async (key: string) =>
  (await server.database.db.select().from(sysConfig).where(eq(sysConfig.paramKey, key)))[0]!;

describe('a change whose audit row fails is not made', () => {
  it('password change: the old password still works and no session ends', async () => {
    const token = await server.login('customer');
    const other = await server.login('customer');
    await refuseAudit('password.change');
    const answer = await server.call('POST', 'app/account/changepwd', {
      token,
      body: { oldPassword: CUSTOMER.password, newPassword: 'never-set-1' },
    });
    expect(answer.status).toBe(500);
    expect((await server.call('GET', 'app/account/userinfo', { token: other })).body.code).toBe(1);
    expect((await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password)).body.code).toBe(1);
    expect((await tryLogin(server, 'app', CUSTOMER.username, 'never-set-1')).body.code).toBe(400);
  });

  it('password reset: the password stays, and the code still works afterwards', async () => {
    const token = await server.login('customer');
    await server.call('POST', 'app/account/code/send', {
      body: {
        channel: 'mail',
        target: 'demo@example.com',
        purpose: 'forget',
        ...(await solveCaptcha(server)),
      },
    });
    const body = { channel: 'mail', target: 'demo@example.com', code: server.sentCodes.at(-1)!.code };
    await refuseAudit('password.reset');
    const failed = await server.call('POST', 'app/account/forget', {
      body: { ...body, password: 'never-set-2' },
    });
    expect(failed.status).toBe(500);
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(1);
    expect((await tryLogin(server, 'app', CUSTOMER.username, CUSTOMER.password)).body.code).toBe(1);

    await server.database.db.execute(sql`alter table audit_log drop constraint refuse_audit`);
    const reset = await server.call('POST', 'app/account/forget', {
      body: { ...body, password: CUSTOMER.password },
    });
    expect(reset.body.code).toBe(1);
  });

  it('sys/config/update, update/status and web config save leave the rows as they were', async () => {
    // A payment key whose value passes its schema (contract payment-gateways), so only the audit refuses.
    const before = await configRow('CCCYUN_PAY_CONF');
    await refuseAudit('config.update');
    const paramValue = '{"endpoint":"https://pay.example.com/","pid":"1"}';
    const update = await server.call('POST', 'sys/config/update', {
      token: admin,
      body: { id: before.id, paramKey: 'CCCYUN_PAY_CONF', remark: 'changed', paramValue },
    });
    expect(update.status).toBe(500);
    await refuseAudit('config.status');
    expect((await server.call('GET', `sys/config/update/status/${before.id}`, { token: admin })).status).toBe(
      500,
    );
    expect(await configRow('CCCYUN_PAY_CONF')).toEqual(before);

    const contact = await configRow('contact');
    await refuseAudit('webconfig.save');
    const save = await server.call('POST', 'sys/config/web/save', {
      token: admin,
      body: {
        section: 'contact',
        value: { mobile: '', email: 'never@example.com', qq: '', company: '', telegram: '', skype: '' },
      },
    });
    expect(save.status).toBe(500);
    expect(await configRow('contact')).toEqual(contact);
  });

  it('sys/config/save and delete, message publish and delete leave nothing half done', async () => {
    await refuseAudit('config.save');
    const save = await server.call('POST', 'sys/config/save', {
      token: admin,
      body: { paramKey: 'AUDIT_TEST', paramValue: '{"a":1}' },
    });
    expect(save.status).toBe(500);
    expect(
      await server.database.db.select().from(sysConfig).where(eq(sysConfig.paramKey, 'AUDIT_TEST')),
    ).toEqual([]);

    await server.database.db.execute(sql`alter table audit_log drop constraint refuse_audit`);
    const saved = await server.call<{ id: number }>('POST', 'sys/config/save', {
      token: admin,
      body: { paramKey: 'AUDIT_TEST', paramValue: '{"a":1}' },
    });
    await refuseAudit('config.delete');
    const del = await server.call('POST', 'sys/config/delete', {
      token: admin,
      body: { ids: [saved.body.data!.id] },
    });
    expect(del.status).toBe(500);
    expect((await configRow('AUDIT_TEST')).id).toBe(saved.body.data!.id);

    await refuseAudit('message.publish');
    const publish = await server.call('POST', 'sys/message/publish', {
      token: admin,
      body: { title: 'Never published', content: 'x' },
    });
    expect(publish.status).toBe(500);
    expect(
      await server.database.db.select().from(messages).where(eq(messages.title, 'Never published')),
    ).toEqual([]);

    await server.database.db.execute(sql`alter table audit_log drop constraint refuse_audit`);
    const published = await server.call<{ id: number }>('POST', 'sys/message/publish', {
      token: admin,
      body: { title: 'Kept', content: 'x' },
    });
    await refuseAudit('message.delete');
    const remove = await server.call('POST', 'sys/message/delete', {
      token: admin,
      body: { ids: [published.body.data!.id] },
    });
    expect(remove.status).toBe(500);
    expect(await server.database.db.select().from(messages).where(eq(messages.title, 'Kept'))).toHaveLength(
      1,
    );
  });
});
