import { badRequest } from '../../platform/http/app-error';
import { rasteriseSvg, SvgRasterError } from './svg-raster';
import { safeSvg } from './svg-safety';

export interface UploadedImage {
  /** The file name the browser sent; shown, never used as a path. */
  name: string;
  /** The bytes, from where the upload was written as it arrived (upload-parts.ts). */
  read(): Promise<Buffer>;
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
 * A PNG, JPEG or GIF is kept as sent; an SVG becomes a PNG. An SVG can carry script, links and
 * external references, and a browser runs them when the file is opened on its own, so only
 * its pixels are served: drawn by resvg (no script, nothing fetched) after every reference
 * outside the document is removed (svg-safety.ts), in a process held to CPU and memory limits
 * (svg-raster.ts). Anything else, or an SVG resvg cannot read, is refused naming the file; an
 * SVG too costly to draw is refused saying so.
 */
export async function checkImage(upload: UploadedImage): Promise<CheckedImage> {
  const bytes = await upload.read();
  const contentType = rasterType(bytes);
  if (contentType) return { name: upload.name, contentType, bytes };
  if (!looksLikeSvg(bytes)) throw badRequest('workOrder.imageType', { name: upload.name });
  const verdict = safeSvg(bytes.toString('utf8'));
  if (!verdict.ok) throw badRequest('workOrder.svgRefused', { name: upload.name });
  try {
    return {
      name: upload.name.replace(/\.svg$/i, '') + '.png',
      contentType: 'image/png',
      bytes: await rasteriseSvg(verdict.svg, SVG_MAX_SIDE),
    };
  } catch (error) {
    if (error instanceof SvgRasterError && error.why === 'unreadable')
      throw badRequest('workOrder.imageType', { name: upload.name });
    if (error instanceof SvgRasterError) throw badRequest('workOrder.svgRefused', { name: upload.name });
    throw error;
  }
}
