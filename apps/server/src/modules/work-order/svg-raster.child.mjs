// The SVG rasteriser's own process (see svg-raster.ts): reads a checked SVG on stdin, writes
// the PNG on stdout. Plain JavaScript so it starts without a TypeScript loader.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { Resvg } from '@resvg/resvg-js';

const UNREADABLE = 3;
const maxSide = Number(process.argv[2]);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const svg = Buffer.concat(chunks);

let png;
try {
  const draw = (fitTo) => new Resvg(svg, { fitTo, font: { loadSystemFonts: true }, logLevel: 'off' });
  let drawing = draw();
  const { width, height } = drawing;
  if (Math.max(width, height) > maxSide)
    drawing = draw(width >= height ? { mode: 'width', value: maxSide } : { mode: 'height', value: maxSide });
  png = drawing.render().asPng();
} catch {
  process.exit(UNREADABLE);
}
process.stdout.end(png);
