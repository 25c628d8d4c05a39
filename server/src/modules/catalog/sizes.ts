const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Orders sizes as a shopper reads them: letter sizes by fit, then numbers ascending, then text. */
export function compareSizes(a: string, b: string): number {
  const la = LETTER_SIZES.indexOf(a.toUpperCase());
  const lb = LETTER_SIZES.indexOf(b.toUpperCase());
  if (la !== -1 || lb !== -1) {
    if (la === -1) return 1;
    if (lb === -1) return -1;
    return la - lb;
  }
  const na = Number(a);
  const nb = Number(b);
  const aNum = a.trim() !== '' && Number.isFinite(na);
  const bNum = b.trim() !== '' && Number.isFinite(nb);
  if (aNum && bNum) return na - nb;
  if (aNum !== bNum) return aNum ? -1 : 1;
  return a.localeCompare(b, 'es');
}
