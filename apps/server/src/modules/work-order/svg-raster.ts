import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * SVGs are drawn in a process of their own, never on the event loop: resvg is native code, so
 * a worker thread could neither be stopped in the middle of a drawing nor held to a memory
 * limit, and one abort (resvg gives up when memory runs out) would end the whole server.
 * The child runs under prlimit: past its CPU seconds the kernel kills it, past its address
 * space an allocation fails and only the child dies; a wall-clock timer kills one that waits.
 * At most two draw at a time, so a stream of heavy SVGs cannot take every core.
 */

const CHILD = path.join(import.meta.dirname, 'svg-raster.child.mjs');
const LIMITS = {
  cpuSeconds: 4,
  /** Address space: Node itself plus a 2048² canvas and a filter's few copies of it. */
  memoryBytes: 1024 * 1024 * 1024,
  wallMs: 15_000,
  /** The V8 heap of the child: the SVG and the PNG pass through it, nothing more. */
  heapMb: 64,
  concurrent: 2,
};
const UNREADABLE = 3;

/** The drawing failed: `unreadable` is no SVG resvg can read; `limits` stopped it. */
export class SvgRasterError extends Error {
  constructor(readonly why: 'unreadable' | 'limits') {
    super(`SVG not drawn: ${why}`);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= LIMITS.concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function drawInChild(svg: string, maxSide: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'prlimit',
      [
        `--cpu=${LIMITS.cpuSeconds}`,
        `--as=${LIMITS.memoryBytes}`,
        '--',
        process.execPath,
        `--max-old-space-size=${LIMITS.heapMb}`,
        CHILD,
        String(maxSide),
      ],
      { stdio: ['pipe', 'pipe', 'ignore'], env: { PATH: process.env.PATH } },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMITS.wallMs);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    // A child killed before it read everything closes stdin under us: that is its exit's story.
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && out.length > 0) resolve(Buffer.concat(out));
      else reject(new SvgRasterError(code === UNREADABLE ? 'unreadable' : 'limits'));
    });
    child.stdin.end(svg);
  });
}

/** The SVG drawn to a PNG no larger than `maxSide` on its longer side. */
export function rasteriseSvg(svg: string, maxSide: number): Promise<Buffer> {
  return inTurn(() => drawInChild(svg, maxSide));
}
