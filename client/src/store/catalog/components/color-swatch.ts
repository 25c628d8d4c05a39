/** Swatch colours for the shop's colour names (spec §3, 23 colours); unknown names get none. */
const SWATCHES: Record<string, string> = {
  amarillo: '#facc15',
  aqua: '#22d3ee',
  azul: '#2563eb',
  'azul rey': '#1d3fbb',
  beige: '#e8dcc2',
  blanco: '#ffffff',
  celeste: '#7dd3fc',
  coral: '#fb7185',
  fucsia: '#d946ef',
  gris: '#9ca3af',
  lila: '#c4b5fd',
  cafe: '#7c4a2d',
  'cafe claro': '#b08560',
  militar: '#4b5320',
  morado: '#7e22ce',
  mostaza: '#d4a017',
  naranja: '#f97316',
  negro: '#111111',
  rosa: '#f9a8d4',
  rojo: '#dc2626',
  turquesa: '#14b8a6',
  vino: '#7f1d1d',
  verde: '#16a34a',
};

export function swatchFor(colorName: string): string | undefined {
  const key = colorName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  return SWATCHES[key];
}
