import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The captcha as a JPEG (ADR 0014). A raster picture, unlike an SVG, carries no glyph outlines
 * a program can read back; each character gets its own size, angle, offset and colour, over
 * lines and dots. The font ships with the dependencies (DejaVu Sans Bold), so a server without
 * fonts draws the same picture.
 */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/** Characters people confuse (0/o, 1/l/i) are left out; the check ignores case. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const FAMILY = 'NimbusCaptcha';

GlobalFonts.registerFromPath(
  createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  FAMILY,
);

const between = (min: number, max: number) => min + (crypto.randomInt(1_000_000) / 1_000_000) * (max - min);
const darkColour = () =>
  `hsl(${crypto.randomInt(360)}, ${crypto.randomInt(50, 80)}%, ${crypto.randomInt(20, 40)}%)`;
const lightColour = () => `hsl(${crypto.randomInt(360)}, 40%, ${crypto.randomInt(55, 75)}%)`;

export function captchaText(length = 4): string {
  return Array.from({ length }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
}

function noise(ctx: SKRSContext2D) {
  for (let i = 0; i < 4; i++) {
    ctx.strokeStyle = lightColour();
    ctx.lineWidth = between(1, 2);
    ctx.beginPath();
    ctx.moveTo(between(0, 20), between(0, CAPTCHA_HEIGHT));
    ctx.bezierCurveTo(
      between(20, 60),
      between(0, CAPTCHA_HEIGHT),
      between(60, 100),
      between(0, CAPTCHA_HEIGHT),
      between(100, CAPTCHA_WIDTH),
      between(0, CAPTCHA_HEIGHT),
    );
    ctx.stroke();
  }
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = lightColour();
    ctx.fillRect(between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT), 1.5, 1.5);
  }
}

/** A JPEG of `text`, different on every call. */
export function captchaImage(text: string): Buffer {
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f5f7fa';
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  noise(ctx);
  const slot = CAPTCHA_WIDTH / (text.length + 1);
  [...text].forEach((char, i) => {
    ctx.save();
    ctx.translate(slot * (i + 0.9) + between(-3, 3), CAPTCHA_HEIGHT / 2 + between(-3, 3));
    ctx.rotate(between(-0.45, 0.45));
    ctx.font = `${Math.round(between(22, 28))}px ${FAMILY}`;
    ctx.fillStyle = darkColour();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(char, 0, 0);
    ctx.restore();
  });
  // One more line across the glyphs, so they do not stand apart cleanly.
  ctx.strokeStyle = darkColour();
  ctx.lineWidth = 1.2;
  ctx.beginPath();
  ctx.moveTo(between(0, 15), between(10, 30));
  ctx.quadraticCurveTo(
    CAPTCHA_WIDTH / 2,
    between(0, CAPTCHA_HEIGHT),
    between(105, CAPTCHA_WIDTH),
    between(10, 30),
  );
  ctx.stroke();
  return canvas.toBuffer('image/jpeg', 85);
}
