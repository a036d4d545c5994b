import { and, eq } from 'drizzle-orm';
import type { AdminMessage, Message, MessagePage, Page } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { messageReceipts, messages } from './message.schema';

const OTHER = { username: 'other-customer', password: 'other-pass-1' };

let server: TestServer;
let admin: string;
let demo: string;
let other: string;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const [row] = await db
    .insert(customers)
    .values({
      username: OTHER.username,
      mail: 'other@example.com',
      passwordHash: await hashPassword(OTHER.password),
    })
    .returning();
  otherId = row!.id;
  demoId = (await db.select().from(customers).where(eq(customers.username, 'demo')))[0]!.id;
  admin = await server.login('admin');
  demo = await server.login('customer');
  other = await server.login('customer', OTHER);
});
afterAll(() => server.close());

const db = () => server.database.db;
const list = async (
  token: string,
  body: Record<string, unknown> = { page: 1, limit: 100, sidx: 'id', order: 'desc' },
) => {
  const answer = await server.call<MessagePage>('POST', 'app/account/message/list', { token, body });
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
};
const publish = async (title: string, content = `${title} content`) => {
  const answer = await server.call<AdminMessage>('POST', 'sys/message/publish', {
    token: admin,
    body: { title, content },
  });
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
};
const letter = async (customerId: number, title: string, status = 1) =>
  (
    await db()
      .insert(messages)
      .values({ title, content: `${title} body`, type: 1, status, customerId })
      .returning()
  )[0]!;
const allRows = async () => ({
  messages: await db().select().from(messages).orderBy(messages.id),
  receipts: await db().select().from(messageReceipts),
});

describe('guards', () => {
  it.each([
    ['POST', 'app/account/message/list', { page: 1 }],
    ['GET', 'app/account/message/info?id=1', undefined],
    ['POST', 'app/account/message/delete', { ids: [1] }],
    ['POST', 'app/account/message/read', { all: true }],
    ['GET', 'app/account/message/unread', undefined],
  ])('%s %s: 401 without a token, 403 with an admin token', async (method, path, body) => {
    expect((await server.call(method, path, { body })).body.code).toBe(401);
    expect((await server.call(method, path, { body, token: admin })).body.code).toBe(403);
  });

  it.each([
    ['sys/message/publish', { title: 't', content: 'c' }],
    ['sys/message/list', { page: 1 }],
    ['sys/message/delete', { ids: [1] }],
  ])('POST %s: 401 without a token, 403 with a customer token, nothing written', async (path, body) => {
    const before = await allRows();
    expect((await server.call('POST', path, { body })).body.code).toBe(401);
    expect((await server.call('POST', path, { body, token: demo })).body.code).toBe(403);
    expect(await allRows()).toEqual(before);
  });
});

describe('announcements and letters', () => {
  let first: AdminMessage;
  let second: AdminMessage;
  let demoLetter: { id: number };
  let otherLetter: { id: number };

  beforeAll(async () => {
    first = await publish('Maintenance window');
    demoLetter = await letter(demoId, 'Your invoice');
    otherLetter = await letter(otherId, 'Private to other');
    await letter(demoId, 'Withdrawn letter', 0);
    second = await publish('New edge nodes');
  });

  it('publishes one row per announcement, audited', async () => {
    expect(first).toMatchObject({ type: 2, status: 1, readCount: 0, title: 'Maintenance window' });
    const rows = await db().select().from(messages).where(eq(messages.type, 2));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.customerId === null)).toBe(true);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'message.publish'));
    expect(audits.map((a) => a.target)).toEqual([String(first.id), String(second.id)]);
  });

  it('lists a customer’s own letters and the announcements, newest first, with unreadCount', async () => {
    const demoPage = await list(demo);
    expect(demoPage.list.map((m) => m.title)).toEqual([
      'New edge nodes',
      'Your invoice',
      'Maintenance window',
    ]);
    expect(demoPage).toMatchObject({ totalCount: 3, unreadCount: 3, pageSize: 100, currPage: 1 });
    expect(demoPage.list.every((m) => m.readStatus === 0)).toBe(true);
    expect(demoPage.list[0]!.createtime).toMatch(/^\d{4}-\d\d-\d\dT/);
    const otherPage = await list(other);
    expect(otherPage.list.map((m) => m.title)).toEqual([
      'New edge nodes',
      'Private to other',
      'Maintenance window',
    ]);
    // defaults: limit 100, sidx id, order desc
    expect((await list(demo, {})).pageSize).toBe(100);
    const paged = await list(demo, { page: 2, limit: 2, order: 'asc' });
    expect(paged.list.map((m) => m.title)).toEqual(['New edge nodes']);
  });

  it('sorts by createtime when asked (sidx), by id otherwise', async () => {
    const [invoice] = await db().select().from(messages).where(eq(messages.title, 'Your invoice'));
    await db()
      .update(messages)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(messages.id, invoice!.id));
    try {
      const titles = async (sidx: string, order: string) =>
        (await list(demo, { page: 1, limit: 100, sidx, order })).list.map((m) => m.title);
      expect(await titles('createtime', 'desc')).toEqual([
        'New edge nodes',
        'Maintenance window',
        'Your invoice',
      ]);
      expect(await titles('createtime', 'asc')).toEqual([
        'Your invoice',
        'Maintenance window',
        'New edge nodes',
      ]);
      expect(await titles('id', 'desc')).toEqual(['New edge nodes', 'Your invoice', 'Maintenance window']);
    } finally {
      await db().update(messages).set({ createdAt: invoice!.createdAt }).where(eq(messages.id, invoice!.id));
    }
  });

  it('answers 404 for another customer’s letter and changes nothing', async () => {
    const before = await allRows();
    for (const [method, path, options] of [
      ['GET', 'app/account/message/info', { query: { id: otherLetter.id } }],
      ['POST', 'app/account/message/delete', { body: { ids: [otherLetter.id] } }],
      ['POST', 'app/account/message/delete', { body: { ids: [demoLetter.id, otherLetter.id] } }],
      ['POST', 'app/account/message/read', { body: { ids: [otherLetter.id] } }],
      ['GET', 'app/account/message/info', { query: { id: 999999 } }],
    ] as const) {
      const answer = await server.call(method, path, { ...options, token: demo, lang: 'en' });
      expect(answer.body, `${method} ${path}`).toEqual({ code: 404, msg: 'Resource not found' });
    }
    expect(await allRows()).toEqual(before);
  });

  it('opening a message marks it read for that customer only', async () => {
    const info = await server.call<Message>('GET', 'app/account/message/info', {
      token: demo,
      query: { id: first.id },
    });
    expect(info.body.data).toMatchObject({
      id: first.id,
      title: 'Maintenance window',
      content: 'Maintenance window content',
      type: 2,
      readStatus: 1,
    });
    expect((await list(demo)).unreadCount).toBe(2);
    expect((await list(other)).unreadCount).toBe(3);
    const unread = await server.call<{ unreadCount: number }>('GET', 'app/account/message/unread', {
      token: demo,
    });
    expect(unread.body.data).toEqual({ unreadCount: 2 });
    // Opening again keeps the first read time.
    const [receipt] = await db()
      .select()
      .from(messageReceipts)
      .where(and(eq(messageReceipts.messageId, first.id), eq(messageReceipts.customerId, demoId)));
    await server.call('GET', 'app/account/message/info', { token: demo, query: { id: first.id } });
    const [again] = await db()
      .select()
      .from(messageReceipts)
      .where(and(eq(messageReceipts.messageId, first.id), eq(messageReceipts.customerId, demoId)));
    expect(again!.readAt).toEqual(receipt!.readAt);
    const adminList = await server.call<Page<AdminMessage>>('POST', 'sys/message/list', {
      token: admin,
      body: {},
    });
    expect(adminList.body.data!.list.find((m) => m.id === first.id)?.readCount).toBe(1);
  });

  it('marks read by ids or all', async () => {
    const byIds = await server.call<{ unreadCount: number }>('POST', 'app/account/message/read', {
      token: other,
      lang: 'en',
      body: { ids: [second.id] },
    });
    expect(byIds.body).toEqual({ code: 1, msg: 'Marked as read', data: { unreadCount: 2 } });
    const all = await server.call<{ unreadCount: number }>('POST', 'app/account/message/read', {
      token: other,
      body: { all: true },
    });
    expect(all.body.data).toEqual({ unreadCount: 0 });
    expect((await list(other)).list.every((m) => m.readStatus === 1)).toBe(true);
    expect((await list(demo)).unreadCount).toBe(2);
  });

  it.each([
    ['app/account/message/read', {}, 'Select the messages to mark as read'],
    ['app/account/message/read', { ids: [] }, 'IDs cannot be empty'],
    ['app/account/message/delete', { ids: 'all' }, 'IDs'],
    ['app/account/message/list', { sidx: 'title' }, 'Sort field'],
    ['app/account/message/list', { limit: 1000 }, 'Page size'],
  ])('POST %s refuses %j with a message naming the field', async (path, body, message) => {
    const before = await allRows();
    const answer = await server.call('POST', path, { token: demo, lang: 'en', body });
    expect(answer.body.code).toBe(400);
    expect(answer.body.msg).toContain(message);
    expect(await allRows()).toEqual(before);
  });

  it('deleting an announcement hides it for that customer only; deleting a letter removes it', async () => {
    const answer = await server.call('POST', 'app/account/message/delete', {
      token: demo,
      lang: 'en',
      body: { ids: [second.id, demoLetter.id] },
    });
    expect(answer.body).toEqual({ code: 1, msg: 'Deleted successfully', data: { deleted: 2 } });
    expect((await list(demo)).list.map((m) => m.title)).toEqual(['Maintenance window']);
    expect((await list(other)).list.map((m) => m.title)).toContain('New edge nodes');
    expect(await db().select().from(messages).where(eq(messages.id, second.id))).toHaveLength(1);
    expect(await db().select().from(messages).where(eq(messages.id, demoLetter.id))).toHaveLength(0);
    expect(
      (await server.call('GET', 'app/account/message/info', { token: demo, query: { id: second.id } })).body
        .code,
    ).toBe(404);
    // marking all read does not bring it back
    await server.call('POST', 'app/account/message/read', { token: demo, body: { all: true } });
    expect((await list(demo)).list.map((m) => m.id)).toEqual([first.id]);
  });
});

describe('admin message management', () => {
  it('lists only published announcements, searchable by title', async () => {
    await db().insert(messages).values({ title: 'Withdrawn notice', content: 'x', type: 2, status: 0 });
    await letter(demoId, 'A letter, not an announcement');
    const answer = await server.call<Page<AdminMessage>>('POST', 'sys/message/list', {
      token: admin,
      body: { page: 1, limit: 20 },
    });
    expect(answer.body.data!.list.map((m) => m.title)).toEqual(['New edge nodes', 'Maintenance window']);
    expect(answer.body.data!.list.every((m) => m.type === 2 && m.status === 1)).toBe(true);
    const search = await server.call<Page<AdminMessage>>('POST', 'sys/message/list', {
      token: admin,
      body: { title: 'EDGE' },
    });
    expect(search.body.data).toMatchObject({ totalCount: 1, list: [{ title: 'New edge nodes' }] });
    const wildcard = await server.call<Page<AdminMessage>>('POST', 'sys/message/list', {
      token: admin,
      body: { title: '_' },
    });
    expect(wildcard.body.data!.totalCount).toBe(0);
  });

  it.each([
    [{ title: '', content: 'c' }, 'en', 'Title cannot be empty'],
    [{ title: '   ', content: 'c' }, 'en', 'Title cannot be empty'],
    [{ title: 't' }, 'en', 'Content cannot be empty'],
    [{ title: 'x'.repeat(201), content: 'c' }, 'en', 'Title must be at most 200 characters'],
    [{ title: '', content: 'c' }, 'cn', '标题不能为空'],
  ] as const)('publish refuses %j, naming the field, and writes nothing', async (body, lang, message) => {
    const before = await allRows();
    const answer = await server.call('POST', 'sys/message/publish', { token: admin, lang, body });
    expect(answer.body).toEqual({ code: 400, msg: message });
    expect(await allRows()).toEqual(before);
  });

  it('deletes announcements for everyone (all or nothing), audited', async () => {
    const target = await publish('To be deleted');
    await server.call('GET', 'app/account/message/info', { token: demo, query: { id: target.id } });
    const [aLetter] = await db().select().from(messages).where(eq(messages.type, 1));
    const mixed = await server.call('POST', 'sys/message/delete', {
      token: admin,
      body: { ids: [target.id, aLetter!.id] },
    });
    expect(mixed.body.code).toBe(404);
    expect(await db().select().from(messages).where(eq(messages.id, target.id))).toHaveLength(1);

    const answer = await server.call('POST', 'sys/message/delete', {
      token: admin,
      body: { ids: [target.id] },
    });
    expect(answer.body).toMatchObject({ code: 1, data: { deleted: 1 } });
    expect(await db().select().from(messages).where(eq(messages.id, target.id))).toHaveLength(0);
    expect(
      await db().select().from(messageReceipts).where(eq(messageReceipts.messageId, target.id)),
    ).toHaveLength(0);
    expect((await list(other)).list.map((m) => m.id)).not.toContain(target.id);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'message.delete'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: 'admin', detail: { ids: [target.id] } });
  });
});
