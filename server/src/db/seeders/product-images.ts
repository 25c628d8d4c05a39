/**
 * Product photos for the demo catalogue, drawn as SVG and rendered to WebP by sharp.
 *
 * Each picture looks like a flat-lay e-commerce shot: a light, softly graded background, a garment
 * silhouette for the product type filled with the colour (shading, folds, seams and stitching),
 * and a small brand wordmark. `variant` 0 is the front, 1 the back, 2 a close-up of a detail.
 */
import sharp from 'sharp';

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
  | 'shorts';

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Which silhouette a product type is drawn with (unknown types get a t-shirt). */
export function garmentKind(typeName: string, brandName = ''): GarmentKind {
  const t = normalize(typeName);
  const women = /\bdama\b/.test(normalize(brandName));
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
// Colour helpers

type Rgb = readonly [number, number, number];

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

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

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
  /** Slightly darker: ribbing, bands, seams' shadow side. */
  band: string;
  /** Inside of the garment. */
  inside: string;
  /** Stitching thread. */
  stitch: string;
  /** Fold shadows and highlights. */
  shade: string;
  light: string;
  /** Printed wordmark. */
  ink: string;
  /** Shadow and highlight strength, tuned for very dark and very light colours. */
  shadeOpacity: number;
  lightOpacity: number;
  isLight: boolean;
}

function palette(hex: string): Palette {
  const rgb = parseHex(hex);
  const lum = luminance(rgb);
  const isLight = lum > 0.45;
  const isDark = lum < 0.04;
  return {
    base: toHex(rgb),
    band: toHex(isDark ? mix(rgb, WHITE, 0.06) : mix(rgb, BLACK, isLight ? 0.07 : 0.12)),
    inside: toHex(isDark ? mix(rgb, BLACK, 0.35) : mix(rgb, BLACK, isLight ? 0.16 : 0.3)),
    stitch: toHex(isDark ? mix(rgb, WHITE, 0.22) : mix(rgb, BLACK, isLight ? 0.28 : 0.35)),
    shade: toHex(mix(rgb, BLACK, 0.6)),
    light: '#ffffff',
    ink: isLight ? toHex(mix(rgb, [20, 20, 24], 0.88)) : '#f5f5f2',
    shadeOpacity: isDark ? 0.5 : isLight ? 0.55 : 0.45,
    lightOpacity: isDark ? 0.1 : isLight ? 0.25 : 0.14,
    isLight,
  };
}

// ---------------------------------------------------------------------------------------------
// Geometry: symmetric outlines described by their left half

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
const mirror = ([x, y]: Pt): Pt => [2 * CX - x, y];
const fmt = ([x, y]: Pt) => `${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;

/**
 * A closed path symmetric about x = 500: from `start` (on the axis) along the left half `segs`
 * to a point on the axis, then back up the mirrored right half.
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
        ? `L${fmt(mirror(prev))}`
        : `C${fmt(mirror(s.c2))} ${fmt(mirror(s.c1))} ${fmt(mirror(prev))}`;
  }
  return `${d}Z`;
}

/** An open path and its mirror image. */
function both(d: string): string {
  const mirrored = d.replace(/(-?\d+(?:\.\d+)?)[ ,](-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) =>
    `${Math.round((2 * CX - Number(x)) * 10) / 10} ${y}`,
  );
  return `${d} ${mirrored}`;
}

/** A path string with every point mirrored (for one-sided details). */
function mirrorPath(d: string): string {
  return both(d).slice(d.length + 1);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The brand as printed on the garment: without the shop's ' Dama'/' Niño' suffix. */
function wordmarkText(brandName: string): string {
  const base = brandName
    .trim()
    .replace(/\s+(dama|niño|nino|niña|nina)$/i, '')
    .trim();
  return (base || brandName.trim() || 'Tienda').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Drawing primitives shared by the garments

interface Ctx {
  p: Palette;
  view: 'front' | 'back';
  brand: string;
  /** Unique prefix for ids inside one SVG. */
  id: string;
}

function stitch(d: string, p: Palette, width = 2.2): string {
  return `<path d="${d}" fill="none" stroke="${p.stitch}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round" opacity="0.75"/>`;
}

function seam(d: string, p: Palette, width = 2.5): string {
  return (
    `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="${width}" opacity="${(p.shadeOpacity * 0.55).toFixed(2)}"/>` +
    `<path d="${d}" fill="none" stroke="${p.light}" stroke-width="1.5" opacity="${(p.lightOpacity * 0.9).toFixed(2)}" transform="translate(1.5 1.5)"/>`
  );
}

/** A soft fold: a wide faint shadow with a narrow highlight beside it. */
function fold(d: string, p: Palette, strength = 1): string {
  const so = p.shadeOpacity * 0.16 * strength;
  const lo = p.lightOpacity * 0.6 * strength;
  return (
    `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="22" stroke-linecap="round" opacity="${(so * 0.5).toFixed(3)}"/>` +
    `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="9" stroke-linecap="round" opacity="${(so * 0.8).toFixed(3)}"/>` +
    `<path d="${d}" fill="none" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity="${lo.toFixed(3)}" transform="translate(9 -4)"/>`
  );
}

/** Vertical rib lines clipped to a band. */
function ribs(clipId: string, x0: number, x1: number, y0: number, y1: number, p: Palette, gap = 9): string {
  let d = '';
  for (let x = x0 + gap / 2; x < x1; x += gap) d += `M${x.toFixed(1)} ${y0}V${y1}`;
  return `<path d="${d}" clip-path="url(#${clipId})" stroke="${p.shade}" stroke-width="2" opacity="${(p.shadeOpacity * 0.28).toFixed(2)}"/>`;
}

/**
 * A filled garment piece: the colour, a side-to-side volume gradient, a top-to-bottom light
 * fall-off and an outline.
 */
function piece(d: string, ctx: Ctx, fill?: string): string {
  const { p, id } = ctx;
  return (
    `<path d="${d}" fill="${fill ?? p.base}"/>` +
    `<path d="${d}" fill="url(#${id}-vol)"/>` +
    `<path d="${d}" fill="url(#${id}-fall)"/>` +
    `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="2" stroke-linejoin="round" opacity="${(p.shadeOpacity * 0.5).toFixed(2)}"/>`
  );
}

/** A band (ribbing, waistband, cuff): darker colour, ribs, outline. */
function band(d: string, clipId: string, box: readonly [number, number, number, number], ctx: Ctx, gap = 9): string {
  const { p, id } = ctx;
  const [x0, y0, x1, y1] = box;
  return (
    `<clipPath id="${clipId}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="${p.band}"/>` +
    ribs(clipId, x0, x1, y0, y1, p, gap) +
    `<path d="${d}" fill="url(#${id}-vol)"/>` +
    `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="2" stroke-linejoin="round" opacity="${(p.shadeOpacity * 0.55).toFixed(2)}"/>`
  );
}

function wordmark(
  text: string,
  cx: number,
  cy: number,
  maxWidth: number,
  maxSize: number,
  color: string,
  opacity = 0.92,
  weight = 700,
): string {
  const size = Math.max(8, Math.min(maxSize, maxWidth / (Math.max(text.length, 3) * 0.68)));
  const spacing = (size * 0.08).toFixed(1);
  return `<text x="${cx}" y="${(cy + size * 0.36).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="${weight}" font-size="${size.toFixed(1)}" letter-spacing="${spacing}" fill="${color}" opacity="${opacity}">${escapeXml(text)}</text>`;
}

/** A woven label (inside the neck or on a waistband). */
function label(cx: number, cy: number, w: number, h: number, text: string, dark: boolean): string {
  const bg = dark ? '#1d1d1f' : '#f4f2ec';
  const fg = dark ? '#f4f2ec' : '#1d1d1f';
  return (
    `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="2" fill="${bg}" stroke="#000" stroke-opacity="0.15"/>` +
    wordmark(text, cx, cy, w * 0.84, h * 0.55, fg, 1)
  );
}

function button(cx: number, cy: number, r: number, p: Palette): string {
  const fill = p.isLight ? '#f1efe9' : toHex(mix(parseHex(p.base), WHITE, 0.25));
  return (
    `<circle cx="${cx}" cy="${cy + 1.5}" r="${r}" fill="#000" opacity="0.18"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${p.shade}" stroke-opacity="0.35" stroke-width="1.2"/>` +
    `<circle cx="${cx - r * 0.3}" cy="${cy - r * 0.3}" r="${r * 0.16}" fill="${p.shade}" opacity="0.5"/>` +
    `<circle cx="${cx + r * 0.3}" cy="${cy + r * 0.3}" r="${r * 0.16}" fill="${p.shade}" opacity="0.5"/>` +
    `<circle cx="${cx + r * 0.3}" cy="${cy - r * 0.3}" r="${r * 0.16}" fill="${p.shade}" opacity="0.5"/>` +
    `<circle cx="${cx - r * 0.3}" cy="${cy + r * 0.3}" r="${r * 0.16}" fill="${p.shade}" opacity="0.5"/>`
  );
}

/** A metal zip: tape, teeth and a puller at the top. */
function zipper(x: number, y0: number, y1: number, p: Palette, puller = true): string {
  const metal = '#b9bcc0';
  const tape = p.isLight ? toHex(mix(parseHex(p.base), BLACK, 0.2)) : toHex(mix(parseHex(p.base), BLACK, 0.35));
  return (
    `<rect x="${x - 9}" y="${y0}" width="18" height="${y1 - y0}" fill="${tape}" opacity="0.9"/>` +
    `<line x1="${x}" y1="${y0 + 4}" x2="${x}" y2="${y1}" stroke="${metal}" stroke-width="7" stroke-dasharray="3 2.2"/>` +
    (puller
      ? `<rect x="${x - 7}" y="${y0 + 6}" width="14" height="24" rx="3" fill="${metal}" stroke="#6f7377" stroke-width="1.5"/>` +
        `<rect x="${x - 4.5}" y="${y0 + 26}" width="9" height="30" rx="4" fill="#cfd2d5" stroke="#6f7377" stroke-width="1.5"/>`
      : '')
  );
}

// ---------------------------------------------------------------------------------------------
// Tops

interface TopShape {
  outline: string;
  /** Left sleeve's seam from the shoulder point to the armpit. */
  sleeveSeam: string;
  /** Hem stitching (open path, full width). */
  hemStitch: string;
  /** Sleeve-end stitching (left; mirrored when drawn). */
  cuffStitch: string;
  cuffBand?: { d: string; box: [number, number, number, number] };
  hemBand?: { d: string; box: [number, number, number, number] };
  neckSideX: number;
  neckY: number;
}

function topShape(opts: {
  sleeve: 'short' | 'long' | 'none';
  neckHalf: number;
  hemY: number;
  cuffs: boolean;
  hemBand: boolean;
  wide?: number;
  curvedHem?: boolean;
}): TopShape {
  const w = opts.wide ?? 0;
  const neckX = CX - opts.neckHalf;
  const neckY = 178;
  const shoulder: Pt = [318 - w, 206];
  const armpit: Pt = [336 - w, 378];
  const hemX = 332 - w;
  const hemY = opts.hemY;
  const segs: Seg[] = [C(CX - opts.neckHalf * 0.5, 186, neckX + 8, 182, neckX, neckY)];
  segs.push(C(neckX - 40, 188, shoulder[0] + 40, 198, shoulder[0], shoulder[1]));
  let cuffStitch = '';
  let cuffBand: TopShape['cuffBand'];
  if (opts.sleeve === 'short') {
    const outer: Pt = [196 - w, 338];
    const inner: Pt = [262 - w, 404];
    segs.push(C(270 - w, 240, 222 - w, 290, outer[0], outer[1]));
    segs.push(L(inner[0], inner[1]));
    segs.push(C(290 - w, 390, 320 - w, 384, armpit[0], armpit[1]));
    cuffStitch = `M${outer[0] + 13} ${outer[1] - 13}L${inner[0] + 13} ${inner[1] - 13}`;
    if (opts.cuffs) {
      cuffBand = {
        d: `M${outer[0]} ${outer[1]}L${inner[0]} ${inner[1]}L${inner[0] + 20} ${inner[1] - 20}L${outer[0] + 20} ${outer[1] - 20}Z`,
        box: [outer[0] - 5, outer[1] - 25, inner[0] + 25, inner[1] + 5],
      };
    }
  } else if (opts.sleeve === 'long') {
    const outer: Pt = [176 - w, 772];
    const inner: Pt = [254 - w, 790];
    segs.push(C(262 - w, 262, 206 - w, 520, outer[0], outer[1]));
    segs.push(C(200 - w, 784, 232 - w, 790, inner[0], inner[1]));
    segs.push(C(272 - w, 610, 300 - w, 470, armpit[0], armpit[1]));
    cuffStitch = `M${outer[0] + 3} ${outer[1] - 18}C${200 - w} ${766} ${232 - w} ${772} ${inner[0] + 2} ${inner[1] - 18}`;
    if (opts.cuffs) {
      const h = 50;
      cuffBand = {
        d: `M${outer[0]} ${outer[1]}C${200 - w} 784 ${232 - w} 790 ${inner[0]} ${inner[1]}L${inner[0] + 4} ${inner[1] - h}C${234 - w} ${790 - h} ${202 - w} ${784 - h} ${outer[0] + 6} ${outer[1] - h}Z`,
        box: [outer[0] - 5, outer[1] - h - 10, inner[0] + 10, inner[1] + 5],
      };
    }
  } else {
    segs.push(C(shoulder[0] + 28, 280, armpit[0] + 36, 350, armpit[0] + 6, armpit[1] + 30));
  }
  const bodyTop: Pt = opts.sleeve === 'none' ? [armpit[0] + 6, armpit[1] + 30] : armpit;
  segs.push(C(bodyTop[0] + 6, 520, hemX - 4, 700, hemX, hemY));
  if (opts.curvedHem) {
    segs.push(C(hemX + 30, hemY + 30, 420, hemY + 52, CX, hemY + 56));
  } else {
    segs.push(C(400, hemY + 6, 450, hemY + 8, CX, hemY + 8));
  }
  const outline = symPath([CX, 196], segs);
  const sleeveSeam =
    opts.sleeve === 'none'
      ? ''
      : `M${shoulder[0]} ${shoulder[1]}C${shoulder[0] + 22} 250 ${armpit[0] + 4} 320 ${armpit[0]} ${armpit[1]}`;
  const hs = hemY - 20;
  const hemStitch = opts.curvedHem
    ? `M${hemX + 4} ${hs}C${hemX + 34} ${hs + 30} 420 ${hs + 52} ${CX} ${hs + 56}C580 ${hs + 52} ${2 * CX - hemX - 34} ${hs + 30} ${2 * CX - hemX - 4} ${hs}`
    : `M${hemX + 2} ${hs}C400 ${hs + 6} 450 ${hs + 8} ${CX} ${hs + 8}C550 ${hs + 8} 600 ${hs + 6} ${2 * CX - hemX - 2} ${hs}`;
  let hemBandShape: TopShape['hemBand'];
  if (opts.hemBand) {
    const h = 52;
    hemBandShape = {
      d: `M${hemX} ${hemY}C400 ${hemY + 6} 450 ${hemY + 8} ${CX} ${hemY + 8}C550 ${hemY + 8} 600 ${hemY + 6} ${2 * CX - hemX} ${hemY}L${2 * CX - hemX + 2} ${hemY - h}C600 ${hemY - h + 6} 550 ${hemY - h + 8} ${CX} ${hemY - h + 8}C450 ${hemY - h + 8} 400 ${hemY - h + 6} ${hemX - 2} ${hemY - h}Z`,
      box: [hemX - 5, hemY - h - 5, 2 * CX - hemX + 5, hemY + 12],
    };
  }
  return {
    outline,
    sleeveSeam,
    hemStitch,
    cuffStitch,
    cuffBand,
    hemBand: hemBandShape,
    neckSideX: neckX,
    neckY,
  };
}

/** Folds common to tops: under the arms, across the waist, on the sleeves. */
function topFolds(ctx: Ctx, long: boolean, hemY: number): string {
  const { p } = ctx;
  let s = '';
  s += fold(both('M352 420C380 470 392 520 388 580'), p, 0.9);
  s += fold(both(`M360 ${hemY - 120}C400 ${hemY - 90} 440 ${hemY - 96} 470 ${hemY - 130}`), p, 0.7);
  s += fold('M560 470C590 540 610 600 600 660', p, 0.6);
  if (long) {
    s += fold(both('M262 420C246 500 232 580 224 660'), p, 0.8);
    s += fold(both('M228 700C238 690 252 690 262 700'), p, 0.7);
  } else {
    s += fold(both('M276 300C262 320 252 336 246 352'), p, 0.7);
  }
  return s;
}

function crewNeck(ctx: Ctx, shape: TopShape, depth: number, bandW: number): string {
  const { p, view } = ctx;
  const nx = shape.neckSideX;
  const ny = shape.neckY;
  const half = CX - nx;
  const backNeck = `M${nx} ${ny}C${nx + 8} 182 ${CX - half * 0.5} 186 ${CX} 196C${CX + half * 0.5} 186 ${2 * CX - nx - 8} 182 ${2 * CX - nx} ${ny}`;
  if (view === 'back') {
    const inner = `M${nx + bandW * 0.9} ${ny + 4}C${nx + 14} ${186 + bandW} ${CX - half * 0.45} ${190 + bandW} ${CX} ${196 + bandW * 0.9}C${CX + half * 0.45} ${190 + bandW} ${2 * CX - nx - 14} ${186 + bandW} ${2 * CX - nx - bandW * 0.9} ${ny + 4}`;
    const bandPath = `${backNeck}L${2 * CX - nx - bandW * 0.9} ${ny + 4}${inner.replace(/^M[^C]+/, '').split('C').reverse().length ? '' : ''}`;
    void bandPath;
    const d = `M${nx} ${ny}C${nx + 8} 182 ${CX - half * 0.5} 186 ${CX} 196C${CX + half * 0.5} 186 ${2 * CX - nx - 8} 182 ${2 * CX - nx} ${ny}L${2 * CX - nx - bandW * 0.9} ${ny + 4}C${2 * CX - nx - 14} ${186 + bandW} ${CX + half * 0.45} ${190 + bandW} ${CX} ${196 + bandW * 0.9}C${CX - half * 0.45} ${190 + bandW} ${nx + 14} ${186 + bandW} ${nx + bandW * 0.9} ${ny + 4}Z`;
    return (
      band(d, `${ctx.id}-neckb`, [nx - 5, ny - 5, 2 * CX - nx + 5, 196 + bandW + 5], ctx, 7) +
      stitch(inner, p, 1.8)
    );
  }
  const frontNeck = `M${nx} ${ny}C${nx + 6} ${ny + depth * 0.7} ${CX - half * 0.55} ${ny + depth} ${CX} ${ny + depth}C${CX + half * 0.55} ${ny + depth} ${2 * CX - nx - 6} ${ny + depth * 0.7} ${2 * CX - nx} ${ny}`;
  const insideShape = `${backNeck.replace(/^M/, 'M')}C${2 * CX - nx - 6} ${ny + depth * 0.7} ${CX + half * 0.55} ${ny + depth} ${CX} ${ny + depth}C${CX - half * 0.55} ${ny + depth} ${nx + 6} ${ny + depth * 0.7} ${nx} ${ny}Z`;
  const d = depth;
  const w = bandW;
  const outerEdge = frontNeck;
  const innerEdge = `M${2 * CX - nx + w * 0.7} ${ny + 2}C${2 * CX - nx + 2} ${ny + d * 0.8 + w} ${CX + half * 0.6} ${ny + d + w} ${CX} ${ny + d + w}C${CX - half * 0.6} ${ny + d + w} ${nx - 2} ${ny + d * 0.8 + w} ${nx - w * 0.7} ${ny + 2}`;
  const bandShape = `${outerEdge}L${innerEdge.slice(1)}Z`;
  return (
    `<path d="${insideShape}" fill="${p.inside}"/>` +
    `<path d="${insideShape}" fill="url(#${ctx.id}-insideShade)"/>` +
    label(CX, 206, 62, 26, ctx.brand, !p.isLight) +
    band(bandShape, `${ctx.id}-neckf`, [nx - w - 5, ny - 5, 2 * CX - nx + w + 5, ny + d + w + 5], ctx, 7) +
    stitch(
      `M${nx - w * 0.7 + 3} ${ny + 6}C${nx} ${ny + d * 0.8 + w + 3} ${CX - half * 0.6} ${ny + d + w + 4} ${CX} ${ny + d + w + 4}C${CX + half * 0.6} ${ny + d + w + 4} ${2 * CX - nx} ${ny + d * 0.8 + w + 3} ${2 * CX - nx + w * 0.7 - 3} ${ny + 6}`,
      p,
      1.8,
    )
  );
}

function drawTopBase(ctx: Ctx, shape: TopShape, long: boolean, hemY: number): string {
  const { p, id } = ctx;
  let s = piece(shape.outline, ctx);
  s += `<clipPath id="${id}-body"><path d="${shape.outline}"/></clipPath>`;
  s += `<g clip-path="url(#${id}-body)">${topFolds(ctx, long, hemY)}</g>`;
  if (shape.sleeveSeam) s += seam(both(shape.sleeveSeam), p);
  if (shape.cuffBand) {
    s += band(shape.cuffBand.d, `${id}-cuffL`, shape.cuffBand.box, ctx, 8);
    const m = mirrorPath(shape.cuffBand.d);
    const [x0, y0, x1, y1] = shape.cuffBand.box;
    s += band(m, `${id}-cuffR`, [2 * CX - x1, y0, 2 * CX - x0, y1], ctx, 8);
  } else if (shape.cuffStitch) {
    s += stitch(both(shape.cuffStitch), p);
  }
  if (shape.hemBand) s += band(shape.hemBand.d, `${id}-hemband`, shape.hemBand.box, ctx, 8);
  else s += stitch(shape.hemStitch, p);
  return s;
}

function chestPrint(ctx: Ctx, big: boolean): string {
  if (ctx.view !== 'front') return '';
  return big
    ? wordmark(ctx.brand, CX, 330, 230, 46, ctx.p.ink)
    : wordmark(ctx.brand, 590, 300, 110, 20, ctx.p.ink);
}

function drawTee(ctx: Ctx): string {
  const shape = topShape({ sleeve: 'short', neckHalf: 72, hemY: 830, cuffs: false, hemBand: false });
  return drawTopBase(ctx, shape, false, 830) + crewNeck(ctx, shape, 58, 16) + chestPrint(ctx, true);
}

function drawLongSleeve(ctx: Ctx): string {
  const shape = topShape({ sleeve: 'long', neckHalf: 70, hemY: 830, cuffs: true, hemBand: false });
  return drawTopBase(ctx, shape, true, 830) + crewNeck(ctx, shape, 52, 15) + chestPrint(ctx, false);
}

function drawSweater(ctx: Ctx): string {
  const { id, p } = ctx;
  const shape = topShape({ sleeve: 'long', neckHalf: 74, hemY: 826, cuffs: true, hemBand: true, wide: 6 });
  const knit = `<g clip-path="url(#${id}-body)" opacity="${(p.shadeOpacity * 0.5).toFixed(2)}"><rect x="100" y="150" width="800" height="720" fill="url(#${id}-knit)"/></g>`;
  // Cable panels down the front.
  let cables = '';
  if (ctx.view === 'front') {
    for (const x of [430, 570]) {
      let d = '';
      for (let y = 270; y < 760; y += 44) {
        d += `M${x - 16} ${y}C${x - 16} ${y + 22} ${x + 16} ${y + 22} ${x + 16} ${y + 44}M${x + 16} ${y}C${x + 16} ${y + 14} ${x + 6} ${y + 18} ${x + 2} ${y + 20}M${x - 2} ${y + 24}C${x - 6} ${y + 26} ${x - 16} ${y + 30} ${x - 16} ${y + 44}`;
      }
      cables += `<path d="${d}" fill="none" stroke="${p.shade}" stroke-width="5" opacity="${(p.shadeOpacity * 0.35).toFixed(2)}"/>`;
      cables += `<path d="${d}" fill="none" stroke="#fff" stroke-width="2" opacity="${(p.lightOpacity * 0.8).toFixed(2)}" transform="translate(-2 -2)"/>`;
      cables += `<path d="M${x - 30} 262V770M${x + 30} 262V770" stroke="${p.shade}" stroke-width="2.5" opacity="${(p.shadeOpacity * 0.3).toFixed(2)}"/>`;
    }
  }
  const s = drawTopBase(ctx, shape, true, 826);
  return s + knit + cables + crewNeck(ctx, shape, 54, 24) + (ctx.view === 'front' ? '' : '');
}

function drawPolo(ctx: Ctx): string {
  const { p, id } = ctx;
  const shape = topShape({ sleeve: 'short', neckHalf: 66, hemY: 830, cuffs: true, hemBand: false });
  let s = drawTopBase(ctx, shape, false, 830);
  // Side vents at the hem.
  s += seam(both('M334 780L338 832'), p, 2);
  if (ctx.view === 'front') {
    // Placket.
    const placket = 'M478 214L522 214L522 352C522 356 518 360 514 360L486 360C482 360 478 356 478 352Z';
    s += piece(placket, ctx, p.base);
    s += stitch('M484 220V352H516V220', p, 1.6);
    s += button(CX, 262, 8, p) + button(CX, 316, 8, p);
    // Collar: band around the neck and two wings lying flat.
    const collarL =
      'M500 214C472 214 448 206 434 178C422 176 404 180 388 190C404 230 428 268 452 300C466 276 482 244 500 222Z';
    s += `<path d="M434 178C452 160 548 160 566 178C548 188 452 188 434 178Z" fill="${p.inside}"/>`;
    s += label(CX, 178, 54, 16, ctx.brand, !p.isLight);
    s += band(collarL, `${id}-collarL`, [380, 170, 505, 305], ctx, 8);
    s += band(mirrorPath(collarL), `${id}-collarR`, [495, 170, 620, 305], ctx, 8);
    s += stitch('M398 196C414 232 434 262 452 288', p, 1.5) + stitch('M602 196C586 232 566 262 548 288', p, 1.5);
    s += wordmark(ctx.brand, 592, 312, 104, 19, p.ink);
  } else {
    const collar = 'M388 190C420 168 580 168 612 190L606 236C570 222 430 222 394 236Z';
    s += band(collar, `${id}-collarB`, [380, 160, 620, 240], ctx, 8);
    s += stitch('M398 228C432 216 568 216 602 228', p, 1.6);
  }
  return s;
}

function shirtCollar(ctx: Ctx): string {
  const { p } = ctx;
  if (ctx.view === 'back') {
    const collar = 'M392 196C424 170 576 170 608 196L602 244C566 230 434 230 398 244Z';
    return piece(collar, ctx) + stitch('M402 236C436 224 564 224 598 236', p, 1.5);
  }
  const inside = 'M432 180C450 164 550 164 568 180C548 196 452 196 432 180Z';
  const stand = 'M428 182C444 208 472 222 500 226C528 222 556 208 572 182C562 174 552 172 540 172C530 188 516 196 500 198C484 196 470 188 460 172C448 172 438 174 428 182Z';
  const wingL = 'M500 226C482 212 458 196 440 178C424 178 404 184 392 194C406 234 430 272 454 304C470 278 486 254 500 232Z';
  return (
    `<path d="${inside}" fill="${p.inside}"/>` +
    label(CX, 182, 50, 16, ctx.brand, !p.isLight) +
    piece(stand, ctx) +
    piece(wingL, ctx) +
    piece(mirrorPath(wingL), ctx) +
    stitch('M402 200C414 234 434 266 454 292', p, 1.5) +
    stitch('M598 200C586 234 566 266 546 292', p, 1.5)
  );
}

function drawShirt(ctx: Ctx): string {
  const { p } = ctx;
  const shape = topShape({
    sleeve: 'long',
    neckHalf: 68,
    hemY: 806,
    cuffs: false,
    hemBand: false,
    curvedHem: true,
  });
  let s = drawTopBase(ctx, shape, true, 806);
  // Cuffs with a button.
  const cuff = 'M176 772C200 784 232 790 254 790L258 720C236 722 206 716 184 706Z';
  s += piece(cuff, ctx) + piece(mirrorPath(cuff), ctx);
  s += stitch('M186 714C208 724 236 728 256 728', p, 1.4) + stitch(mirrorPath('M186 714C208 724 236 728 256 728'), p, 1.4);
  s += button(238, 756, 6, p) + button(762, 756, 6, p);
  if (ctx.view === 'front') {
    // Placket with buttons.
    s += `<path d="M486 226V858M514 226V858" stroke="${p.shade}" stroke-width="2" opacity="${(p.shadeOpacity * 0.45).toFixed(2)}"/>`;
    s += stitch('M490 232V850', p, 1.4) + stitch('M510 232V850', p, 1.4);
    for (const y of [258, 372, 486, 600, 714]) s += button(CX, y, 7, p);
    // Chest pocket.
    const pocket = 'M548 318H640V410L594 428L548 410Z';
    s += `<path d="${pocket}" fill="none" stroke="${p.shade}" stroke-width="2" opacity="${(p.shadeOpacity * 0.5).toFixed(2)}"/>`;
    s += stitch('M554 332H634', p, 1.4) + stitch('M554 324V406L594 421L634 406V324', p, 1.4);
  } else {
    // Yoke and box pleat.
    s += seam('M322 262C400 274 600 274 678 262', p);
    s += stitch('M326 270C402 282 598 282 674 270', p, 1.4);
    s += seam('M486 276V340M514 276V340', p, 2);
    s += fold('M500 300C498 420 494 560 496 700', p, 0.6);
  }
  return s + shirtCollar(ctx);
}

function drawBlouse(ctx: Ctx): string {
  const { p, id } = ctx;
  // A fitted top with a V-neck, flutter sleeves and a soft peplum.
  const segs: Seg[] = [
    C(480, 250, 452, 210, 438, 178),
    C(410, 186, 372, 196, 340, 208),
    C(300, 226, 250, 272, 222, 330),
    C(236, 336, 244, 350, 252, 346),
    C(262, 362, 270, 372, 282, 370),
    C(292, 384, 304, 388, 316, 384),
    C(326, 392, 340, 390, 350, 382),
    C(356, 460, 372, 520, 376, 560),
    C(358, 640, 330, 720, 318, 790),
    C(360, 806, 420, 812, CX, 812),
  ];
  const v = ctx.view === 'front';
  const outline = symPath([CX, v ? 290 : 212], segs);
  let s = piece(outline, ctx);
  s += `<clipPath id="${id}-body"><path d="${outline}"/></clipPath>`;
  s += `<g clip-path="url(#${id}-body)">`;
  // Gathers under the bust line and peplum folds.
  s += fold(both('M380 560C372 640 352 720 340 790'), p, 0.9);
  s += fold(both('M430 580C428 660 420 730 416 800'), p, 0.8);
  s += fold('M500 590C502 670 500 740 498 806', p, 0.7);
  s += fold(both('M300 300C290 330 282 350 276 368'), p, 0.7);
  s += '</g>';
  s += seam(both('M340 208C350 260 356 320 350 382'), p);
  s += seam('M378 558C430 570 570 570 622 558', p);
  s += stitch('M380 568C432 580 568 580 620 568', p, 1.4);
  s += stitch('M322 782C362 798 422 802 500 802C578 802 638 798 678 782', p, 1.4);
  if (v) {
    const inside = 'M438 178C460 192 540 192 562 178C552 220 530 262 500 290C470 262 448 220 438 178Z';
    s += `<path d="${inside}" fill="${p.inside}"/>`;
    s += label(CX, 196, 44, 16, ctx.brand, !p.isLight);
    s += `<path d="M438 178C452 210 480 260 500 290C520 260 548 210 562 178" fill="none" stroke="${p.band}" stroke-width="10"/>`;
    s += stitch('M446 184C460 216 484 258 500 280C516 258 540 216 554 184', p, 1.4);
    s += button(CX, 330, 6, p) + button(CX, 380, 6, p);
  } else {
    s += `<path d="M438 178C452 196 548 196 562 178" fill="none" stroke="${p.band}" stroke-width="10"/>`;
    s += wordmark(ctx.brand, CX, 248, 90, 15, p.ink, 0.8);
  }
  return s;
}

function drawHoodie(ctx: Ctx): string {
  const { p, id } = ctx;
  const shape = topShape({ sleeve: 'long', neckHalf: 76, hemY: 832, cuffs: true, hemBand: true, wide: 10 });
  let s = '';
  if (ctx.view === 'front') {
    // Hood lying behind the shoulders, its lining visible.
    const hood = 'M404 196C396 120 444 86 500 86C556 86 604 120 596 196C570 210 430 210 404 196Z';
    s += piece(hood, ctx);
    s += `<path d="M426 190C424 136 458 110 500 110C542 110 576 136 574 190Z" fill="${p.inside}"/>`;
    s += `<path d="M426 190C424 136 458 110 500 110C542 110 576 136 574 190Z" fill="url(#${id}-insideShade)"/>`;
    s += label(CX, 150, 56, 20, ctx.brand, !p.isLight);
  }
  s += drawTopBase(ctx, shape, true, 832);
  if (ctx.view === 'front') {
    // Hood edges crossing at the front.
    const edgeL = 'M424 178C430 222 462 262 506 282L500 300C452 278 414 236 404 190Z';
    s += piece(edgeL, ctx) + piece(mirrorPath(edgeL), ctx);
    s += stitch('M416 190C424 230 456 266 500 286', p, 1.5) + stitch('M584 190C576 230 544 266 500 286', p, 1.5);
    // Drawstrings with aglets.
    for (const [x0, x1] of [
      [470, 462],
      [530, 540],
    ] as const) {
      s += `<path d="M${x0} 262C${x0 - 4} 320 ${x1 + 4} 380 ${x1} 430" fill="none" stroke="#000" stroke-width="9" opacity="0.12" transform="translate(3 3)"/>`;
      s += `<path d="M${x0} 262C${x0 - 4} 320 ${x1 + 4} 380 ${x1} 430" fill="none" stroke="${p.band}" stroke-width="8" stroke-linecap="round"/>`;
      s += `<rect x="${x1 - 5}" y="428" width="10" height="26" rx="3" fill="#d6d7d9" stroke="#6f7377" stroke-width="1.2"/>`;
      s += `<circle cx="${x0}" cy="262" r="8" fill="#cfd1d4" stroke="#6f7377" stroke-width="1.5"/>`;
    }
    // Kangaroo pocket.
    const pocket = 'M382 590C410 580 590 580 618 590C626 640 640 700 650 770H350C360 700 374 640 382 590Z';
    s += `<path d="${pocket}" fill="#000" opacity="0.08" transform="translate(2 4)"/>`;
    s += piece(pocket, ctx);
    s += `<path d="M382 590C392 640 390 700 350 770" fill="none" stroke="${p.shade}" stroke-width="5" opacity="${(p.shadeOpacity * 0.45).toFixed(2)}"/>`;
    s += `<path d="M618 590C608 640 610 700 650 770" fill="none" stroke="${p.shade}" stroke-width="5" opacity="${(p.shadeOpacity * 0.45).toFixed(2)}"/>`;
    s += stitch('M392 600C420 592 580 592 608 600', p, 1.4);
    s += wordmark(ctx.brand, CX, 440, 220, 40, p.ink);
  } else {
    // The hood lies flat on the back.
    const hood = 'M404 192C380 260 384 350 420 420C452 458 548 458 580 420C616 350 620 260 596 192C566 206 434 206 404 192Z';
    s += `<path d="${hood}" fill="#000" opacity="0.1" transform="translate(3 6)"/>`;
    s += piece(hood, ctx);
    s += seam('M500 202C500 300 500 380 500 446', p);
    s += stitch('M492 206V440M508 206V440', p, 1.4);
  }
  return s;
}

function drawJacket(ctx: Ctx): string {
  const { p, id } = ctx;
  const shape = topShape({ sleeve: 'long', neckHalf: 70, hemY: 820, cuffs: true, hemBand: true, wide: 14 });
  let s = drawTopBase(ctx, shape, true, 820);
  // Sheen: nylon bombers catch light.
  s += `<g clip-path="url(#${id}-body)">${fold(both('M300 250C320 420 330 600 326 760'), p, 0.9)}</g>`;
  if (ctx.view === 'front') {
    s += zipper(CX, 196, 812, p);
    // Welt pockets.
    const welt = 'M372 560L396 548L440 700L416 712Z';
    s += piece(welt, ctx, p.band) + piece(mirrorPath(welt), ctx, p.band);
    s += stitch('M380 566L422 704', p, 1.3) + stitch('M620 566L578 704', p, 1.3);
    // Sleeve pocket with zip.
    s += `<rect x="682" y="330" width="44" height="64" rx="4" fill="${p.band}" stroke="${p.shade}" stroke-opacity="0.3" transform="rotate(-14 704 362)"/>`;
    s += wordmark(ctx.brand, 586, 300, 96, 17, p.ink);
  } else {
    s += seam('M326 300C420 320 580 320 674 300', p);
    s += wordmark(ctx.brand, CX, 380, 260, 44, p.ink, 0.9);
  }
  // Stand collar in ribbing.
  const collar = ctx.view === 'front'
    ? 'M428 178C446 166 554 166 572 178L580 218C560 232 520 236 510 236L510 200C506 202 494 202 490 200L490 236C480 236 440 232 420 218Z'
    : 'M426 180C450 166 550 166 574 180L584 224C560 236 440 236 416 224Z';
  s += band(collar, `${id}-collar`, [410, 160, 590, 240], ctx, 7);
  if (ctx.view === 'front') s += zipper(CX, 172, 236, p, false);
  return s;
}

function drawVest(ctx: Ctx): string {
  const { p, id } = ctx;
  const shape = topShape({ sleeve: 'none', neckHalf: 72, hemY: 820, cuffs: false, hemBand: false, wide: 6 });
  let s = piece(shape.outline, ctx);
  s += `<clipPath id="${id}-body"><path d="${shape.outline}"/></clipPath>`;
  // Quilted baffles: each puffs out (light middle, shaded seams).
  s += `<g clip-path="url(#${id}-body)">`;
  for (let y = 240; y < 830; y += 74) {
    s += `<rect x="200" y="${y}" width="600" height="74" fill="url(#${id}-puff)"/>`;
    s += `<path d="M200 ${y + 74}C400 ${y + 66} 600 ${y + 66} 800 ${y + 74}" fill="none" stroke="${p.shade}" stroke-width="3" opacity="${(p.shadeOpacity * 0.55).toFixed(2)}"/>`;
  }
  s += '</g>';
  s += `<path d="${shape.outline}" fill="none" stroke="${p.shade}" stroke-width="2.5" opacity="${(p.shadeOpacity * 0.6).toFixed(2)}"/>`;
  // Bound armholes.
  s += `<path d="${both('M312 208C342 280 376 350 346 408')}" fill="none" stroke="${p.band}" stroke-width="10" stroke-linecap="round"/>`;
  s += stitch(both('M320 214C348 282 378 350 352 402'), p, 1.4);
  s += stitch(shape.hemStitch, p, 1.6);
  const collar = ctx.view === 'front'
    ? 'M428 180C446 162 554 162 572 180L582 224C560 238 520 242 510 242L510 200H490L490 242C480 242 440 238 418 224Z'
    : 'M426 180C450 164 550 164 574 180L584 226C560 238 440 238 416 226Z';
  s += piece(collar, ctx);
  s += stitch(ctx.view === 'front' ? 'M424 212C444 224 470 230 486 232M576 212C556 224 530 230 514 232' : 'M424 216C450 228 550 228 576 216', p, 1.3);
  if (ctx.view === 'front') {
    s += zipper(CX, 182, 820, p);
    s += wordmark(ctx.brand, 588, 318, 96, 17, p.ink);
    const welt = 'M378 600L398 590L432 700L412 708Z';
    s += `<path d="${welt}" fill="${p.inside}" opacity="0.8"/>` + `<path d="${mirrorPath(welt)}" fill="${p.inside}" opacity="0.8"/>`;
  } else {
    s += wordmark(ctx.brand, CX, 272, 120, 18, p.ink, 0.85);
  }
  return s;
}

function drawSwimsuit(ctx: Ctx): string {
  const { p, id } = ctx;
  const front = ctx.view === 'front';
  const segs: Seg[] = [
    C(472, front ? 330 : 520, 456, front ? 270 : 300, 456, 156),
    L(434, 152),
    C(432, 230, 404, 282, 386, 330),
    C(370, 420, 392, 500, 386, 560),
    C(384, 610, 376, 640, 374, 678),
    C(420, 700, 456, 760, 468, 800),
    L(CX, 800),
  ];
  const outline = symPath([CX, front ? 332 : 520], segs);
  let s = piece(outline, ctx);
  s += `<clipPath id="${id}-body"><path d="${outline}"/></clipPath>`;
  s += `<g clip-path="url(#${id}-body)">`;
  s += fold(both('M396 380C410 460 414 520 404 600'), p, 0.8);
  s += fold('M470 560C480 620 490 700 494 780', p, 0.6);
  if (front) {
    s += `<path d="M400 340C430 400 570 400 600 340" fill="none" stroke="${p.shade}" stroke-width="3" opacity="${(p.shadeOpacity * 0.4).toFixed(2)}"/>`;
  }
  s += '</g>';
  s += stitch(both('M378 670C422 692 456 752 466 792'), p, 1.4);
  s += stitch(front ? both('M462 160C462 272 476 322 500 322') : both('M462 160C462 300 476 508 500 508'), p, 1.4);
  s += front
    ? wordmark(ctx.brand, 446, 640, 80, 15, p.ink, 0.9)
    : label(CX, 545, 46, 16, ctx.brand, !p.isLight);
  return s;
}

function bottomsOutline(kind: 'pants' | 'jogger' | 'shorts' | 'trunks'): {
  outline: string;
  waistY: number;
  hemY: number;
  outerHemX: number;
  innerHemX: number;
} {
  const waistY = kind === 'shorts' || kind === 'trunks' ? 270 : 150;
  if (kind === 'pants') {
    const segs: Seg[] = [
      L(336, waistY - 2),
      C(330, 230, 318, 330, 318, 440),
      C(318, 600, 336, 760, 344, 900),
      L(474, 904),
      C(476, 760, 486, 560, 500, 452),
    ];
    return { outline: symPath([CX, waistY], segs), waistY, hemY: 902, outerHemX: 344, innerHemX: 474 };
  }
  if (kind === 'jogger') {
    const segs: Seg[] = [
      L(332, waistY - 2),
      C(320, 240, 312, 340, 318, 460),
      C(326, 620, 362, 760, 380, 860),
      L(476, 862),
      C(474, 740, 488, 560, 500, 460),
    ];
    return { outline: symPath([CX, waistY], segs), waistY, hemY: 860, outerHemX: 380, innerHemX: 476 };
  }
  const wide = kind === 'trunks' ? 14 : 0;
  const segs: Seg[] = [
    L(322 - wide, waistY - 2),
    C(314 - wide, 330, 304 - wide, 450, 296 - wide, 690),
    L(466, 712),
    C(470, 640, 484, 580, 500, 556),
  ];
  return { outline: symPath([CX, waistY], segs), waistY, hemY: 700, outerHemX: 296 - wide, innerHemX: 466 };
}

function drawBottoms(ctx: Ctx, kind: 'pants' | 'jogger' | 'shorts' | 'trunks'): string {
  const { p, id } = ctx;
  const front = ctx.view === 'front';
  const b = bottomsOutline(kind);
  const wy = b.waistY;
  let s = piece(b.outline, ctx);
  s += `<clipPath id="${id}-body"><path d="${b.outline}"/></clipPath>`;
  s += `<g clip-path="url(#${id}-body)">`;
  if (kind === 'pants') {
    // Creases and knee folds.
    s += fold(both('M408 300C406 500 404 700 408 900'), p, 0.8);
    s += fold(both('M360 560C380 580 420 584 450 570'), p, 0.7);
    s += fold(both('M470 440C460 470 440 500 420 520'), p, 0.9);
    s += fold(both('M352 820C380 836 430 838 462 826'), p, 0.6);
  } else if (kind === 'jogger') {
    s += fold(both('M350 400C380 420 420 420 450 400'), p, 0.8);
    s += fold(both('M360 560C390 590 430 590 460 566'), p, 0.8);
    s += fold(both('M380 700C400 720 430 722 462 708'), p, 0.8);
    s += fold(both('M470 440C460 470 440 500 420 520'), p, 0.9);
  } else {
    s += fold(both('M470 560C450 590 430 610 410 620'), p, 0.8);
    s += fold(both('M330 560C360 590 400 600 440 594'), p, 0.6);
  }
  s += '</g>';
  // Leg seams / inseam.
  s += seam(both(`M${b.innerHemX + 2} ${b.hemY}C${b.innerHemX + 4} ${(b.hemY + 460) / 2} 490 ${kind === 'shorts' || kind === 'trunks' ? 580 : 480} 500 ${kind === 'shorts' || kind === 'trunks' ? 556 : 452}`), p, 2);
  if (kind === 'pants' || kind === 'shorts') {
    // Waistband with belt loops and a button.
    const wb = `M${CX} ${wy}L336 ${wy - 2}L334 ${wy + 46}L${CX} ${wy + 48}L666 ${wy + 46}L664 ${wy - 2}Z`.replace(
      /336/g,
      kind === 'shorts' ? '322' : '336',
    ).replace(/334/g, kind === 'shorts' ? '320' : '334').replace(/664/g, kind === 'shorts' ? '678' : '664').replace(/666/g, kind === 'shorts' ? '680' : '666');
    s += piece(wb, ctx, p.band);
    s += stitch(`M330 ${wy + 8}H670M330 ${wy + 40}H670`, p, 1.5);
    for (const x of [360, 452, 548, 640]) {
      s += `<rect x="${x - 7}" y="${wy - 6}" width="14" height="58" rx="3" fill="${p.band}" stroke="${p.shade}" stroke-opacity="0.35" stroke-width="1.5"/>`;
    }
    if (front) {
      s += `<circle cx="${CX}" cy="${wy + 24}" r="11" fill="#b8a57a" stroke="#6d5d3a" stroke-width="2"/><circle cx="${CX}" cy="${wy + 24}" r="5" fill="none" stroke="#6d5d3a" stroke-width="1.5"/>`;
      // Fly (J-stitch) and slanted pockets.
      s += stitch(`M522 ${wy + 50}V${wy + 220}C522 ${wy + 250} 510 ${wy + 266} 500 ${wy + 280}`, p, 1.8);
      s += seam(`M500 ${wy + 48}V${wy + 282}`, p, 2);
      const pl = kind === 'shorts' ? 'M410 ' + (wy + 48) + 'C404 ' + (wy + 110) + ' 370 ' + (wy + 140) + ' 320 ' + (wy + 150) : `M418 ${wy + 48}C410 ${wy + 120} 372 ${wy + 150} 326 ${wy + 160}`;
      s += seam(both(pl), p, 3);
      s += stitch(both(pl.replace(/M(\d+)/, (_, x: string) => `M${Number(x) - 10}`)), p, 1.4);
      s += `<rect x="596" y="${wy + 62}" width="40" height="34" fill="none" stroke="${p.stitch}" stroke-width="1.6" stroke-dasharray="5 4" opacity="0.7"/>`;
      s += wordmark(ctx.brand, 402, wy + 220, 90, 15, p.ink, 0.7);
    } else {
      // Back yoke, pockets and a leather patch.
      s += seam(`M330 ${wy + 100}C400 ${wy + 110} 460 ${wy + 130} 500 ${wy + 150}C540 ${wy + 130} 600 ${wy + 110} 670 ${wy + 100}`, p, 2.5);
      s += seam(`M500 ${wy + 48}V${wy + 300}`, p, 2);
      const pocket = `M362 ${wy + 140}L462 ${wy + 150}L456 ${wy + 250}L412 ${wy + 272}L370 ${wy + 246}Z`;
      s += `<path d="${pocket}" fill="#000" opacity="0.07" transform="translate(2 3)"/>` + piece(pocket, ctx);
      s += `<path d="${mirrorPath(pocket)}" fill="#000" opacity="0.07" transform="translate(2 3)"/>` + piece(mirrorPath(pocket), ctx);
      s += stitch(`M368 ${wy + 148}L456 ${wy + 157}L451 ${wy + 245}L412 ${wy + 264}L375 ${wy + 242}Z`, p, 1.4);
      s += stitch(mirrorPath(`M368 ${wy + 148}L456 ${wy + 157}L451 ${wy + 245}L412 ${wy + 264}L375 ${wy + 242}Z`), p, 1.4);
      s += `<rect x="560" y="${wy + 4}" width="80" height="38" rx="3" fill="#8a6440" stroke="#5b3f25" stroke-width="1.5"/>`;
      s += wordmark(ctx.brand, 600, wy + 23, 68, 13, '#f2e6d2', 0.95);
    }
  } else {
    // Elastic waistband with gathers and a drawcord.
    const left = kind === 'jogger' ? 332 : kind === 'trunks' ? 308 : 322;
    const h = kind === 'trunks' ? 44 : 60;
    const wb = `M${left} ${wy - 2}L${2 * CX - left} ${wy - 2}L${2 * CX - left - 2} ${wy + h}L${left + 2} ${wy + h}Z`;
    s += band(wb, `${id}-waist`, [left - 5, wy - 8, 2 * CX - left + 5, wy + h + 5], ctx, 14);
    s += stitch(`M${left + 4} ${wy + h - 8}H${2 * CX - left - 4}`, p, 1.4);
    if (front) {
      s += `<circle cx="484" cy="${wy + h - 16}" r="5" fill="${p.inside}"/><circle cx="516" cy="${wy + h - 16}" r="5" fill="${p.inside}"/>`;
      const cord = `M484 ${wy + h - 16}C478 ${wy + h + 40} 470 ${wy + h + 90} 462 ${wy + h + 130}M516 ${wy + h - 16}C524 ${wy + h + 40} 536 ${wy + h + 90} 546 ${wy + h + 124}`;
      s += `<path d="${cord}" fill="none" stroke="#000" stroke-width="8" opacity="0.12" transform="translate(3 3)"/>`;
      s += `<path d="${cord}" fill="none" stroke="${p.isLight ? '#ffffff' : toHex(mix(parseHex(p.base), WHITE, 0.7))}" stroke-width="7" stroke-linecap="round"/>`;
      const pl = `M${left + 4} ${wy + h + 10}C${left + 30} ${wy + h + 80} ${left + 40} ${wy + h + 140} ${left + 20} ${wy + h + 200}`;
      s += seam(both(pl), p, 3);
      s += wordmark(ctx.brand, 610, wy + h + 130, 80, 15, p.ink, 0.85);
      if (kind === 'trunks') {
        s += `<path d="${both(`M${left + 2} ${wy + h}C${left - 4} ${wy + 200} ${left - 10} ${wy + 300} ${b.outerHemX} ${b.hemY - 6}`)}" fill="none" stroke="${p.isLight ? '#2a2a2e' : '#f5f5f2'}" stroke-width="12" opacity="0.85"/>`;
      }
    } else {
      s += label(600, wy + h / 2, 56, 22, ctx.brand, !p.isLight);
      s += seam(`M500 ${wy + h}V${kind === 'jogger' ? wy + 300 : wy + 280}`, p, 2);
      const pocket = `M560 ${wy + h + 40}H640V${wy + h + 120}C620 ${wy + h + 132} 580 ${wy + h + 132} 560 ${wy + h + 120}Z`;
      s += piece(pocket, ctx) + stitch(`M566 ${wy + h + 48}H634V${wy + h + 114}C616 ${wy + h + 124} 584 ${wy + h + 124} 566 ${wy + h + 114}Z`, p, 1.3);
    }
  }
  // Hems / cuffs.
  if (kind === 'jogger') {
    const cuff = `M${b.outerHemX} ${b.hemY}L${b.innerHemX} ${b.hemY + 2}L${b.innerHemX - 2} ${b.hemY + 52}L${b.outerHemX + 4} ${b.hemY + 50}Z`;
    s += band(cuff, `${id}-cuffL`, [b.outerHemX - 5, b.hemY - 5, b.innerHemX + 5, b.hemY + 58], ctx, 8);
    s += band(mirrorPath(cuff), `${id}-cuffR`, [2 * CX - b.innerHemX - 5, b.hemY - 5, 2 * CX - b.outerHemX + 5, b.hemY + 58], ctx, 8);
  } else {
    s += stitch(both(`M${b.outerHemX + 2} ${b.hemY - 18}L${b.innerHemX - 1} ${b.hemY - 14 + (kind === 'pants' ? 0 : 18)}`), p, 1.6);
  }
  return s;
}

function drawSet(ctx: Ctx): string {
  // A sweatshirt and matching joggers laid out together.
  const top = drawHoodie({ ...ctx, id: `${ctx.id}t` });
  const bottom = drawBottoms({ ...ctx, id: `${ctx.id}b` }, 'jogger');
  return (
    `<g transform="translate(330 520) scale(0.56) translate(-500 -480)">${bottom}</g>` +
    `<g transform="translate(360 330) scale(0.56) translate(-500 -460)">${top}</g>`
  );
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
  }
}

/** Point the close-up looks at, per garment. */
function detailFocus(kind: GarmentKind): { x: number; y: number; scale: number } {
  switch (kind) {
    case 'pants':
    case 'shorts':
      return { x: 520, y: kind === 'shorts' ? 380 : 260, scale: 2.3 };
    case 'jogger':
    case 'trunks':
      return { x: 520, y: kind === 'trunks' ? 400 : 270, scale: 2.2 };
    case 'swimsuit':
      return { x: 480, y: 420, scale: 1.9 };
    case 'set':
      return { x: 380, y: 320, scale: 1.6 };
    case 'shirt':
    case 'polo':
      return { x: 540, y: 280, scale: 2.3 };
    default:
      return { x: 530, y: 300, scale: 2.1 };
  }
}

const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#fbfaf8', '#e7e4df'],
  ['#f8f9fb', '#e1e5ea'],
  ['#faf8f5', '#e9e3da'],
];

/** The SVG source of a product photo (exported for inspection and tests). */
export function productImageSvg(opts: ProductImageOptions): string {
  const size = opts.size ?? 800;
  const variant = ((Math.trunc(opts.variant) % 3) + 3) % 3;
  const kind = garmentKind(opts.typeName, opts.brandName);
  const p = palette(opts.colorHex);
  const id = 'g';
  const ctx: Ctx = { p, view: variant === 1 ? 'back' : 'front', brand: wordmarkText(opts.brandName), id };
  const [bg0, bg1] = BACKGROUNDS[variant] ?? BACKGROUNDS[0]!;
  // Very light garments need a slightly deeper background to stand out.
  const bgInner = p.isLight ? toHex(mix(parseHex(bg0), parseHex(bg1), 0.6)) : bg0;
  const bgOuter = p.isLight ? toHex(mix(parseHex(bg1), BLACK, 0.06)) : bg1;

  const garment = drawGarment(kind, ctx);
  const focus = detailFocus(kind);
  const transform =
    variant === 2
      ? `translate(500 500) scale(${focus.scale}) translate(${-focus.x} ${-focus.y})`
      : 'translate(500 520) scale(0.9) translate(-500 -500)';
  const shadowOffset = variant === 2 ? 'translate(4 6)' : 'translate(6 12)';

  const defs =
    `<defs>` +
    `<radialGradient id="${id}-bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${bgInner}"/><stop offset="1" stop-color="${bgOuter}"/></radialGradient>` +
    `<linearGradient id="${id}-vol" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#000" stop-opacity="${(p.shadeOpacity * 0.4).toFixed(2)}"/>` +
    `<stop offset="0.18" stop-color="#000" stop-opacity="0.02"/>` +
    `<stop offset="0.42" stop-color="#fff" stop-opacity="${(p.lightOpacity * 0.7).toFixed(2)}"/>` +
    `<stop offset="0.7" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset="0.86" stop-color="#000" stop-opacity="0.04"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${(p.shadeOpacity * 0.36).toFixed(2)}"/></linearGradient>` +
    `<linearGradient id="${id}-fall" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="${(p.lightOpacity * 0.5).toFixed(2)}"/>` +
    `<stop offset="0.5" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${(p.shadeOpacity * 0.18).toFixed(2)}"/></linearGradient>` +
    `<linearGradient id="${id}-insideShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="${id}-puff" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#000" stop-opacity="${(p.shadeOpacity * 0.3).toFixed(2)}"/>` +
    `<stop offset="0.45" stop-color="#fff" stop-opacity="${(p.lightOpacity * 0.9).toFixed(2)}"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="${(p.shadeOpacity * 0.35).toFixed(2)}"/></linearGradient>` +
    `<pattern id="${id}-knit" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M3 0V12M9 0V12" stroke="#000" stroke-width="1.6" opacity="0.5"/></pattern>` +
    `<pattern id="${id}-weave" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 6L6 0" stroke="#000" stroke-width="1" opacity="0.35"/></pattern>` +
    `<radialGradient id="${id}-vignette" cx="50%" cy="50%" r="70%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></radialGradient>` +
    `<filter id="${id}-blur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${variant === 2 ? 8 : 11}"/></filter>` +
    `</defs>`;

  const texture =
    variant === 2
      ? `<g clip-path="url(#${id}-body)" opacity="${(p.shadeOpacity * 0.18).toFixed(2)}"><rect x="0" y="0" width="1000" height="1000" fill="url(#${id}-weave)"/></g>`
      : '';

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">` +
    defs +
    `<rect width="1000" height="1000" fill="url(#${id}-bg)"/>` +
    `<g transform="${transform}">` +
    `<g transform="${shadowOffset}" filter="url(#${id}-blur)" opacity="${p.isLight ? 0.32 : 0.26}"><g fill="#3a3530">${silhouette(garment)}</g></g>` +
    garment +
    texture +
    `</g>` +
    (variant === 2 ? `<rect width="1000" height="1000" fill="url(#${id}-vignette)"/>` : '') +
    `</svg>`
  );
}

/** The garment's filled shapes, without their own colours, for the drop shadow. */
function silhouette(garment: string): string {
  const paths: string[] = [];
  const re = /<g(?: (transform="[^"]*"))?[^>]*>|<\/g>|<path d="([^"]+)" fill="(?!none|url)[^"]*"\/>/g;
  for (const m of garment.matchAll(re)) {
    if (m[0] === '</g>') paths.push('</g>');
    else if (m[2]) paths.push(`<path d="${m[2]}"/>`);
    else paths.push(m[1] ? `<g ${m[1]}>` : '<g>');
  }
  return paths.join('');
}

/** Renders a product photo as WebP (default 800×800). */
export async function renderProductImage(opts: ProductImageOptions): Promise<Buffer> {
  const svg = productImageSvg(opts);
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
