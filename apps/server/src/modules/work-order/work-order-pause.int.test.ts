import { createCanvas } from '@napi-rs/canvas';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { savePower } from '../../../test/support/web-power';
import { workOrders } from './work-order.schema';

let server: TestServer;
let customer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  [customer, admin] = await Promise.all([server.login('customer'), server.login('admin')]);
});
afterAll(() => server.close());

const submission = { category: 'other', title: 'Slow pages', description: 'Pages load slowly', contact: 'x' };
const orderCount = async () => (await server.database.db.select({ n: count() }).from(workOrders))[0]!.n;

const setStopWork = (stopWork: 0 | 1) => savePower(server, admin, { stopWork });

const submitJson = (lang: 'cn' | 'en' = 'en') =>
  server.call<{ id: number }>('POST', 'app/work-order/submit', { token: customer, body: submission, lang });

/** A multipart submit with an image, as the browser sends it. */
async function submitWithImage() {
  const form = new FormData();
  for (const [key, value] of Object.entries(submission)) form.append(key, value);
  const png = createCanvas(8, 8).toBuffer('image/png');
  form.append('images', new Blob([png], { type: 'image/png' }), 'a.png');
  const response = await fetch(`${server.baseUrl}/api/app/work-order/submit`, {
    method: 'POST',
    headers: { token: customer, lang: 'en' },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string };
}

describe('power.stopWork (pause work orders)', () => {
  it('refuses new work orders while on, in both languages, and keeps existing ones answerable', async () => {
    const open = await submitJson();
    expect(open.body.code).toBe(1);
    const id = open.body.data!.id;

    await setStopWork(1);
    expect((await submitJson('en')).body).toEqual({
      code: 403,
      msg: 'Work orders are paused: new work orders cannot be submitted for now; you can still reply to existing ones',
    });
    expect((await submitJson('cn')).body).toEqual({
      code: 403,
      msg: '工单服务已暂停，暂不能提交新工单；已有工单仍可继续回复',
    });
    expect((await submitWithImage()).code).toBe(403);
    expect(await orderCount()).toBe(1);

    // The spec pauses new work orders only: a conversation already open goes on.
    const reply = await server.call('POST', 'app/work-order/reply', {
      token: customer,
      body: { id, content: 'Any news?' },
    });
    expect(reply.body.code).toBe(1);
    const adminReply = await server.call('POST', 'sys/work-order/reply', {
      token: admin,
      body: { id, content: 'Looking into it' },
    });
    expect(adminReply.body.code).toBe(1);
    const list = await server.call<{ totalCount: number }>('POST', 'app/work-order/list', {
      token: customer,
      body: {},
    });
    expect(list.body.data!.totalCount).toBe(1);

    await setStopWork(0);
    expect((await submitWithImage()).code).toBe(1);
    expect(await orderCount()).toBe(2);
  });
});
