import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/**
 * A customer's SVG is drawn away from the event loop, under limits, with nothing from outside
 * the document: the attacks of issue 17 §4, each as a customer would send it.
 */

let server: TestServer;
let customer: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-svg-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  customer = await server.login('customer');
});
afterAll(() => server?.close());

const svgOf = (inner: string, side = 64) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `width="${side}" height="${side}">${inner}</svg>`,
  );

/** Files a work order with one SVG, as the browser's form does. */
async function submitSvg(svg: Buffer): Promise<{ code: number; msg: string; data?: { id: number } }> {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    category: 'other',
    title: 'Diagram',
    description: 'See the picture',
    contact: '13800000000',
  }))
    form.append(key, value);
  form.append('images', new Blob([svg], { type: 'image/svg+xml' }), 'diagram.svg');
  const response = await fetch(`${server.baseUrl}/api/app/work-order/submit`, {
    method: 'POST',
    headers: { token: customer, lang: 'en' },
    body: form,
  });
  return (await response.json()) as never;
}

/** The RGBA pixels of the PNG the work order keeps for its first image. */
async function storedPixels(workOrderId: number): Promise<Uint8ClampedArray> {
  const detail = await server.call<{ posts: { images: { id: number }[] }[] }>(
    'GET',
    'app/work-order/detail',
    {
      token: customer,
      query: { id: workOrderId },
    },
  );
  const imageId = detail.body.data!.posts[0]!.images[0]!.id;
  const response = await fetch(`${server.baseUrl}/api/app/work-order/image?id=${imageId}`, {
    headers: { token: customer },
  });
  const image = await loadImage(Buffer.from(await response.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height).data;
}

const opaquePixels = (pixels: Uint8ClampedArray) =>
  pixels.filter((_, i) => i % 4 === 3 && pixels[i]! > 0).length;

describe('SVG images', () => {
  it('an SVG that takes long to draw does not hold up other calls, and is refused', async () => {
    // 8³ full-size translucent squares through nested <use>: 20 s of drawing from 617 bytes.
    let defs = '<rect id="l0" width="2048" height="2048" fill-opacity=".01"/>';
    for (let level = 1; level <= 3; level++)
      defs += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(8)}</g>`;
    const freezer = svgOf(`<defs>${defs}</defs><use href="#l3"/>`, 2048);
    expect(freezer.length).toBeLessThan(700);

    let uploadAnswered = false;
    const upload = submitSvg(freezer).finally(() => (uploadAnswered = true));
    // One health call after another while the drawing runs: each is answered before the next is
    // sent. A server drawing on its event loop answers none of them until the drawing ends.
    let healthAnswers = 0;
    while (!uploadAnswered && healthAnswers < 20) {
      expect((await server.call('GET', 'health')).body.code).toBe(1);
      if (!uploadAnswered) healthAnswers++;
    }
    expect(healthAnswers).toBe(20);
    expect(await upload).toMatchObject({
      code: 400,
      msg: 'The SVG image diagram.svg cannot be drawn safely (too complex or holding what is not allowed); send it as PNG or JPG',
    });
  }, 60_000);

  it('draws no file of the server: image references outside the document are removed', async () => {
    const red = path.join(dataDir, 'server-secret.png');
    const canvas = createCanvas(64, 64);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ff0000';
    context.fillRect(0, 0, 64, 64);
    await writeFile(red, canvas.toBuffer('image/png'));
    for (const reference of [`href="${red}"`, `xlink:href="file://${red}"`]) {
      const answer = await submitSvg(svgOf(`<image ${reference} width="64" height="64"/>`));
      expect(answer.code).toBe(1);
      expect(opaquePixels(await storedPixels(answer.data!.id))).toBe(0);
    }
  }, 60_000);

  it('an image of /dev/zero neither fills the memory nor ends the server', async () => {
    const answer = await submitSvg(svgOf('<image href="/dev/zero" width="64" height="64"/>'));
    expect(answer.code).toBe(1);
    expect(opaquePixels(await storedPixels(answer.data!.id))).toBe(0);
    expect((await server.call('GET', 'health')).body.code).toBe(1);
  }, 60_000);
});
