import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeMarkup } from '../shared/markup.js';

/** The logo's side in pixels: 40 px shown, sharp on screens of 2× and more. */
export const LOGO_SIZE = 96;

const cache = new Map<string, Promise<Buffer>>();

/** A stand-in logo: the shop's initial on the favicon's dark rounded square. */
export function initialLogoSvg(shopName: string): string {
  const initial = escapeMarkup((shopName.trim()[0] ?? 'T').toLocaleUpperCase('es-MX'));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="14" fill="#1c1917"/>' +
    '<text x="32" y="44" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" ' +
    `font-size="34" font-weight="700" fill="#fb923c">${initial}</text></svg>`
  );
}

async function renderPng(svg: Buffer): Promise<Buffer> {
  // Loaded on first use: starting the shop loads no part of sharp (start-path.test.ts).
  const { default: sharp } = await import('sharp');
  // The favicon's viewBox is 64 units: rasterise at a density that gives at least 96 px.
  return sharp(svg, { density: 216 })
    .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

async function drawLogo(clientPublicDir: string, shopName: string): Promise<Buffer> {
  let svg: Buffer;
  try {
    svg = await readFile(path.join(clientPublicDir, 'favicon.svg'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    svg = Buffer.from(initialLogoSvg(shopName));
  }
  return renderPng(svg);
}

/**
 * The shop's logo for the messages: client/public/favicon.svg as a 96×96 PNG (mail clients do not
 * show SVG), drawn once and kept in memory. Without the file, the shop's initial stands in.
 */
export function logoPng(clientPublicDir: string, shopName = 'Tienda'): Promise<Buffer> {
  const key = `${path.resolve(clientPublicDir)}\0${shopName}`;
  let png = cache.get(key);
  if (!png) {
    png = drawLogo(clientPublicDir, shopName);
    cache.set(key, png);
    // A failure is not kept: the next call tries again.
    png.catch(() => cache.delete(key));
  }
  return png;
}
