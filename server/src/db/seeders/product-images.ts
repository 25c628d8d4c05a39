/**
 * Product photos for the demo catalogue, drawn as SVG and rendered to WebP by sharp.
 *
 * Each picture looks like a flat-lay e-commerce shot: a light, softly graded background with the
 * garment's soft drop shadow, the garment for the product type filled with its colour (seams,
 * stitching, ribbing, buttons, zips, pockets), soft shading and folds over it, and a small brand
 * wordmark. `variant` 0 is the front, 1 the back and 2 a close-up of a detail.
 *
 * Speed: librsvg's blur filter is slow at full size, so the blurred layers (background + shadow,
 * and the shading) are drawn at a quarter of the size and scaled up; only the crisp garment layer
 * is drawn at full size. sharp composites the three.
 */
import sharp from 'sharp';
import { escapeMarkup } from '../../modules/shared/markup.js';

export interface ProductImageOptions {
  typeName: string;
  /** '#rrggbb' or '#rgb'; anything else falls back to grey. */
  colorHex: string;
  brandName: string;
  /** 0 front, 1 back, 2 detail close-up (taken modulo 3). */
  variant: number;
  /** Width and height in pixels; 800 by default. */
  size?: number;
}

export type GarmentKind =
  | 'tee'
  | 'polo'
  | 'longsleeve'
  | 'shirt'
  | 'blouse'
  | 'hoodie'
  | 'sweater'
  | 'jacket'
  | 'vest'
  | 'set'
  | 'swimsuit'
  | 'trunks'
  | 'pants'
  | 'jogger'
  | 'shorts'
  | 'sneaker'
  | 'shoe'
  | 'loafer'
  | 'boot'
  | 'sandal';

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Which garment a product type is drawn as (unknown types get a t-shirt). */
export function garmentKind(typeName: string, brandName = ''): GarmentKind {
  const t = normalize(typeName);
  const women = /\bdama\b/.test(normalize(brandName));
  if (t.includes('tenis')) return 'sneaker';
  if (t.includes('zapato')) return 'shoe';
  if (t.includes('calzado')) return 'loafer';
  if (t.includes('bota')) return 'boot';
  if (t.includes('sandalia')) return 'sandal';
  if (t.includes('polo')) return 'polo';
  if (t.includes('manga larga')) return 'longsleeve';
  if (t.includes('camisa')) return 'shirt';
  if (t.includes('blusa')) return 'blouse';
  if (t.includes('sudadera')) return 'hoodie';
  if (t.includes('sweater') || t.includes('sueter')) return 'sweater';
  if (t.includes('chamarra')) return 'jacket';
  if (t.includes('chaleco')) return 'vest';
  if (t.includes('conjunto')) return 'set';
  if (t.includes('bano')) return women ? 'swimsuit' : 'trunks';
  if (t.includes('pantalon')) return 'pants';
  if (t.includes('jogger')) return 'jogger';
  if (t.includes('short')) return 'shorts';
  return 'tee';
}

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = readonly [number, number, number];

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m || !m[1]) return [143, 147, 153];
  let h = m[1];
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Relative luminance, 0..1. */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

interface Palette {
  base: string;
  /** Ribbing, bands, trims: a little darker. */
  band: string;
  /** The inside of the garment. */
  inside: string;
  /** Thread of the stitching. */
  stitch: string;
  /** Outlines and seam shadows. */
  line: string;
  /** Printed wordmark. */
  ink: string;
  /** Strength of shadows and highlights, tuned for very dark and very light colours. */
  shadow: number;
  highlight: number;
  isLight: boolean;
}

function palette(hex: string): Palette {
  const rgb = parseHex(hex);
  const lum = luminance(rgb);
  const isLight = lum > 0.45;
  const isDark = lum < 0.035;
  return {
    base: toHex(rgb),
    band: toHex(isDark ? mix(rgb, WHITE, 0.05) : mix(rgb, BLACK, isLight ? 0.06 : 0.1)),
    inside: toHex(isDark ? mix(rgb, BLACK, 0.4) : mix(rgb, BLACK, isLight ? 0.15 : 0.3)),
    stitch: toHex(isDark ? mix(rgb, WHITE, 0.25) : mix(rgb, BLACK, isLight ? 0.3 : 0.38)),
    line: toHex(isDark ? mix(rgb, BLACK, 0.6) : mix(rgb, BLACK, isLight ? 0.35 : 0.45)),
    ink: isLight ? toHex(mix(rgb, [24, 24, 28], 0.9)) : '#f6f5f1',
    shadow: isDark ? 0.55 : isLight ? 0.32 : 0.42,
    highlight: isDark ? 0.16 : isLight ? 0.5 : 0.2,
    isLight,
  };
}

// ---------------------------------------------------------------------------------------------
// Paths

type Pt = readonly [number, number];
type Seg = { kind: 'L'; to: Pt } | { kind: 'C'; c1: Pt; c2: Pt; to: Pt };

const L = (x: number, y: number): Seg => ({ kind: 'L', to: [x, y] });
const C = (x1: number, y1: number, x2: number, y2: number, x: number, y: number): Seg => ({
  kind: 'C',
  c1: [x1, y1],
  c2: [x2, y2],
  to: [x, y],
});

const CX = 500;
const r1 = (v: number) => Math.round(v * 10) / 10;
const mirrorPt = ([x, y]: Pt): Pt => [2 * CX - x, y];
const fmt = ([x, y]: Pt) => `${r1(x)} ${r1(y)}`;

/**
 * A closed outline symmetric about x = 500: from `start` (on the axis) along the left half
 * `segs` to a point on the axis, then back up along the mirrored right half.
 */
function symPath(start: Pt, segs: readonly Seg[]): string {
  let d = `M${fmt(start)}`;
  for (const s of segs) {
    d += s.kind === 'L' ? `L${fmt(s.to)}` : `C${fmt(s.c1)} ${fmt(s.c2)} ${fmt(s.to)}`;
  }
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i] as Seg;
    const prev = i === 0 ? start : (segs[i - 1] as Seg).to;
    d +=
      s.kind === 'L'
        ? `L${fmt(mirrorPt(prev))}`
        : `C${fmt(mirrorPt(s.c2))} ${fmt(mirrorPt(s.c1))} ${fmt(mirrorPt(prev))}`;
  }
  return `${d}Z`;
}

/** Mirrors a path made of M/L/C/Q commands with absolute "x y" pairs about x = 500. */
function mirrorPath(d: string): string {
  return d.replace(
    /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g,
    (_, x: string, y: string) => `${r1(2 * CX - Number(x))} ${y}`,
  );
}

/** A path and its mirror image. */
const both = (d: string): string => `${d} ${mirrorPath(d)}`;

/** The brand as printed on a garment: upper case, without the shop's ' Dama'/' Niño' suffix. */
export function wordmarkText(brandName: string): string {
  const trimmed = brandName.trim();
  const base = trimmed.replace(/\s+(dama|niño|nino|niña|nina)$/i, '').trim();
  return (base || trimmed || 'Tienda').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Drawing context and primitives

interface Ctx {
  p: Palette;
  view: 'front' | 'back';
  /** Wordmark text. */
  brand: string;
  /** Unique prefix for ids. */
  id: string;
  /** Soft shading drawn (blurred, low resolution) over the garment only. */
  shade: string[];
  /** Shapes that cast the drop shadow. */
  shadow: string[];
  /** The main body outline, for texture clipping in close-ups. */
  body?: string;
}

const num = (v: number) => v.toFixed(3).replace(/\.?0+$/, '');

function stitch(d: string, ctx: Ctx, width = 2): string {
  return `<path d="${d}" fill="none" stroke="${ctx.p.stitch}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round" opacity="0.8"/>`;
}

/** A sewn seam: a thin dark line with a soft dip beside it. */
function seam(d: string, ctx: Ctx, width = 2.4): string {
  ctx.shade.push(
    `<path d="${d}" fill="none" stroke="#000" stroke-width="10" opacity="${num(ctx.p.shadow * 0.35)}"/>`,
  );
  return `<path d="${d}" fill="none" stroke="${ctx.p.line}" stroke-width="${width}" opacity="0.55"/>`;
}

/** A fold: a soft shadow along `d`, with a soft highlight on its ridge. */
function fold(ctx: Ctx, d: string, strength = 1): void {
  const { p } = ctx;
  ctx.shade.push(
    `<path d="${d}" fill="none" stroke="#000" stroke-width="24" stroke-linecap="round" opacity="${num(p.shadow * 0.42 * strength)}"/>`,
    `<path d="${d}" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round" opacity="${num(p.highlight * 0.6 * strength)}" transform="translate(18 -6)"/>`,
  );
}

/** A soft highlight blob (light falling on a raised area). */
function glow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, strength = 1): void {
  ctx.shade.push(
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#glow)" opacity="${num(Math.min(1, ctx.p.highlight * 0.9 * strength))}"/>`,
  );
}

/**
 * A garment piece: flat colour with a gentle light fall-off, an outline, a shadow around its
 * edge on the shading layer and (optionally) a place in the drop shadow.
 */
function piece(
  d: string,
  ctx: Ctx,
  opts: { fill?: string; cast?: boolean; edge?: number } = {},
): string {
  const { p, id } = ctx;
  if (opts.cast !== false) ctx.shadow.push(`<path d="${d}"/>`);
  const edge = opts.edge ?? 1;
  if (edge > 0) {
    ctx.shade.push(
      `<path d="${d}" fill="none" stroke="#000" stroke-width="${Math.round(34 * edge)}" stroke-linejoin="round" opacity="${num(p.shadow * 0.55)}"/>`,
    );
  }
  return (
    `<path d="${d}" fill="${opts.fill ?? p.base}"/>` +
    `<path d="${d}" fill="url(#${id}-fall)"/>` +
    `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="1.6" stroke-linejoin="round" opacity="0.5"/>`
  );
}

/** A ribbed band (cuff, waistband, collar): darker colour with fine vertical ribs. */
function ribBand(
  d: string,
  box: readonly [number, number, number, number],
  ctx: Ctx,
  gap = 8,
  angle = 0,
): string {
  const { p, id } = ctx;
  const [x0, y0, x1, y1] = box;
  const clip = `${id}-rb${ctx.shadow.length}`;
  let ribs = '';
  for (let x = x0 + gap / 2; x < x1; x += gap) ribs += `M${r1(x)} ${y0 - 30}V${y1 + 30}`;
  const rot = angle ? ` rotate(${angle} ${(x0 + x1) / 2} ${(y0 + y1) / 2})` : '';
  ctx.shadow.push(`<path d="${d}"/>`);
  ctx.shade.push(
    `<path d="${d}" fill="none" stroke="#000" stroke-width="14" opacity="${num(p.shadow * 0.45)}"/>`,
  );
  return (
    `<clipPath id="${clip}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="${p.band}"/>` +
    `<g clip-path="url(#${clip})"><path d="${ribs}" ${rot ? ` transform="${rot.trim()}"` : ''} stroke="#000" stroke-width="${num(gap * 0.28)}" opacity="${num(p.shadow * 0.3)}"/>` +
    `<path d="${ribs}" transform="translate(${num(gap / 2)} 0)${rot}" stroke="#fff" stroke-width="${num(gap * 0.18)}" opacity="${num(p.highlight * 0.35)}"/></g>` +
    `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="1.6" stroke-linejoin="round" opacity="0.5"/>`
  );
}

/** A short form for small marks: initials of multi-word names ('ABERCROMBIE & FITCH' → 'A&F'). */
function shortMark(text: string, maxLength = 15): string {
  if (text.length <= maxLength) return text;
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  if (words.length < 2) return text;
  return words.map((w) => (w === '&' ? '&' : ([...w][0] ?? ''))).join('');
}

function wordmark(
  text: string,
  cx: number,
  cy: number,
  maxWidth: number,
  maxSize: number,
  color: string,
  opacity = 0.94,
): string {
  const size = Math.max(4, Math.min(maxSize, maxWidth / (Math.max(text.length, 3) * 0.8)));
  return `<text x="${r1(cx)}" y="${r1(cy + size * 0.36)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="${r1(size)}" letter-spacing="${r1(size * 0.06)}" fill="${color}" opacity="${opacity}">${escapeMarkup(text)}</text>`;
}

/** A woven label (inside the neck, on a waistband). */
function wovenLabel(cx: number, cy: number, w: number, h: number, ctx: Ctx): string {
  const dark = !ctx.p.isLight;
  const bg = dark ? '#f3f1ea' : '#1e1e22';
  const fg = dark ? '#1e1e22' : '#f3f1ea';
  return (
    `<rect x="${r1(cx - w / 2)}" y="${r1(cy - h / 2)}" width="${w}" height="${h}" rx="2" fill="${bg}" stroke="#000" stroke-opacity="0.2"/>` +
    wordmark(shortMark(ctx.brand, 9), cx, cy, w * 0.84, h * 0.52, fg, 1)
  );
}

function button(cx: number, cy: number, r: number, ctx: Ctx): string {
  const { p } = ctx;
  const fill = p.isLight ? '#eeebe4' : toHex(mix(parseHex(p.base), WHITE, 0.2));
  const h = r * 0.3;
  return (
    `<circle cx="${cx + 1}" cy="${cy + 2}" r="${r}" fill="#000" opacity="0.2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${p.line}" stroke-opacity="0.5" stroke-width="1.2"/>` +
    `<path d="M${r1(cx - h)} ${r1(cy - h)}h0.01M${r1(cx + h)} ${r1(cy - h)}h0.01M${r1(cx - h)} ${r1(cy + h)}h0.01M${r1(cx + h)} ${r1(cy + h)}h0.01" stroke="${p.line}" stroke-width="${r1(r * 0.32)}" stroke-linecap="round" opacity="0.6"/>`
  );
}

function metalButton(cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${cx + 1}" cy="${cy + 2}" r="${r}" fill="#000" opacity="0.25"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#b59f6e" stroke="#6b5a35" stroke-width="1.6"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="none" stroke="#7d6a40" stroke-width="1.4"/>` +
    `<circle cx="${cx - r * 0.3}" cy="${cy - r * 0.35}" r="${r * 0.25}" fill="#fff" opacity="0.35"/>`
  );
}

/** A metal zip: tape, teeth and (optionally) a puller at the top. */
function zipper(x: number, y0: number, y1: number, ctx: Ctx, puller = true): string {
  const { p } = ctx;
  const tape = toHex(mix(parseHex(p.base), BLACK, p.isLight ? 0.12 : 0.3));
  return (
    `<rect x="${x - 10}" y="${y0}" width="20" height="${y1 - y0}" fill="${tape}"/>` +
    `<path d="M${x} ${y0 + 2}V${y1}" stroke="#9ea2a7" stroke-width="8" stroke-dasharray="3 2.4"/>` +
    `<path d="M${x - 2} ${y0 + 2}V${y1}" stroke="#e4e6e8" stroke-width="2" stroke-dasharray="3 2.4" opacity="0.8"/>` +
    (puller
      ? `<rect x="${x - 8}" y="${y0 + 4}" width="16" height="24" rx="4" fill="#aeb2b6" stroke="#63676c" stroke-width="1.5"/>` +
        `<rect x="${x - 5}" y="${y0 + 24}" width="10" height="34" rx="5" fill="#c9ccd0" stroke="#63676c" stroke-width="1.5"/>` +
        `<rect x="${x - 2}" y="${y0 + 34}" width="4" height="16" rx="2" fill="#63676c"/>`
      : '')
  );
}

// ---------------------------------------------------------------------------------------------
// Tops

interface TopOpts {
  sleeve: 'short' | 'long';
  neckHalf: number;
  hemY: number;
  /** Extra half-width (roomier garments). */
  wide?: number;
  curvedHem?: boolean;
}

interface TopShape {
  outline: string;
  neckX: number;
  neckY: number;
  shoulder: Pt;
  armpit: Pt;
  hemX: number;
  hemY: number;
  /** Sleeve end: outer and inner corner. */
  cuffOuter: Pt;
  cuffInner: Pt;
}

const NECK_Y = 176;
const BACK_NECK_Y = 194;

function topShape(o: TopOpts): TopShape {
  const w = o.wide ?? 0;
  const neckX = CX - o.neckHalf;
  const shoulder: Pt = [316 - w, 204];
  const armpit: Pt = [338 - w, 380];
  const hemX = 334 - w;
  const segs: Seg[] = [
    C(CX - o.neckHalf * 0.5, BACK_NECK_Y - 6, neckX + 10, NECK_Y + 4, neckX, NECK_Y),
    C(neckX - 40, NECK_Y + 8, shoulder[0] + 44, shoulder[1] - 8, shoulder[0], shoulder[1]),
  ];
  let cuffOuter: Pt;
  let cuffInner: Pt;
  if (o.sleeve === 'short') {
    cuffOuter = [188 - w, 346];
    cuffInner = [258 - w, 412];
    segs.push(C(262 - w, 232, 214 - w, 290, cuffOuter[0], cuffOuter[1]));
    segs.push(C(212 - w, 372, 236 - w, 396, cuffInner[0], cuffInner[1]));
    segs.push(C(286 - w, 396, 318 - w, 388, armpit[0], armpit[1]));
  } else {
    cuffOuter = [172 - w, 776];
    cuffInner = [252 - w, 792];
    segs.push(C(254 - w, 262, 202 - w, 520, cuffOuter[0], cuffOuter[1]));
    segs.push(C(198 - w, 788, 228 - w, 794, cuffInner[0], cuffInner[1]));
    segs.push(C(270 - w, 612, 300 - w, 470, armpit[0], armpit[1]));
  }
  segs.push(C(armpit[0] + 6, 520, hemX - 4, 700, hemX, o.hemY));
  segs.push(
    o.curvedHem
      ? C(hemX + 36, o.hemY + 34, 420, o.hemY + 54, CX, o.hemY + 56)
      : C(400, o.hemY + 6, 450, o.hemY + 8, CX, o.hemY + 8),
  );
  return {
    outline: symPath([CX, BACK_NECK_Y], segs),
    neckX,
    neckY: NECK_Y,
    shoulder,
    armpit,
    hemX,
    hemY: o.hemY,
    cuffOuter,
    cuffInner,
  };
}

/** Body and sleeves of a top: the piece, its folds, sleeve seams and hem stitching. */
function topBody(
  ctx: Ctx,
  s: TopShape,
  o: TopOpts & { hemBand?: number; cuffBand?: number },
): string {
  const { id } = ctx;
  ctx.body = s.outline;
  let out = piece(s.outline, ctx);
  out += `<clipPath id="${id}-body"><path d="${s.outline}"/></clipPath>`;
  const long = o.sleeve === 'long';
  const [sx, sy] = s.shoulder;
  const [ax, ay] = s.armpit;
  // Folds: from the armpits, across the sleeves, gentle waves above the hem.
  fold(
    ctx,
    both(
      `M${ax + 12} ${ay + 40}C${ax + 40} ${ay + 90} ${ax + 52} ${ay + 150} ${ax + 48} ${ay + 220}`,
    ),
    0.9,
  );
  fold(
    ctx,
    both(
      `M${ax + 30} ${s.hemY - 160}C${ax + 60} ${s.hemY - 120} ${ax + 70} ${s.hemY - 80} ${ax + 66} ${s.hemY - 30}`,
    ),
    0.6,
  );
  fold(ctx, `M560 ${ay + 80}C590 ${ay + 150} 606 ${ay + 230} 598 ${ay + 300}`, 0.5);
  glow(ctx, 440, 330, 90, 130, 0.8);
  glow(ctx, 580, 560, 70, 150, 0.6);
  if (long) {
    fold(
      ctx,
      both(
        `M${sx - 50} ${sy + 190}C${sx - 70} ${sy + 280} ${sx - 90} ${sy + 370} ${sx - 100} ${sy + 460}`,
      ),
      0.8,
    );
    fold(
      ctx,
      both(
        `M${s.cuffOuter[0] + 20} ${s.cuffOuter[1] - 110}C${s.cuffOuter[0] + 40} ${s.cuffOuter[1] - 120} ${s.cuffInner[0] - 10} ${s.cuffInner[1] - 120} ${s.cuffInner[0] + 10} ${s.cuffInner[1] - 100}`,
      ),
      0.7,
    );
  } else {
    fold(
      ctx,
      both(
        `M${sx - 30} ${sy + 70}C${sx - 50} ${sy + 100} ${sx - 64} ${sy + 130} ${sx - 70} ${sy + 160}`,
      ),
      0.7,
    );
  }
  // Set-in sleeve seams.
  out += seam(both(`M${sx} ${sy}C${sx + 20} ${sy + 50} ${ax + 2} ${ay - 70} ${ax} ${ay}`), ctx);
  // Sleeve ends.
  const [ox, oy] = s.cuffOuter;
  const [ix, iy] = s.cuffInner;
  if (o.cuffBand) {
    const h = o.cuffBand;
    const dx = long ? 4 : 18;
    const dy = long ? -h : -h * 0.85;
    const cuff = long
      ? `M${ox} ${oy}C${ox + 26} ${oy + 12} ${ix - 24} ${iy + 2} ${ix} ${iy}L${ix + dx} ${iy + dy}C${ix - 20} ${iy + dy + 2} ${ox + 30} ${oy + dy + 12} ${ox + dx + 2} ${oy + dy}Z`
      : `M${ox} ${oy}C${ox + 10} ${oy + 30} ${ix - 30} ${iy + 4} ${ix} ${iy}L${ix + dx} ${iy + dy}C${ix - 12} ${iy + dy + 4} ${ox + 24} ${oy + dy + 26} ${ox + dx} ${oy + dy}Z`;
    const box = [
      Math.min(ox, ix) - 20,
      Math.min(oy, iy) + dy - 20,
      Math.max(ox, ix) + 30,
      Math.max(oy, iy) + 20,
    ] as const;
    const angle = long ? 8 : -42;
    out += ribBand(cuff, box, ctx, 7, angle);
    out += ribBand(
      mirrorPath(cuff),
      [2 * CX - box[2], box[1], 2 * CX - box[0], box[3]],
      ctx,
      7,
      -angle,
    );
  } else {
    const h = long ? 22 : 20;
    const st = long
      ? `M${ox + 3} ${oy - h}C${ox + 28} ${oy - h + 12} ${ix - 22} ${iy - h + 2} ${ix + 1} ${iy - h}`
      : `M${ox + 14} ${oy - 14}C${ox + 22} ${oy + 12} ${ix - 34} ${iy - 14} ${ix + 12} ${iy - 16}`;
    out += stitch(both(st), ctx);
  }
  // Hem.
  const hx = s.hemX;
  const hy = s.hemY;
  if (o.hemBand) {
    const h = o.hemBand;
    const band = `M${hx} ${hy}C400 ${hy + 6} 450 ${hy + 8} ${CX} ${hy + 8}C550 ${hy + 8} 600 ${hy + 6} ${2 * CX - hx} ${hy}L${2 * CX - hx + 3} ${hy - h}C600 ${hy - h + 6} 550 ${hy - h + 8} ${CX} ${hy - h + 8}C450 ${hy - h + 8} 400 ${hy - h + 6} ${hx - 3} ${hy - h}Z`;
    out += ribBand(band, [hx - 5, hy - h - 5, 2 * CX - hx + 5, hy + 14], ctx, 8);
  } else {
    const st = o.curvedHem
      ? `M${hx + 3} ${hy - 18}C${hx + 38} ${hy + 14} 420 ${hy + 36} ${CX} ${hy + 38}C580 ${hy + 36} ${2 * CX - hx - 38} ${hy + 14} ${2 * CX - hx - 3} ${hy - 18}`
      : `M${hx + 2} ${hy - 20}C400 ${hy - 14} 450 ${hy - 12} ${CX} ${hy - 12}C550 ${hy - 12} 600 ${hy - 14} ${2 * CX - hx - 2} ${hy - 20}`;
    out += stitch(st, ctx);
  }
  return out;
}

/** Crew neck: the inside of the back neck with a label (front) and a ribbed neckband. */
function crewNeck(ctx: Ctx, s: TopShape, depth: number, bandW: number): string {
  const { p } = ctx;
  const nx = s.neckX;
  const ny = s.neckY;
  const half = CX - nx;
  const rx = 2 * CX - nx;
  if (ctx.view === 'back') {
    const band = `M${nx} ${ny}C${nx + 10} ${ny + 4} ${CX - half * 0.5} ${BACK_NECK_Y - 6} ${CX} ${BACK_NECK_Y}C${CX + half * 0.5} ${BACK_NECK_Y - 6} ${rx - 10} ${ny + 4} ${rx} ${ny}L${rx - bandW * 0.8} ${ny + 6}C${rx - 14} ${ny + bandW} ${CX + half * 0.45} ${BACK_NECK_Y + bandW - 6} ${CX} ${BACK_NECK_Y + bandW}C${CX - half * 0.45} ${BACK_NECK_Y + bandW - 6} ${nx + 14} ${ny + bandW} ${nx + bandW * 0.8} ${ny + 6}Z`;
    return (
      ribBand(band, [nx - 5, ny - 10, rx + 5, BACK_NECK_Y + bandW + 10], ctx, 6) +
      stitch(
        `M${nx + bandW} ${ny + 12}C${nx + 16} ${ny + bandW + 6} ${CX - half * 0.45} ${BACK_NECK_Y + bandW} ${CX} ${BACK_NECK_Y + bandW + 6}C${CX + half * 0.45} ${BACK_NECK_Y + bandW} ${rx - 16} ${ny + bandW + 6} ${rx - bandW} ${ny + 12}`,
        ctx,
        1.6,
      )
    );
  }
  const dy = ny + depth;
  const inside = `M${nx} ${ny}C${nx + 10} ${ny + 4} ${CX - half * 0.5} ${BACK_NECK_Y - 6} ${CX} ${BACK_NECK_Y}C${CX + half * 0.5} ${BACK_NECK_Y - 6} ${rx - 10} ${ny + 4} ${rx} ${ny}C${rx - 6} ${ny + depth * 0.7} ${CX + half * 0.55} ${dy} ${CX} ${dy}C${CX - half * 0.55} ${dy} ${nx + 6} ${ny + depth * 0.7} ${nx} ${ny}Z`;
  const w = bandW;
  const band = `M${nx} ${ny}C${nx + 6} ${ny + depth * 0.7} ${CX - half * 0.55} ${dy} ${CX} ${dy}C${CX + half * 0.55} ${dy} ${rx - 6} ${ny + depth * 0.7} ${rx} ${ny}L${rx + w * 0.7} ${ny + 3}C${rx + 2} ${ny + depth * 0.8 + w} ${CX + half * 0.62} ${dy + w} ${CX} ${dy + w}C${CX - half * 0.62} ${dy + w} ${nx - 2} ${ny + depth * 0.8 + w} ${nx - w * 0.7} ${ny + 3}Z`;
  ctx.shade.push(`<path d="${inside}" fill="#000" opacity="${num(p.shadow * 0.5)}"/>`);
  return (
    `<path d="${inside}" fill="${p.inside}"/>` +
    wovenLabel(CX, BACK_NECK_Y + 16, 64, 24, ctx) +
    ribBand(band, [nx - w - 5, ny - 5, rx + w + 5, dy + w + 5], ctx, 6) +
    stitch(
      `M${nx - w * 0.7 + 4} ${ny + 9}C${nx + 1} ${ny + depth * 0.8 + w + 2} ${CX - half * 0.62} ${dy + w + 5} ${CX} ${dy + w + 5}C${CX + half * 0.62} ${dy + w + 5} ${rx - 1} ${ny + depth * 0.8 + w + 2} ${rx + w * 0.7 - 4} ${ny + 9}`,
      ctx,
      1.6,
    )
  );
}

function chestPrint(ctx: Ctx, big: boolean): string {
  if (ctx.view !== 'front') return '';
  return big
    ? wordmark(ctx.brand, CX, 340, 230, 48, ctx.p.ink)
    : wordmark(shortMark(ctx.brand), 592, 300, 104, 20, ctx.p.ink);
}

function backNeckPrint(ctx: Ctx): string {
  return ctx.view === 'back'
    ? wordmark(shortMark(ctx.brand), CX, 262, 90, 14, ctx.p.ink, 0.85)
    : '';
}

function drawTee(ctx: Ctx): string {
  const o: TopOpts = { sleeve: 'short', neckHalf: 72, hemY: 830 };
  const s = topShape(o);
  return topBody(ctx, s, o) + crewNeck(ctx, s, 58, 18) + chestPrint(ctx, true) + backNeckPrint(ctx);
}

function drawLongSleeve(ctx: Ctx): string {
  const o: TopOpts = { sleeve: 'long', neckHalf: 70, hemY: 830 };
  const s = topShape(o);
  return (
    topBody(ctx, s, { ...o, cuffBand: 44 }) +
    crewNeck(ctx, s, 52, 17) +
    chestPrint(ctx, false) +
    backNeckPrint(ctx)
  );
}

function drawSweater(ctx: Ctx): string {
  const { p, id } = ctx;
  const o: TopOpts = { sleeve: 'long', neckHalf: 74, hemY: 826, wide: 6 };
  const s = topShape(o);
  let out = topBody(ctx, s, { ...o, cuffBand: 56, hemBand: 58 });
  // Knit texture and, at the front, two cable panels.
  let knit = '';
  for (let x = 150; x < 850; x += 11) knit += `M${x} 170V790`;
  out += `<g clip-path="url(#${id}-body)"><path d="${knit}" stroke="#000" stroke-width="2.2" opacity="${num(p.shadow * 0.16)}"/></g>`;
  if (ctx.view === 'front') {
    for (const x of [428, 572]) {
      let d = '';
      for (let y = 262; y < 740; y += 44) {
        d += `M${x - 15} ${y}C${x - 15} ${y + 22} ${x + 15} ${y + 22} ${x + 15} ${y + 44}M${x + 15} ${y}C${x + 15} ${y + 13} ${x + 7} ${y + 17} ${x + 3} ${y + 19}M${x - 3} ${y + 25}C${x - 7} ${y + 27} ${x - 15} ${y + 31} ${x - 15} ${y + 44}`;
      }
      out += `<path d="${d}" fill="none" stroke="#000" stroke-width="6" opacity="${num(p.shadow * 0.35)}" transform="translate(1.5 2)"/>`;
      out += `<path d="${d}" fill="none" stroke="#fff" stroke-width="2.5" opacity="${num(p.highlight * 0.6)}"/>`;
      out += `<path d="M${x - 30} 256V768M${x + 30} 256V768" stroke="#000" stroke-width="3" opacity="${num(p.shadow * 0.3)}"/>`;
    }
  }
  return out + crewNeck(ctx, s, 54, 26);
}

function drawPolo(ctx: Ctx): string {
  const { p } = ctx;
  const o: TopOpts = { sleeve: 'short', neckHalf: 64, hemY: 830 };
  const s = topShape(o);
  let out = topBody(ctx, s, { ...o, cuffBand: 26 });
  if (ctx.view === 'front') {
    out += `<path d="M436 176C456 160 544 160 564 176C546 190 454 190 436 176Z" fill="${p.inside}"/>`;
    out += wovenLabel(CX, 176, 50, 15, ctx);
    const placket =
      'M477 210L523 210L523 356C523 360 519 364 515 364L485 364C481 364 477 360 477 356Z';
    out += piece(placket, ctx, { cast: false, edge: 0.3 });
    out += stitch('M483 216V356H517V216', ctx, 1.5);
    out += button(CX, 262, 8, ctx) + button(CX, 318, 8, ctx);
    const collar =
      'M500 214C470 212 448 200 436 178C422 176 402 180 386 190C402 232 428 270 452 302C466 278 484 246 500 222Z';
    out += ribBand(collar, [376, 168, 506, 308], ctx, 6, -30);
    out += ribBand(mirrorPath(collar), [494, 168, 624, 308], ctx, 6, 30);
    out +=
      stitch('M396 196C412 232 434 264 452 290', ctx, 1.4) +
      stitch('M604 196C588 232 566 264 548 290', ctx, 1.4);
    out += wordmark(shortMark(ctx.brand), 594, 318, 100, 19, p.ink);
  } else {
    const collar =
      'M390 190C430 172 570 172 610 190C604 212 598 230 592 242C556 254 444 254 408 242C402 230 396 212 390 190Z';
    out += ribBand(collar, [380, 166, 620, 256], ctx, 6);
    out += stitch('M404 232C442 244 558 244 596 232', ctx, 1.5);
  }
  return out;
}

function drawShirt(ctx: Ctx): string {
  const { p } = ctx;
  const o: TopOpts = { sleeve: 'long', neckHalf: 66, hemY: 800, curvedHem: true };
  const s = topShape(o);
  let out = topBody(ctx, s, o);
  // Cuffs with a button.
  const cuff = 'M172 776C198 788 228 794 252 792L256 722C234 724 204 718 180 708Z';
  out += piece(cuff, ctx, { edge: 0.4 }) + piece(mirrorPath(cuff), ctx, { edge: 0.4 });
  out += stitch(both('M182 716C206 726 234 730 254 730'), ctx, 1.4);
  out += button(236, 758, 6, ctx) + button(764, 758, 6, ctx);
  if (ctx.view === 'front') {
    out += `<path d="M486 224V852M514 224V852" stroke="${p.line}" stroke-width="1.8" opacity="0.45"/>`;
    out += stitch('M490 230V846', ctx, 1.3) + stitch('M510 230V846', ctx, 1.3);
    for (const y of [262, 376, 490, 604, 718]) out += button(CX, y, 7, ctx);
    const pocket = 'M548 318L640 318L640 410L594 428L548 410Z';
    ctx.shade.push(
      `<path d="${pocket}" fill="none" stroke="#000" stroke-width="8" opacity="${num(p.shadow * 0.35)}"/>`,
    );
    out += `<path d="${pocket}" fill="none" stroke="${p.line}" stroke-width="1.8" opacity="0.5"/>`;
    out +=
      stitch('M554 332L634 332', ctx, 1.3) +
      stitch('M554 324L554 405L594 420L634 405L634 324', ctx, 1.3);
    // Collar: inside of the stand, stand, and the two points.
    out += `<path d="M432 178C452 162 548 162 568 178C548 194 452 194 432 178Z" fill="${p.inside}"/>`;
    out += wovenLabel(CX, 178, 48, 15, ctx);
    const stand =
      'M428 180C444 206 472 220 500 224C528 220 556 206 572 180C562 172 552 170 540 170C530 186 516 194 500 196C484 194 470 186 460 170C448 170 438 172 428 180Z';
    out += piece(stand, ctx, { edge: 0.4 });
    const point =
      'M500 224C482 210 458 194 440 176C424 176 404 182 390 192C404 234 430 272 454 306C470 280 486 254 500 230Z';
    out += piece(point, ctx, { edge: 0.5 }) + piece(mirrorPath(point), ctx, { edge: 0.5 });
    out += stitch(both('M400 198C414 234 434 266 454 292'), ctx, 1.3);
  } else {
    out += seam('M320 262C400 276 600 276 680 262', ctx);
    out += stitch('M324 272C402 286 598 286 676 272', ctx, 1.3);
    fold(ctx, 'M500 300C498 420 494 560 496 700', 0.6);
    const collar =
      'M396 186C440 178 560 178 604 186C598 208 592 228 584 240C550 262 450 262 416 240C408 228 402 208 396 186Z';
    out += piece(collar, ctx, { edge: 0.5 }) + stitch('M410 232C446 252 554 252 590 232', ctx, 1.3);
  }
  return out;
}

function drawBlouse(ctx: Ctx): string {
  const { p, id } = ctx;
  const front = ctx.view === 'front';
  const segs: Seg[] = [
    front ? C(480, 250, 452, 210, 438, 178) : C(472, 204, 450, 196, 438, 178),
    C(410, 186, 372, 194, 340, 206),
    C(300, 224, 252, 270, 222, 330),
    C(234, 338, 242, 352, 252, 348),
    C(260, 364, 270, 374, 282, 372),
    C(292, 386, 304, 390, 316, 386),
    C(326, 394, 340, 392, 350, 384),
    C(356, 460, 372, 520, 376, 560),
    C(358, 640, 330, 720, 316, 792),
    C(360, 808, 420, 814, CX, 814),
  ];
  const outline = symPath([CX, front ? 292 : 204], segs);
  ctx.body = outline;
  let out = piece(outline, ctx);
  out += `<clipPath id="${id}-body"><path d="${outline}"/></clipPath>`;
  fold(ctx, both('M382 580C374 650 356 720 344 790'), 0.9);
  fold(ctx, both('M432 590C430 660 424 730 420 800'), 0.8);
  fold(ctx, 'M500 600C502 680 500 740 498 806', 0.7);
  fold(ctx, both('M300 296C290 326 282 346 276 366'), 0.7);
  glow(ctx, 450, 420, 80, 110, 0.8);
  out += seam(both('M340 206C350 258 356 320 350 384'), ctx);
  out += seam('M378 558C430 570 570 570 622 558', ctx);
  out += stitch('M380 568C432 580 568 580 620 568', ctx, 1.3);
  out += stitch('M322 784C362 800 422 804 500 804C578 804 638 800 678 784', ctx, 1.3);
  out += stitch(
    both(
      'M230 326C236 334 244 342 252 338C262 352 270 360 282 360C292 374 304 378 316 374C326 382 338 380 348 374',
    ),
    ctx,
    1.2,
  );
  if (front) {
    out += `<path d="M438 178C460 192 540 192 562 178C552 220 530 262 500 292C470 262 448 220 438 178Z" fill="${p.inside}"/>`;
    out += wovenLabel(CX, 198, 46, 16, ctx);
    out += `<path d="M438 178C452 210 480 262 500 292C520 262 548 210 562 178" fill="none" stroke="${p.band}" stroke-width="11"/>`;
    out += stitch('M446 184C460 216 484 260 500 282C516 260 540 216 554 184', ctx, 1.3);
    out += button(CX, 334, 6, ctx) + button(CX, 384, 6, ctx);
  } else {
    out += `<path d="M438 178C452 196 472 204 500 204C528 204 548 196 562 178" fill="none" stroke="${p.band}" stroke-width="11"/>`;
    out += wovenLabel(CX, 218, 44, 15, ctx);
  }
  return out;
}

function drawHoodie(ctx: Ctx): string {
  const { p } = ctx;
  const o: TopOpts = { sleeve: 'long', neckHalf: 76, hemY: 832, wide: 10 };
  const s = topShape(o);
  let out = '';
  if (ctx.view === 'front') {
    // The hood stands behind the neck; its lining shows.
    const hood = 'M388 202C372 128 424 66 500 62C576 66 628 128 612 202C572 214 428 214 388 202Z';
    out += piece(hood, ctx);
    const lining = 'M414 196C404 140 444 96 500 94C556 96 596 140 586 196Z';
    out += `<path d="${lining}" fill="${p.band}"/>`;
    ctx.shade.push(`<path d="${lining}" fill="#000" opacity="${num(p.shadow * 0.6)}"/>`);
    out += seam('M500 64L500 94', ctx, 2);
    out += stitch('M404 198C396 136 440 84 500 80C560 84 604 136 596 198', ctx, 1.4);
  }
  out += topBody(ctx, s, { ...o, cuffBand: 50, hemBand: 56 });
  if (ctx.view === 'front') {
    // Hood edges crossing at the neck.
    const edge = 'M414 182C420 226 456 266 508 286L500 306C448 284 404 242 392 194Z';
    out += piece(edge, ctx, { edge: 0.5 }) + piece(mirrorPath(edge), ctx, { edge: 0.5 });
    out +=
      stitch('M404 194C412 234 450 270 500 292', ctx, 1.4) +
      stitch('M596 194C588 234 550 270 500 292', ctx, 1.4);
    out += wordmark(ctx.brand, CX, 500, 220, 40, p.ink);
    // Drawstrings with eyelets and tips.
    const cordColor = p.isLight ? '#f4f3ef' : toHex(mix(parseHex(p.base), WHITE, 0.12));
    for (const [x0, x1] of [
      [468, 458],
      [532, 544],
    ] as const) {
      const d = `M${x0} 266C${x0 - 4} 320 ${x1 + 6} 370 ${x1} 410`;
      ctx.shade.push(
        `<path d="${d}" fill="none" stroke="#000" stroke-width="14" opacity="0.35" transform="translate(5 6)"/>`,
      );
      out += `<path d="${d}" fill="none" stroke="${cordColor}" stroke-width="9" stroke-linecap="round"/>`;
      out += `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="9" stroke-dasharray="2 5" opacity="0.25"/>`;
      out += `<rect x="${x1 - 5}" y="408" width="10" height="26" rx="3" fill="#d9dadc" stroke="#63676c" stroke-width="1.2"/>`;
      out += `<circle cx="${x0}" cy="266" r="9" fill="#c8cacd" stroke="#63676c" stroke-width="1.6"/><circle cx="${x0}" cy="266" r="4.5" fill="${p.inside}"/>`;
    }
    // Kangaroo pocket.
    const pocket =
      'M384 592C414 582 586 582 616 592C624 642 638 700 648 766L352 766C362 700 376 642 384 592Z';
    out += piece(pocket, ctx, { cast: false, edge: 0.5 });
    ctx.shade.push(
      `<path d="M384 592C394 642 392 702 352 766M616 592C606 642 608 702 648 766" fill="none" stroke="#000" stroke-width="14" opacity="${num(p.shadow * 0.6)}"/>`,
    );
    out += `<path d="M384 592C394 642 392 702 352 766M616 592C606 642 608 702 648 766" fill="none" stroke="${p.line}" stroke-width="3" opacity="0.55"/>`;
    out += stitch('M394 602C424 594 576 594 606 602', ctx, 1.3);
  } else {
    const hood =
      'M396 190C374 260 380 356 418 424C452 462 548 462 582 424C620 356 626 260 604 190C568 206 432 206 396 190Z';
    out += piece(hood, ctx);
    out += seam('M500 200L500 450', ctx);
    out += stitch('M492 206L492 444M508 206L508 444', ctx, 1.3);
  }
  return out;
}

function drawJacket(ctx: Ctx): string {
  const { p } = ctx;
  const o: TopOpts = { sleeve: 'long', neckHalf: 70, hemY: 820, wide: 14 };
  const s = topShape(o);
  let out = topBody(ctx, s, { ...o, cuffBand: 50, hemBand: 56 });
  // Nylon sheen.
  glow(ctx, 420, 360, 50, 200, 1.1);
  glow(ctx, 250, 480, 22, 150, 0.9);
  glow(ctx, 750, 480, 22, 150, 0.7);
  if (ctx.view === 'front') {
    out += zipper(CX, 194, 810, ctx);
    const welt = 'M372 560L396 548L440 700L416 712Z';
    out +=
      piece(welt, ctx, { fill: p.band, cast: false, edge: 0.3 }) +
      piece(mirrorPath(welt), ctx, { fill: p.band, cast: false, edge: 0.3 });
    out += stitch('M380 566L422 704', ctx, 1.2) + stitch('M620 566L578 704', ctx, 1.2);
    out += wordmark(shortMark(ctx.brand), 590, 300, 96, 18, p.ink);
  } else {
    out += seam('M326 300C420 318 580 318 674 300', ctx);
    out += wordmark(ctx.brand, CX, 390, 260, 46, p.ink, 0.92);
  }
  const collar =
    ctx.view === 'front'
      ? 'M428 178C446 164 554 164 572 178L582 220C562 234 524 238 510 238L510 198L490 198L490 238C476 238 438 234 418 220Z'
      : 'M426 180C450 164 550 164 574 180L586 226C560 238 440 238 414 226Z';
  out += ribBand(collar, [410, 158, 590, 242], ctx, 6);
  if (ctx.view === 'front') out += zipper(CX, 172, 238, ctx, false);
  return out;
}

function drawVest(ctx: Ctx): string {
  const { p, id } = ctx;
  const segs: Seg[] = [
    C(472, BACK_NECK_Y - 6, 440, NECK_Y + 4, 430, NECK_Y),
    C(404, 184, 376, 192, 356, 200),
    C(366, 262, 380, 356, 344, 426),
    C(340, 560, 336, 700, 336, 820),
    C(400, 826, 450, 828, CX, 828),
  ];
  const outline = symPath([CX, BACK_NECK_Y], segs);
  ctx.body = outline;
  let out = piece(outline, ctx);
  out += `<clipPath id="${id}-body"><path d="${outline}"/></clipPath>`;
  // Quilted baffles: each one puffs out between its stitched seams.
  let seams = '';
  for (let y = 244; y < 820; y += 72) {
    seams += `M300 ${y + 72}C400 ${y + 64} 600 ${y + 64} 700 ${y + 72}`;
    ctx.shade.push(
      `<rect x="280" y="${y + 14}" width="440" height="40" rx="20" fill="#fff" opacity="${num(p.highlight * 0.9)}"/>`,
    );
  }
  ctx.shade.push(
    `<path d="${seams}" fill="none" stroke="#000" stroke-width="18" opacity="${num(p.shadow * 0.75)}"/>`,
  );
  out += `<g clip-path="url(#${id}-body)"><path d="${seams}" fill="none" stroke="${p.line}" stroke-width="2.5" opacity="0.6"/></g>`;
  // Bound armholes and hem.
  const arm = 'M356 200C366 262 380 356 344 426';
  out += `<path d="${both(arm)}" fill="none" stroke="${p.band}" stroke-width="12" stroke-linecap="round"/>`;
  out += stitch(both('M364 206C374 266 386 356 352 420'), ctx, 1.3);
  out += stitch('M340 806C400 812 450 814 500 814C550 814 600 812 660 806', ctx, 1.4);
  const collar =
    ctx.view === 'front'
      ? 'M428 180C446 162 554 162 572 180L582 224C560 238 522 242 510 242L510 200L490 200L490 242C478 242 440 238 418 224Z'
      : 'M426 180C450 164 550 164 574 180L584 226C560 238 440 238 416 226Z';
  out += piece(collar, ctx, { edge: 0.5 });
  if (ctx.view === 'front') {
    out += stitch('M424 212C444 224 470 230 486 232M576 212C556 224 530 230 514 232', ctx, 1.2);
    out += zipper(CX, 184, 826, ctx);
    out += wordmark(shortMark(ctx.brand), 590, 318, 96, 17, p.ink);
    const welt = 'M380 600L400 590L434 700L414 708Z';
    out += `<path d="${both(welt)}" fill="${p.inside}" opacity="0.8"/>`;
  } else {
    out += stitch('M424 216C450 228 550 228 576 216', ctx, 1.2);
    out += wordmark(shortMark(ctx.brand), CX, 282, 120, 18, p.ink, 0.88);
  }
  return out;
}

function drawSwimsuit(ctx: Ctx): string {
  const { p, id } = ctx;
  const front = ctx.view === 'front';
  const segs: Seg[] = [
    front ? C(468, 318, 446, 296, 440, 250) : C(448, 520, 432, 420, 440, 262),
    L(448, 150),
    L(426, 150),
    C(416, 226, 394, 270, 372, 300),
    C(358, 360, 380, 450, 388, 500),
    C(394, 560, 370, 620, 366, 662),
    C(410, 690, 452, 760, 468, 814),
    L(CX, 814),
  ];
  const outline = symPath([CX, front ? 318 : 520], segs);
  ctx.body = outline;
  let out = piece(outline, ctx);
  out += `<clipPath id="${id}-body"><path d="${outline}"/></clipPath>`;
  fold(ctx, both('M396 380C410 460 414 520 404 600'), 0.8);
  fold(ctx, 'M470 560C480 620 490 700 494 780', 0.6);
  glow(ctx, 450, 450, 50, 120, 1);
  if (front) {
    ctx.shade.push(
      `<path d="M396 330C430 410 570 410 604 330" fill="none" stroke="#000" stroke-width="16" opacity="${num(p.shadow * 0.5)}"/>`,
    );
    glow(ctx, 430, 340, 40, 30, 0.8);
    glow(ctx, 570, 340, 40, 30, 0.6);
  }
  out += stitch(both('M378 652C420 680 452 740 468 798'), ctx, 1.3);
  out += stitch(
    front
      ? both('M442 158L434 252C438 298 468 326 500 327')
      : both('M442 158L432 262C424 420 446 528 500 529'),
    ctx,
    1.3,
  );
  out += stitch(both('M433 158C429 232 407 278 385 310'), ctx, 1.3);
  out += front
    ? wordmark(shortMark(ctx.brand), 446, 648, 76, 15, p.ink, 0.9)
    : wovenLabel(CX, 548, 46, 16, ctx);
  return out;
}

type BottomKind = 'pants' | 'jogger' | 'shorts' | 'trunks';

interface BottomShape {
  outline: string;
  waistX: number;
  waistY: number;
  hemY: number;
  outerHemX: number;
  innerHemX: number;
  crotchY: number;
}

function bottomShape(kind: BottomKind): BottomShape {
  if (kind === 'pants') {
    const segs: Seg[] = [
      L(338, 118),
      C(330, 180, 322, 260, 322, 330),
      C(324, 540, 344, 790, 356, 976),
      L(470, 980),
      C(474, 800, 486, 580, 500, 408),
    ];
    return {
      outline: symPath([CX, 120], segs),
      waistX: 338,
      waistY: 120,
      hemY: 978,
      outerHemX: 356,
      innerHemX: 470,
      crotchY: 408,
    };
  }
  if (kind === 'jogger') {
    const segs: Seg[] = [
      L(334, 118),
      C(322, 200, 314, 300, 318, 420),
      C(326, 600, 360, 760, 378, 866),
      L(474, 868),
      C(474, 740, 488, 560, 500, 420),
    ];
    return {
      outline: symPath([CX, 120], segs),
      waistX: 334,
      waistY: 120,
      hemY: 866,
      outerHemX: 378,
      innerHemX: 474,
      crotchY: 420,
    };
  }
  const wide = kind === 'trunks' ? 10 : 0;
  const segs: Seg[] = [
    L(322 - wide, 258),
    C(314 - wide, 330, 304 - wide, 450, 298 - wide, 682),
    L(466, 702),
    C(470, 640, 484, 580, 500, 556),
  ];
  return {
    outline: symPath([CX, 260], segs),
    waistX: 322 - wide,
    waistY: 260,
    hemY: 692,
    outerHemX: 298 - wide,
    innerHemX: 466,
    crotchY: 556,
  };
}

function drawBottoms(ctx: Ctx, kind: BottomKind): string {
  const { p, id } = ctx;
  const front = ctx.view === 'front';
  const b = bottomShape(kind);
  const wx = b.waistX;
  const wy = b.waistY;
  ctx.body = b.outline;
  let out = piece(b.outline, ctx);
  out += `<clipPath id="${id}-body"><path d="${b.outline}"/></clipPath>`;
  if (kind === 'pants') {
    fold(ctx, both('M412 330C410 540 412 760 414 960'), 0.45);
    fold(ctx, both('M472 424C458 452 440 476 420 494'), 0.8);
    fold(ctx, both('M466 460C452 484 436 500 418 512'), 0.5);
    fold(ctx, both('M378 660C398 668 424 670 448 662'), 0.35);
    glow(ctx, 396, 600, 40, 240, 0.8);
  } else if (kind === 'jogger') {
    fold(ctx, both('M372 596C396 610 422 612 446 600'), 0.5);
    fold(ctx, both('M388 760C408 772 432 774 456 764'), 0.5);
    fold(ctx, both('M470 450C458 478 440 500 420 516'), 0.9);
    glow(ctx, 400, 520, 40, 200, 0.8);
  } else {
    fold(ctx, both('M470 574C452 600 432 618 410 628'), 0.8);
    glow(ctx, 400, 480, 40, 90, 0.6);
  }
  // Inseams.
  out += seam(
    both(
      `M${b.innerHemX + 1} ${b.hemY}C${b.innerHemX + 4} ${(b.hemY + b.crotchY) / 2} 490 ${b.crotchY + 40} 500 ${b.crotchY}`,
    ),
    ctx,
    2,
  );
  if (kind === 'pants' || kind === 'shorts') {
    const rx = 2 * CX - wx;
    const wb = `M${wx} ${wy - 2}L${rx} ${wy - 2}L${rx + 2} ${wy + 46}L${wx - 2} ${wy + 46}Z`;
    out += piece(wb, ctx, { fill: p.band, edge: 0.4 });
    out += stitch(
      `M${wx + 4} ${wy + 8}L${rx - 4} ${wy + 8}M${wx + 2} ${wy + 38}L${rx - 2} ${wy + 38}`,
      ctx,
      1.4,
    );
    for (const x of [wx + 26, 452, 548, rx - 26]) {
      out += `<rect x="${x - 7}" y="${wy - 8}" width="14" height="60" rx="3" fill="${p.band}" stroke="${p.line}" stroke-opacity="0.5" stroke-width="1.4"/>`;
      ctx.shade.push(
        `<rect x="${x - 6}" y="${wy - 6}" width="18" height="62" fill="#000" opacity="${num(p.shadow * 0.5)}"/>`,
      );
    }
    if (front) {
      out += metalButton(CX, wy + 23, 11);
      out += seam(`M500 ${wy + 46}L500 ${b.crotchY - 70}`, ctx, 2);
      out += stitch(
        `M524 ${wy + 52}L524 ${b.crotchY - 110}C524 ${b.crotchY - 84} 514 ${b.crotchY - 70} 502 ${b.crotchY - 60}`,
        ctx,
        1.6,
      );
      const pocket = `M${wx + 84} ${wy + 46}C${wx + 76} ${wy + 116} ${wx + 40} ${wy + 146} ${wx - 12} ${wy + 156}`;
      out += seam(both(pocket), ctx, 2.6);
      out += stitch(
        both(
          `M${wx + 74} ${wy + 48}C${wx + 66} ${wy + 110} ${wx + 34} ${wy + 138} ${wx - 10} ${wy + 146}`,
        ),
        ctx,
        1.3,
      );
      out += `<path d="M${rx - 86} ${wy + 60}L${rx - 44} ${wy + 60}L${rx - 44} ${wy + 96}L${rx - 86} ${wy + 96}Z" fill="none" stroke="${p.stitch}" stroke-width="1.5" stroke-dasharray="5 4" opacity="0.75"/>`;
      out += wordmark(shortMark(ctx.brand), wx + 64, wy + 220, 84, 14, p.ink, 0.75);
    } else {
      out += seam(
        `M${wx} ${wy + 100}C${wx + 70} ${wy + 110} 460 ${wy + 130} 500 ${wy + 150}C540 ${wy + 130} ${rx - 70} ${wy + 110} ${rx} ${wy + 100}`,
        ctx,
        2.4,
      );
      out += seam(`M500 ${wy + 46}L500 ${b.crotchY}`, ctx, 2);
      const pocket = `M362 ${wy + 150}L462 ${wy + 160}L456 ${wy + 258}L412 ${wy + 280}L370 ${wy + 254}Z`;
      out +=
        piece(pocket, ctx, { cast: false, edge: 0.4 }) +
        piece(mirrorPath(pocket), ctx, { cast: false, edge: 0.4 });
      out += stitch(
        both(`M368 ${wy + 158}L456 ${wy + 167}L451 ${wy + 252}L412 ${wy + 272}L375 ${wy + 250}Z`),
        ctx,
        1.3,
      );
      out += `<rect x="${rx - 110}" y="${wy + 4}" width="78" height="36" rx="3" fill="#8a6440" stroke="#573c22" stroke-width="1.4"/>`;
      out += wordmark(shortMark(ctx.brand), rx - 71, wy + 22, 66, 13, '#f3e8d4', 0.95);
    }
  } else {
    // Elastic waistband with gathers and a drawcord.
    const rx = 2 * CX - wx;
    const h = kind === 'trunks' ? 44 : 62;
    const wb = `M${wx} ${wy - 2}L${rx} ${wy - 2}L${rx - 2} ${wy + h}L${wx + 2} ${wy + h}Z`;
    out += ribBand(wb, [wx - 5, wy - 8, rx + 5, wy + h + 5], ctx, 12);
    out += stitch(`M${wx + 4} ${wy + h - 9}L${rx - 4} ${wy + h - 9}`, ctx, 1.3);
    if (front) {
      out += `<circle cx="482" cy="${wy + h - 18}" r="6" fill="${p.inside}" stroke="#63676c" stroke-width="1.5"/><circle cx="518" cy="${wy + h - 18}" r="6" fill="${p.inside}" stroke="#63676c" stroke-width="1.5"/>`;
      const cord = `M482 ${wy + h - 18}C476 ${wy + h + 40} 468 ${wy + h + 90} 458 ${wy + h + 132}M518 ${wy + h - 18}C526 ${wy + h + 40} 538 ${wy + h + 90} 548 ${wy + h + 124}`;
      ctx.shade.push(
        `<path d="${cord}" fill="none" stroke="#000" stroke-width="14" opacity="0.35" transform="translate(5 6)"/>`,
      );
      out += `<path d="${cord}" fill="none" stroke="${p.isLight ? '#fbfaf7' : toHex(mix(parseHex(p.base), WHITE, 0.75))}" stroke-width="7" stroke-linecap="round"/>`;
      const pocket = `M${wx + 6} ${wy + h + 14}C${wx + 32} ${wy + h + 84} ${wx + 40} ${wy + h + 144} ${wx + 22} ${wy + h + 204}`;
      out += seam(both(pocket), ctx, 2.6);
      out += wordmark(shortMark(ctx.brand), rx - 72, wy + h + 140, 80, 15, p.ink, 0.85);
      if (kind === 'trunks') {
        const stripe = `M${wx + 16} ${wy + h}C${wx + 12} ${wy + 200} ${wx + 8} ${wy + 300} ${b.outerHemX + 16} ${b.hemY - 4}`;
        out += `<g clip-path="url(#${id}-body)"><path d="${both(stripe)}" fill="none" stroke="${p.isLight ? '#2a2a2e' : '#f5f5f2'}" stroke-width="14" opacity="0.9"/></g>`;
      }
    } else {
      out += wovenLabel(rx - 90, wy + h / 2, 56, 22, ctx);
      out += seam(`M500 ${wy + h}L500 ${b.crotchY}`, ctx, 2);
      const pocket = `M${rx - 120} ${wy + h + 40}L${rx - 40} ${wy + h + 40}L${rx - 40} ${wy + h + 120}C${rx - 60} ${wy + h + 132} ${rx - 100} ${wy + h + 132} ${rx - 120} ${wy + h + 120}Z`;
      out += piece(pocket, ctx, { cast: false, edge: 0.4 });
    }
  }
  // Hems and cuffs.
  if (kind === 'jogger') {
    const cuff = `M${b.outerHemX} ${b.hemY}L${b.innerHemX} ${b.hemY + 2}L${b.innerHemX - 2} ${b.hemY + 52}L${b.outerHemX + 4} ${b.hemY + 50}Z`;
    out += ribBand(cuff, [b.outerHemX - 5, b.hemY - 5, b.innerHemX + 5, b.hemY + 58], ctx, 7);
    out += ribBand(
      mirrorPath(cuff),
      [2 * CX - b.innerHemX - 5, b.hemY - 5, 2 * CX - b.outerHemX + 5, b.hemY + 58],
      ctx,
      7,
    );
  } else {
    const slope = kind === 'pants' ? 4 : 20;
    out += stitch(
      both(`M${b.outerHemX + 3} ${b.hemY - 20}L${b.innerHemX - 1} ${b.hemY - 20 + slope}`),
      ctx,
      1.5,
    );
  }
  return out;
}

function drawSet(ctx: Ctx): string {
  // A hoodie and matching joggers laid out side by side.
  const parts: [string, (c: Ctx) => string][] = [
    ['translate(720 520) scale(0.6) translate(-500 -520)', (c) => drawBottoms(c, 'jogger')],
    ['translate(330 470) scale(0.62) translate(-500 -450)', drawHoodie],
  ];
  let out = '';
  parts.forEach(([transform, draw], i) => {
    ctx.shade.push(`<g transform="${transform}">`);
    const from = ctx.shadow.length;
    out += `<g transform="${transform}">${draw({ ...ctx, id: `${ctx.id}${i}` })}</g>`;
    ctx.shade.push('</g>');
    // Clip paths cannot hold groups: each shadow shape carries the transform itself.
    for (let k = from; k < ctx.shadow.length; k++) {
      ctx.shadow[k] = (ctx.shadow[k] ?? '').replace('<path ', `<path transform="${transform}" `);
    }
  });
  ctx.body = undefined;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Footwear: one shoe seen from its side, toe to the right (the other shoe of the pair, toe to the
// left, on the 'back' view).

type ShoeKind = 'sneaker' | 'shoe' | 'loafer' | 'boot' | 'sandal';

/** Sole colours: a white rubber midsole, dark leather, tan crepe, a dark lug, cork. */
const SOLES: Readonly<Record<ShoeKind, readonly [string, string]>> = {
  sneaker: ['#f4f2ee', '#3a3836'],
  shoe: ['#2b2623', '#1c1917'],
  loafer: ['#b98a5e', '#6f4e33'],
  boot: ['#34302c', '#1f1c1a'],
  sandal: ['#d2ae7c', '#5a4632'],
};

function drawShoe(ctx: Ctx, kind: ShoeKind): string {
  const { p } = ctx;
  const flip = ctx.view === 'back';
  const m = (d: string) => (flip ? mirrorPath(d) : d);
  const x = (v: number) => (flip ? 1000 - v : v);
  const [soleTop, soleBottom] = SOLES[kind];
  // A very light shoe on a white sole still needs a sole that reads.
  const sole = p.isLight && kind === 'sneaker' ? '#dcd8d0' : soleTop;
  let out = '';

  if (kind === 'sandal') {
    const bed = m(
      'M180 640C180 612 204 600 244 600L780 606C832 608 858 620 858 640C858 664 832 676 780 676L244 676C204 676 180 664 180 640Z',
    );
    out += piece(bed, ctx, { fill: sole });
    out += piece(
      m('M184 656L854 656C852 668 834 684 780 684L244 684C206 684 186 672 184 656Z'),
      ctx,
      {
        fill: soleBottom,
        edge: 0.4,
      },
    );
    const strap = (x0: number, x1: number, h: number, w = 34) =>
      m(
        `M${x0} 612C${x0 + 12} ${612 - h} ${x1 - 12} ${612 - h} ${x1} 612L${x1 - w} 612C${x1 - w - 10} ${612 - h + w} ${x0 + w + 10} ${612 - h + w} ${x0 + w} 612Z`,
      );
    const toe = strap(600, 800, 96, 40);
    const instep = strap(400, 610, 170, 46);
    const heel = m(
      'M214 612C204 560 222 520 262 508L300 506L304 544L270 548C250 556 246 584 252 612Z',
    );
    ctx.body = instep;
    out += piece(heel, ctx);
    out += piece(instep, ctx);
    out += piece(toe, ctx);
    out += stitch(m('M414 604C430 470 580 470 596 604'), ctx, 1.2);
    out += stitch(m('M616 606C632 528 768 528 784 606'), ctx, 1.2);
    // The buckle on the heel strap.
    out += `<rect x="${x(290) - 14}" y="508" width="28" height="40" rx="5" fill="none" stroke="#c9c4b8" stroke-width="6"/>`;
    glow(ctx, x(505), 520, 60, 26, 0.8);
    out += wordmark(shortMark(ctx.brand, 10), x(505), 560, 120, 16, p.ink, 0.9);
    return out;
  }

  const uppers: Readonly<Record<Exclude<ShoeKind, 'sandal'>, string>> = {
    sneaker:
      'M190 640C180 580 186 520 214 470C250 462 290 478 330 492C350 452 370 424 396 410L430 420C470 480 560 530 660 552C760 572 836 590 846 640Z',
    shoe: 'M200 640C190 590 196 540 216 510C260 500 320 505 380 512C420 500 460 500 480 510C560 540 680 560 760 580C820 594 850 615 850 640Z',
    loafer:
      'M200 640C190 580 198 530 222 506C300 510 400 522 470 532C580 548 700 560 780 582C830 596 850 615 850 640Z',
    boot: 'M210 640C200 560 206 400 216 250L420 250C416 330 420 420 440 470C520 520 660 546 760 570C826 586 852 610 852 640Z',
  };
  const upper = m(uppers[kind]);
  ctx.body = upper;
  out += piece(upper, ctx);
  fold(
    ctx,
    m(kind === 'boot' ? 'M300 420C320 470 360 500 420 510' : 'M420 560C470 580 540 590 600 590'),
    0.6,
  );
  glow(ctx, x(kind === 'boot' ? 320 : 600), kind === 'boot' ? 400 : 580, 110, 40, 0.9);

  if (kind === 'sneaker') {
    // Toe cap, heel counter and a side stripe in the band colour; padded collar; laces.
    out += piece(m('M700 560C780 575 836 595 846 640L690 640C680 610 684 580 700 560Z'), ctx, {
      fill: p.band,
      edge: 0.4,
    });
    out += piece(m('M190 640C182 590 186 540 204 500C230 510 256 540 262 640Z'), ctx, {
      fill: p.band,
      edge: 0.4,
    });
    out += `<path d="${m('M300 612C420 560 560 548 690 590')}" fill="none" stroke="${p.inside}" stroke-width="26" stroke-linecap="round" opacity="0.85"/>`;
    out += piece(m('M214 470C250 462 290 478 330 492L324 512C290 500 252 488 222 492Z'), ctx, {
      fill: p.inside,
      edge: 0.3,
    });
    let laces = '';
    for (let i = 0; i < 5; i++) {
      const cx = 420 + i * 46;
      const cy = 444 + i * 24;
      laces += `M${cx - 16} ${cy - 14}L${cx + 18} ${cy + 16}`;
      out += `<circle cx="${x(cx - 18)}" cy="${cy + 12}" r="5" fill="${p.line}" opacity="0.7"/>`;
    }
    out += `<path d="${m(laces)}" stroke="#f6f4ef" stroke-width="9" stroke-linecap="round"/>`;
    out += `<path d="${m(laces)}" stroke="#000" stroke-width="1.4" stroke-linecap="round" opacity="0.25"/>`;
    out += stitch(m('M206 520C212 560 214 600 214 632'), ctx, 1.2);
    out += stitch(m('M706 572C690 600 692 624 700 636'), ctx, 1.2);
  } else if (kind === 'shoe') {
    out += seam(m('M700 570C686 600 694 626 712 640'), ctx);
    out += seam(m('M380 512C400 560 440 600 520 626'), ctx, 1.8);
    out += stitch(m('M216 530C230 520 300 518 372 526'), ctx, 1.2);
    let laces = '';
    for (let i = 0; i < 3; i++)
      laces += `M${418 + i * 26} ${512 + i * 8}L${436 + i * 26} ${532 + i * 8}`;
    out += `<path d="${m(laces)}" stroke="${p.inside}" stroke-width="6" stroke-linecap="round"/>`;
    // The heel block.
    out += piece(m('M204 640L312 640L306 692L214 692C206 680 204 660 204 640Z'), ctx, {
      fill: soleBottom,
      edge: 0.4,
    });
  } else if (kind === 'loafer') {
    // Moccasin stitching round the vamp and a strap across it.
    out += stitch(m('M500 560C580 546 700 560 766 596'), ctx, 1.6);
    out += seam(m('M500 560C540 596 650 612 744 606'), ctx, 1.6);
    out += piece(m('M420 532L510 544L506 572L416 560Z'), ctx, { fill: p.band, edge: 0.3 });
    out += `<rect x="${x(463) - 14}" y="549" width="28" height="8" rx="3" fill="${p.inside}" opacity="0.9"/>`;
  } else {
    // Boot: padded collar, pull tab, a row of laces up the shaft.
    out += piece(m('M214 250L420 250L419 284L212 284Z'), ctx, { fill: p.band, edge: 0.4 });
    out += piece(m('M216 254L200 236L206 224L232 250Z'), ctx, { fill: p.inside, edge: 0.2 });
    let laces = '';
    for (let i = 0; i < 6; i++) {
      const cy = 300 + i * 32;
      const cx = 416 + i * 6;
      laces += `M${cx - 24} ${cy}L${cx + 14} ${cy + 18}`;
      out += `<circle cx="${x(cx - 24)}" cy="${cy}" r="5" fill="#c9c4b8"/>`;
    }
    out += `<path d="${m(laces)}" stroke="${p.inside}" stroke-width="7" stroke-linecap="round"/>`;
    out += seam(m('M440 470C420 520 430 580 470 620'), ctx, 1.8);
    out += stitch(m('M226 300C222 400 220 520 224 628'), ctx, 1.2);
  }

  // The sole: its top (midsole, welt or crepe) and the tread under it.
  const soles: Readonly<Record<Exclude<ShoeKind, 'sandal'>, readonly [string, string]>> = {
    sneaker: [
      'M178 640L842 640C850 660 846 700 806 706L214 706C186 706 172 680 178 640Z',
      'M184 690L836 690C830 704 820 712 800 714L214 714C196 714 186 704 184 690Z',
    ],
    shoe: [
      'M196 640L852 640C854 652 846 660 830 662L204 662C198 656 196 648 196 640Z',
      'M312 662L830 662C820 668 800 670 780 670L316 670Z',
    ],
    loafer: [
      'M196 640L852 640C856 656 846 668 826 670L210 670C200 662 196 652 196 640Z',
      'M204 664L840 664C832 674 820 678 806 678L214 678C208 674 204 670 204 664Z',
    ],
    boot: [
      'M200 640L858 640C860 664 852 690 826 696L226 696C206 696 198 674 200 640Z',
      'M206 684L852 684C846 700 832 710 812 712L232 712C214 712 206 700 206 684Z',
    ],
  };
  const [top, tread] = soles[kind];
  out += piece(m(top), ctx, { fill: sole, edge: 0.5 });
  out += piece(m(tread), ctx, { fill: soleBottom, edge: 0.3 });
  if (kind === 'sneaker') out += stitch(m('M186 652L840 652'), ctx, 1.1);
  if (kind === 'boot') {
    let lugs = '';
    for (let lx = 240; lx < 830; lx += 34) lugs += `M${lx} 700L${lx + 14} 712`;
    out += `<path d="${m(lugs)}" stroke="#000" stroke-width="4" opacity="0.35"/>`;
  }
  // The brand on the side (sneaker, boot) or on the heel (shoes).
  out +=
    kind === 'sneaker'
      ? wordmark(shortMark(ctx.brand, 12), x(520), 586, 150, 20, p.ink, 0.9)
      : kind === 'boot'
        ? wordmark(shortMark(ctx.brand, 12), x(310), 360, 130, 18, p.ink, 0.88)
        : wovenLabel(x(250), 560, 52, 18, ctx);
  return out;
}

function drawGarment(kind: GarmentKind, ctx: Ctx): string {
  switch (kind) {
    case 'tee':
      return drawTee(ctx);
    case 'polo':
      return drawPolo(ctx);
    case 'longsleeve':
      return drawLongSleeve(ctx);
    case 'shirt':
      return drawShirt(ctx);
    case 'blouse':
      return drawBlouse(ctx);
    case 'hoodie':
      return drawHoodie(ctx);
    case 'sweater':
      return drawSweater(ctx);
    case 'jacket':
      return drawJacket(ctx);
    case 'vest':
      return drawVest(ctx);
    case 'set':
      return drawSet(ctx);
    case 'swimsuit':
      return drawSwimsuit(ctx);
    case 'trunks':
      return drawBottoms(ctx, 'trunks');
    case 'pants':
      return drawBottoms(ctx, 'pants');
    case 'jogger':
      return drawBottoms(ctx, 'jogger');
    case 'shorts':
      return drawBottoms(ctx, 'shorts');
    case 'sneaker':
    case 'shoe':
    case 'loafer':
    case 'boot':
    case 'sandal':
      return drawShoe(ctx, kind);
  }
}

/** Bounding box of each drawing (in the 1000×1000 design space), for framing. */
const BOUNDS: Readonly<Record<GarmentKind, readonly [number, number, number, number]>> = {
  tee: [188, 170, 812, 840],
  polo: [188, 160, 812, 840],
  longsleeve: [172, 170, 828, 840],
  shirt: [172, 166, 828, 858],
  blouse: [222, 170, 778, 816],
  hoodie: [162, 60, 838, 842],
  sweater: [166, 170, 834, 836],
  jacket: [158, 160, 842, 830],
  vest: [336, 160, 664, 830],
  set: [120, 160, 850, 880],
  swimsuit: [358, 148, 642, 816],
  trunks: [288, 250, 712, 704],
  pants: [322, 110, 678, 982],
  jogger: [314, 110, 686, 920],
  shorts: [298, 250, 702, 704],
  sneaker: [176, 400, 848, 716],
  shoe: [190, 496, 856, 694],
  loafer: [190, 500, 856, 680],
  boot: [196, 222, 862, 714],
  sandal: [178, 430, 860, 686],
};

/** Where the close-up looks and how far it zooms. */
const DETAIL: Readonly<Record<GarmentKind, readonly [number, number, number]>> = {
  tee: [540, 300, 2.1],
  polo: [540, 280, 2.3],
  longsleeve: [540, 290, 2.2],
  shirt: [540, 290, 2.3],
  blouse: [500, 290, 2.1],
  hoodie: [520, 330, 1.9],
  sweater: [520, 300, 2.1],
  jacket: [530, 290, 2.2],
  vest: [530, 300, 2.2],
  set: [330, 300, 1.9],
  swimsuit: [480, 420, 1.9],
  trunks: [520, 400, 2.2],
  pants: [520, 240, 2.3],
  jogger: [520, 250, 2.2],
  shorts: [520, 380, 2.3],
  sneaker: [470, 520, 1.9],
  shoe: [560, 580, 2.1],
  loafer: [560, 580, 2.1],
  boot: [360, 380, 1.7],
  sandal: [520, 580, 1.9],
};

const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#fbfaf8', '#e6e3de'],
  ['#f8f9fb', '#e0e4e9'],
  ['#faf8f4', '#e8e2d8'],
];

/**
 * `opacity` on a single shape makes cairo paint it through an offscreen group; fill and stroke
 * opacities give the same picture for these shapes at a fraction of the cost.
 */
function cheapOpacity(svg: string): string {
  return svg.replace(
    /<(path|rect|circle|ellipse|text)\b([^>]*?) opacity="([^"]+)"/g,
    (_, tag: string, attrs: string, o: string) =>
      `<${tag}${attrs} fill-opacity="${o}" stroke-opacity="${o}"`,
  );
}

interface Layers {
  /** Background and drop shadow, to blur: drawn small and scaled up. */
  background: string;
  /** Soft shading laid over the garment only, to blur: drawn small and scaled up. */
  shading: string;
  /** Blur radii (Gaussian sigma, in pixels of the small layers). */
  backgroundBlur: number;
  shadingBlur: number;
  /** The full-size picture, given the two small layers as PNG. */
  picture: (backgroundPng: Buffer, shadingPng: Buffer) => string;
}

function layers(opts: ProductImageOptions, size: number, softSize: number): Layers {
  const variant = ((Math.trunc(opts.variant) % 3) + 3) % 3;
  const kind = garmentKind(opts.typeName, opts.brandName);
  const p = palette(opts.colorHex);
  const ctx: Ctx = {
    p,
    view: variant === 1 ? 'back' : 'front',
    brand: wordmarkText(opts.brandName),
    id: 'g',
    shade: [],
    shadow: [],
  };
  const garment = cheapOpacity(drawGarment(kind, ctx));

  // Framing: the garment fills the frame (front/back) or a detail is enlarged (close-up).
  let cx: number;
  let cy: number;
  let scale: number;
  if (variant === 2) {
    [cx, cy, scale] = DETAIL[kind];
  } else {
    const [x0, y0, x1, y1] = BOUNDS[kind];
    cx = (x0 + x1) / 2;
    cy = (y0 + y1) / 2 - 6;
    scale = Math.min(1.45, 780 / (x1 - x0), 800 / (y1 - y0));
  }
  const transform = `translate(500 500) scale(${num(scale)}) translate(${r1(-cx)} ${r1(-cy)})`;
  // The whole frame, in the garment's coordinates.
  const frame = `x="${r1(cx - 500 / scale)}" y="${r1(cy - 500 / scale)}" width="${r1(1000 / scale)}" height="${r1(1000 / scale)}"`;

  let texture = '';
  if (variant === 2 && ctx.body) {
    // Close-up: the weave of the fabric shows.
    const half = 520 / scale;
    let d = '';
    for (let k = -2 * half; k < 2 * half; k += 5) {
      d += `M${r1(cx - half + k)} ${r1(cy + half)}L${r1(cx + half + k)} ${r1(cy - half)}`;
    }
    texture =
      `<clipPath id="g-weave"><path d="${ctx.body}"/></clipPath>` +
      `<g clip-path="url(#g-weave)"><path d="${d}" stroke="#000" stroke-width="1.1" opacity="${num(p.shadow * 0.22)}"/>` +
      `<path d="${d}" stroke="#fff" stroke-width="0.8" opacity="${num(p.highlight * 0.4)}" transform="translate(2 0)"/></g>`;
  }

  const [bg0, bg1] = BACKGROUNDS[variant] ?? ['#fbfaf8', '#e6e3de'];
  // Very light garments need a slightly deeper background to stand out.
  const inner = p.isLight ? toHex(mix(parseHex(bg0), parseHex(bg1), 0.55)) : bg0;
  const outer = p.isLight ? toHex(mix(parseHex(bg1), BLACK, 0.05)) : bg1;
  const svg = (px: number, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 1000 1000">${body}</svg>`;
  const silhouette = ctx.shadow.join('');
  const png = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

  return {
    background: svg(
      softSize,
      `<defs><radialGradient id="bg" cx="50%" cy="40%" r="78%"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>` +
        `</defs><rect width="1000" height="1000" fill="url(#bg)"/>` +
        `<g transform="${transform}"><g opacity="${p.isLight ? 0.34 : 0.28}"><g transform="translate(5 11)" fill="#2e2a26">${silhouette}</g></g></g>`,
    ),
    shading: svg(
      softSize,
      `<defs><radialGradient id="glow"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
        `<g transform="${transform}">${cheapOpacity(ctx.shade.join(''))}</g>`,
    ),
    // Blurs given in design units, scaled to the small layers' pixels.
    backgroundBlur: Math.max(0.3, ((variant === 2 ? 7 : 10) * scale * softSize) / 1000),
    shadingBlur: Math.max(0.3, (10 * scale * softSize) / 1000),
    picture: (backgroundPng, shadingPng) =>
      svg(
        size,
        `<defs><linearGradient id="g-fall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${num(p.highlight * 0.3)}"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${num(p.shadow * 0.18)}"/></linearGradient></defs>` +
          `<image href="${png(backgroundPng)}" x="0" y="0" width="1000" height="1000" preserveAspectRatio="none"/>` +
          `<g transform="${transform}">${garment}${texture}` +
          `<clipPath id="g-sil">${silhouette}</clipPath>` +
          `<g clip-path="url(#g-sil)"><image href="${png(shadingPng)}" ${frame} preserveAspectRatio="none"/></g></g>`,
      ),
  };
}

/** The SVG of a product photo without its two blurry layers (for inspection). */
export function productImageSvg(opts: ProductImageOptions): string {
  const empty = Buffer.alloc(0);
  return layers(opts, opts.size ?? 800, 200).picture(empty, empty);
}

/** Renders a product photo as WebP (default 800×800). */
export async function renderProductImage(opts: ProductImageOptions): Promise<Buffer> {
  const size = Math.round(opts.size ?? 800);
  if (!Number.isFinite(size) || size < 16 || size > 4096) {
    throw new RangeError(`size must be between 16 and 4096, got ${String(opts.size)}`);
  }
  const l = layers(opts, size, Math.max(16, Math.round(size / 4)));
  // librsvg's blur filter is slow; vips blurs the small layers in a fraction of the time.
  const small = (svg: string, sigma: number) =>
    sharp(Buffer.from(svg))
      .blur(sigma)
      .png({ compressionLevel: 0, adaptiveFiltering: false })
      .toBuffer();
  const [background, shading] = await Promise.all([
    small(l.background, l.backgroundBlur),
    small(l.shading, l.shadingBlur),
  ]);
  return sharp(Buffer.from(l.picture(background, shading)))
    .flatten({ background: '#ffffff' })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}
