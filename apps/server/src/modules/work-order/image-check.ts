import { Resvg } from '@resvg/resvg-js';
import { badRequest } from '../../platform/http/app-error';

export interface UploadedImage {
  /** The file name the browser sent; shown, never used as a path. */
  name: string;
  bytes: Buffer;
}

export interface CheckedImage {
  name: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
  bytes: Buffer;
}

/** Rasterised SVGs are drawn no larger than this on their longer side. */
const SVG_MAX_SIDE = 2048;

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/** The type the bytes are, whatever the name or the browser says (a renamed file is refused). */
function rasterType(bytes: Buffer): CheckedImage['contentType'] | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  return undefined;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /<svg[\s>]/i.test(head) && /^\s*(<\?xml|<!--|<!doctype|<svg)/i.test(head);
}

/**
 * An SVG can carry script, links and external references, and a browser runs them when the
 * file is opened on its own. It is drawn to a PNG here (resvg runs no script and fetches
 * nothing), so only pixels are ever served.
 */
function rasterise(bytes: Buffer): Buffer {
  const draw = (fitTo?: { mode: 'width' | 'height'; value: number }) =>
    new Resvg(bytes, { fitTo, font: { loadSystemFonts: true }, logLevel: 'off' });
  let svg = draw();
  const { width, height } = svg;
  if (Math.max(width, height) > SVG_MAX_SIDE)
    svg = draw(
      width >= height ? { mode: 'width', value: SVG_MAX_SIDE } : { mode: 'height', value: SVG_MAX_SIDE },
    );
  return svg.render().asPng();
}

/**
 * A PNG, JPEG or GIF is kept as sent; an SVG becomes a PNG. Anything else, or an SVG resvg
 * cannot read, is refused naming the file.
 */
export function checkImage(upload: UploadedImage): CheckedImage {
  const contentType = rasterType(upload.bytes);
  if (contentType) return { name: upload.name, contentType, bytes: upload.bytes };
  if (looksLikeSvg(upload.bytes)) {
    try {
      return {
        name: upload.name.replace(/\.svg$/i, '') + '.png',
        contentType: 'image/png',
        bytes: rasterise(upload.bytes),
      };
    } catch {
      // Not an SVG resvg can draw: refused below like any other file.
    }
  }
  throw badRequest('workOrder.imageType', { name: upload.name });
}
