import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { WORK_ORDER_STATUS } from '@nimbus/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsBao, type FakeSmsProvider } from '../../integrations/sms/testing/fake-sms-providers';
import { startTestServer, type ApiAnswer, type TestServer } from '../../../test/harness';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { messages } from '../message/message.schema';
import { edgeGroups } from '../edge/edge.schema';
import { sites } from '../site/site.schema';
import { workOrders } from './work-order.schema';

let server: TestServer;
let smsBao: FakeSmsProvider;
let dataDir: string;
let customer: string;
let other: string;
let admin: string;

const png = createCanvas(8, 8).toBuffer('image/png');
const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><script>alert(1)</script>' +
    '<rect width="20" height="10" fill="#177DFF"/></svg>',
);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-wo-'));
  smsBao = await startFakeSmsBao({ nimbus: 'smsbao-key' });
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  await server.database.db
    .insert(customers)
    .values({ username: 'other-wo', passwordHash: await hashPassword('other-pass-1') });
  [customer, other, admin] = await Promise.all([
    server.login('customer'),
    server.login('customer', { username: 'other-wo', password: 'other-pass-1' }),
    server.login('admin'),
  ]);
});
afterAll(async () => {
  await server.close();
  await smsBao.close();
});

/** Calls in English, where these tests read messages. */
const call: TestServer['call'] = (method, pathName, options = {}) =>
  server.call(method, pathName, { lang: 'en', ...options });

type Form = Record<string, string | number>;
interface Detail {
  id: number;
  number: string;
  status: number;
  assignee: string | null;
  posts: { kind: string; author: string; content: string; images: { id: number; contentType: string }[] }[];
}

/** A multipart call, as the browser's FormData sends it. */
async function upload<T>(
  pathName: string,
  token: string,
  fields: Form,
  images: { name: string; bytes: Buffer; type?: string }[] = [],
  lang: 'cn' | 'en' = 'en',
): Promise<ApiAnswer<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const image of images)
    form.append('images', new Blob([image.bytes], { type: image.type ?? 'image/png' }), image.name);
  const response = await fetch(`${server.baseUrl}/api/${pathName}`, {
    method: 'POST',
    headers: { token, lang },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as ApiAnswer<T>['body'] };
}

const submission = {
  category: 'other',
  title: 'Slow pages',
  description: 'Pages load slowly',
  contact: '13800000000',
};
const storedFiles = async () =>
  (await readdir(path.join(dataDir, 'uploads', 'work-orders')).catch(() => [])).length;
const orderCount = async () => (await server.database.db.select({ n: count() }).from(workOrders))[0]!.n;

async function submit(token = customer, fields: Form = submission) {
  const answer = await upload<{ id: number; number: string }>('app/work-order/submit', token, fields);
  expect(answer.body.code).toBe(1);
  return answer.body.data!;
}

const detailOf = async (id: number, token = customer, scope = 'app') =>
  (await call<Detail>('GET', `${scope}/work-order/detail`, { token, query: { id } })).body;

describe('submitting', () => {
  it('answers 401 without a token, before reading any upload', async () => {
    const answer = await upload('app/work-order/submit', '', submission, [{ name: 'a.png', bytes: png }]);
    expect(answer.body.code).toBe(401);
    expect((await call('POST', 'app/work-order/list', { body: {} })).body.code).toBe(401);
    expect((await call('GET', 'app/work-order/image', { query: { id: 1 } })).body.code).toBe(401);
    expect((await call('POST', 'sys/work-order/list', { token: customer, body: {} })).body.code).toBe(403);
  });

  it('files a work order with images; an SVG is stored as a PNG drawn from it', async () => {
    const answer = await upload<{ id: number; number: string }>(
      'app/work-order/submit',
      customer,
      submission,
      [
        { name: 'screen.png', bytes: png },
        { name: 'diagram.svg', bytes: svgWithScript, type: 'image/svg+xml' },
      ],
    );
    expect(answer.body).toMatchObject({ code: 1, msg: 'Work order submitted' });
    const { id, number } = answer.body.data!;
    expect(number).toMatch(new RegExp(`^\\d{8}${String(id).padStart(6, '0')}$`));
    const detail = (await detailOf(id)).data!;
    expect(detail.status).toBe(WORK_ORDER_STATUS.pending);
    expect(detail.posts).toHaveLength(1);
    expect(detail.posts[0]).toMatchObject({
      kind: 'description',
      author: 'customer',
      content: 'Pages load slowly',
    });
    const images = detail.posts[0]!.images;
    expect(images.map((i) => i.contentType)).toEqual(['image/png', 'image/png']);

    const svg = await fetch(`${server.baseUrl}/api/app/work-order/image?id=${images[1]!.id}`, {
      headers: { token: customer },
    });
    expect(svg.headers.get('content-type')).toBe('image/png');
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await svg.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.includes(Buffer.from('script'))).toBe(false);
  });

  it('refuses a 10th image, a 1.1 MB image and a disguised file, keeping nothing', async () => {
    const before = { orders: await orderCount(), files: await storedFiles() };
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.png`, bytes: png }));
    const tooMany = await upload('app/work-order/submit', customer, submission, ten);
    expect(tooMany.body).toMatchObject({ code: 400, msg: 'Upload at most 9 images' });

    const big = Buffer.concat([png, Buffer.alloc(1.1 * 1024 * 1024)]);
    const tooLarge = await upload('app/work-order/submit', customer, submission, [
      { name: 'big.png', bytes: big },
    ]);
    expect(tooLarge.body).toMatchObject({ code: 400, msg: 'Image big.png is larger than 1 MB' });

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await upload(
      'app/work-order/submit',
      customer,
      submission,
      [
        { name: 'photo.png', bytes: png },
        { name: 'evil.png', bytes: html },
      ],
      'cn',
    );
    expect(disguised.body).toMatchObject({ code: 400, msg: 'evil.png 不是 PNG、JPG、GIF 或 SVG 图片' });

    expect({ orders: await orderCount(), files: await storedFiles() }).toEqual(before);
  });

  it("names a missing field, and refuses another customer's site", async () => {
    const missing = await upload('app/work-order/submit', customer, { ...submission, title: ' ' }, [], 'cn');
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toContain('标题');
    const [site] = await server.database.db
      .insert(sites)
      .values({
        customerId: (
          await server.database.db.select().from(customers).where(eq(customers.username, 'other-wo'))
        )[0]!.id,
        domain: 'others-wo.example.com',
        cnameLabel: 'otherswo',
        nodeGroupId: (await server.database.db.insert(edgeGroups).values({ name: 'wo' }).returning())[0]!.id,
        originProtocol: 'http',
        balance: 'round_robin',
        origins: [{ address: '127.0.0.1', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
      })
      .returning();
    const answer = await upload('app/work-order/submit', customer, {
      ...submission,
      category: 'site',
      siteId: site!.id,
    });
    expect(answer.body).toMatchObject({ code: 400, msg: 'The chosen site does not exist or is not yours' });
    const own = await submit(other, { ...submission, category: 'site', siteId: site!.id });
    expect((await detailOf(own.id, other)).data).toMatchObject({ siteDomain: 'others-wo.example.com' });
  });
});

describe('the conversation', () => {
  it('keeps another customer out of a work order and its images (404)', async () => {
    const { id } = await submit();
    await upload('app/work-order/reply', customer, { id, content: 'screenshot' }, [
      { name: 's.png', bytes: png },
    ]);
    const imageId = (await detailOf(id)).data!.posts[1]!.images[0]!.id;
    expect((await detailOf(id, other)).code).toBe(404);
    expect(
      (await call('GET', 'app/work-order/image', { token: other, query: { id: imageId } })).body.code,
    ).toBe(404);
    const reply = await upload('app/work-order/reply', other, { id, content: 'hijack' });
    expect(reply.body.code).toBe(404);
    const close = await call('POST', 'app/work-order/close', {
      token: other,
      body: { id, rating: 1, resolved: false },
    });
    expect(close.body.code).toBe(404);
    const asAdmin = await fetch(`${server.baseUrl}/api/sys/work-order/image?id=${imageId}`, {
      headers: { token: admin },
    });
    expect(asAdmin.headers.get('content-type')).toBe('image/png');
  });

  it('runs pending → processing → completed → appeal → closed, and nothing after closing', async () => {
    const { id, number } = await submit();
    const empty = await upload('app/work-order/reply', customer, { id, content: '  ' });
    expect(empty.body).toMatchObject({ code: 400, msg: 'A reply cannot be empty' });

    // SMSBao is on, with a work-order template: the customer (mobile 13800000000) gets a text.
    const smsConfig = {
      api_addr: smsBao.url,
      username: 'nimbus',
      api_key: 'smsbao-key',
      signname: 'Nimbus',
      templateIds: {
        work_order: {
          name: 'work_order',
          title: 'Reply',
          id: '',
          status: 1,
          content: '工单{number}有新回复',
        },
      },
    };
    const saved = await call('POST', 'sys/config/update', {
      token: admin,
      body: { id: 46, paramKey: 'SMS_BAO', paramValue: JSON.stringify(smsConfig), status: 1 },
    });
    expect(saved.body.code).toBe(1);
    const answered = await upload<Detail>('sys/work-order/reply', admin, {
      id,
      content: 'Please purge the cache',
    });
    expect(answered.body.data).toMatchObject({ status: WORK_ORDER_STATUS.processing, assignee: 'admin' });
    const [letter] = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.type, 3), eq(messages.title, `工单 ${number} 有新的回复`)));
    expect(letter?.content).toContain('Please purge the cache');
    expect(smsBao.requests.map((r) => [r.verified, r.mobile, r.params])).toEqual([
      [true, '13800000000', `【Nimbus】工单${number}有新回复`],
    ]);

    const supplement = await upload<Detail>('app/work-order/reply', customer, {
      id,
      content: 'Done, still slow',
    });
    expect(supplement.body.data!.posts.map((p) => p.author)).toEqual(['customer', 'admin', 'customer']);

    const appealEarly = await upload('app/work-order/appeal', customer, { id, content: 'why' });
    expect(appealEarly.body).toMatchObject({ code: 400, msg: 'Only a completed work order can be appealed' });

    const completed = await call<Detail>('POST', 'sys/work-order/complete', {
      token: admin,
      body: { id },
    });
    expect(completed.body.data!.status).toBe(WORK_ORDER_STATUS.completed);
    const afterComplete = await upload('app/work-order/reply', customer, { id, content: 'more' });
    expect(afterComplete.body.msg).toBe('This work order is completed: appeal if the problem is not solved');

    const appealed = await upload<Detail>('app/work-order/appeal', customer, { id, content: 'Still broken' });
    expect(appealed.body.data!.status).toBe(WORK_ORDER_STATUS.appeal);

    const noChoice = await call('POST', 'app/work-order/close', {
      token: customer,
      body: { id, rating: 4 },
    });
    expect(noChoice.body).toMatchObject({ code: 400, msg: 'Choose whether the problem was resolved' });
    const closed = await call<Detail & { rating: number; resolved: boolean }>(
      'POST',
      'app/work-order/close',
      {
        token: customer,
        body: { id, rating: 4, resolved: true, feedback: 'Thanks' },
      },
    );
    expect(closed.body.data).toMatchObject({ status: WORK_ORDER_STATUS.closed, rating: 4, resolved: true });

    const closedMessage = 'This work order is closed: no more supplements or messages are possible';
    expect((await upload('app/work-order/reply', customer, { id, content: 'x' })).body.msg).toBe(
      closedMessage,
    );
    expect((await upload('sys/work-order/reply', admin, { id, content: 'x' })).body.msg).toBe(closedMessage);
    const again = await call('POST', 'app/work-order/close', {
      token: customer,
      body: { id, rating: 1, resolved: false },
    });
    expect(again.body.msg).toBe(closedMessage);
  });
});

describe('lists', () => {
  it('counts per status, filters, and keeps customers to their own', async () => {
    const mine = await call<{
      list: { username: string }[];
      totalCount: number;
      statusCounts: Record<string, number>;
    }>('POST', 'app/work-order/list', { token: customer, body: { page: 1, limit: 50 } });
    const page = mine.body.data!;
    expect(page.list.every((w) => w.username === 'demo')).toBe(true);
    expect(Object.values(page.statusCounts).reduce((a, b) => a + b, 0)).toBe(page.totalCount);
    const closedOnly = await call<{ list: { status: number }[] }>('POST', 'app/work-order/list', {
      token: customer,
      body: { status: WORK_ORDER_STATUS.closed },
    });
    expect(closedOnly.body.data!.list.map((w) => w.status)).toEqual([WORK_ORDER_STATUS.closed]);

    const all = await call<{ totalCount: number }>('POST', 'sys/work-order/list', {
      token: admin,
      body: {},
    });
    expect(all.body.data!.totalCount).toBeGreaterThan(page.totalCount);
    const others = await call<{ list: { username: string }[] }>('POST', 'sys/work-order/list', {
      token: admin,
      body: { username: 'other-wo' },
    });
    expect(others.body.data!.list.map((w) => w.username)).toEqual(['other-wo']);
    const unassigned = await call<{ list: { assignee: string | null }[] }>('POST', 'sys/work-order/list', {
      token: admin,
      body: { assignee: 'none' },
    });
    expect(unassigned.body.data!.list.every((w) => w.assignee === null)).toBe(true);
    const assigned = await call<{ list: { assignee: string | null }[] }>('POST', 'sys/work-order/list', {
      token: admin,
      body: { assignee: 'me' },
    });
    expect(assigned.body.data!.list.length).toBeGreaterThan(0);
    expect(assigned.body.data!.list.every((w) => w.assignee === 'admin')).toBe(true);
  });

  it('assigns to an admin that exists, or to nobody', async () => {
    const { id } = await submit();
    const missing = await call('POST', 'sys/work-order/assign', {
      token: admin,
      body: { id, assigneeId: 99999 },
    });
    expect(missing.body.msg).toBe('Admin not found');
    const none = await call<Detail>('POST', 'sys/work-order/assign', {
      token: admin,
      body: { id, assigneeId: null },
    });
    expect(none.body.data!.assignee).toBeNull();
  });
});
