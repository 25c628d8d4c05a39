import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Alert, Badge, Button, ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHAKRA_PALETTES, SHOP_PALETTES, createShopSystem, isShopPalette } from './theme';

const system = createShopSystem();
const DROPPED = CHAKRA_PALETTES.filter((palette) => !isShopPalette(palette));
/** A palette's semantic tokens in Chakra's default theme, the recipes' `colorPalette.*`. */
const SEMANTIC = [
  'solid',
  'contrast',
  'fg',
  'muted',
  'subtle',
  'emphasized',
  'focusRing',
  'border',
];

describe('the shop palettes (theme.ts)', () => {
  it.each(SHOP_PALETTES)('%s has its shades and semantic tokens', (palette) => {
    for (const shade of ['50', '100', '500', '600', '700', '900', '950']) {
      expect(system.token(`colors.${palette}.${shade}`), `${palette}.${shade}`).toBeDefined();
    }
    for (const key of SEMANTIC) {
      expect(system.token(`colors.${palette}.${key}`), `${palette}.${key}`).toBeDefined();
    }
  });

  it('leaves out the palettes the shop never names', () => {
    expect(DROPPED).toEqual(['yellow', 'cyan', 'pink']);
    for (const palette of DROPPED) {
      expect(system.token(`colors.${palette}.500`)).toBeUndefined();
      expect(system.token(`colors.${palette}.solid`)).toBeUndefined();
    }
  });

  it('keeps the shop’s own colours and the default semantic ones', () => {
    expect(system.token('colors.orange.solid')).toBe('var(--chakra-colors-orange-solid)');
    for (const token of ['bg.muted', 'bg.panel', 'bg.info', 'fg.error', 'fg.muted', 'border']) {
      expect(system.token(`colors.${token}`), token).toBeDefined();
    }
  });

  it('has light values only: no variable under the `dark` class', () => {
    const css = JSON.stringify(system.getTokenCss());
    expect(css).not.toContain('.dark');
    expect(css).toContain('--chakra-colors-fg-error":"var(--chakra-colors-red-600)');
    expect(css).toContain('--chakra-colors-bg-muted":"var(--chakra-colors-gray-100)');
  });

  it('defines every colour variable that components drawn in each palette use', () => {
    render(
      <ChakraProvider value={system}>
        {SHOP_PALETTES.map((palette) => (
          <div key={palette}>
            <Badge colorPalette={palette}>solid</Badge>
            <Badge colorPalette={palette} variant="subtle">
              subtle
            </Badge>
            <Badge colorPalette={palette} variant="outline">
              outline
            </Badge>
            <Button colorPalette={palette}>solid</Button>
            <Button colorPalette={palette} variant="outline">
              outline
            </Button>
          </div>
        ))}
        {(['info', 'warning', 'success', 'error', 'neutral'] as const).map((status) => (
          <Alert.Root key={status} status={status}>
            <Alert.Indicator />
            <Alert.Title>{status}</Alert.Title>
          </Alert.Root>
        ))}
      </ChakraProvider>,
    );
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent).join(
      '\n',
    );
    const defined = new Set(Array.from(css.matchAll(/(--chakra-colors-[\w-]+)\s*:/g), (m) => m[1]));
    const used = new Set(Array.from(css.matchAll(/var\((--chakra-colors-[\w-]+)/g), (m) => m[1]));
    // The palettes really were drawn (not a vacuous check).
    for (const palette of SHOP_PALETTES) {
      expect(used, palette).toContain(`--chakra-colors-${palette}-solid`);
    }
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });
});

/** client/src's source files, tests and theme.ts (it names what the others must not) left out. */
function sourceFiles(): { file: string; text: string }[] {
  const src = path.resolve(import.meta.dirname, '..');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => file !== path.join('app', 'theme.ts'))
    .map((file) => ({ file, text: readFileSync(path.join(src, file), 'utf8') }));
}

describe('the palettes client/src names (guard: a palette left out renders unstyled)', () => {
  const files = sourceFiles();

  it('gives `colorPalette` only shop palettes', () => {
    const seen = new Set<string>();
    for (const { file, text } of files) {
      // colorPalette="x", colorPalette: 'x', colorPalette={a ? 'x' : 'y'}
      for (const match of text.matchAll(/colorPalette\s*[=:]\s*(\{[^}\n]*\}|'[^']*'|"[^"]*")/g)) {
        // A literal, or the branches of a condition (not what it compares: g.status === 'VALID').
        const value = match[1] ?? '';
        const literals = value.startsWith('{')
          ? value.matchAll(/[?:]\s*\(?\s*['"]([a-zA-Z]+)['"]/g)
          : value.matchAll(/['"]([a-zA-Z]+)['"]/g);
        for (const [, literal = ''] of literals) {
          seen.add(literal);
          expect(SHOP_PALETTES, `${file}: ${match[0]}`).toContain(literal);
        }
      }
    }
    // The scan finds the literals (it would pass vacuously on a broken pattern).
    expect([...seen].sort()).toEqual([...SHOP_PALETTES].sort());
  });

  it.each(DROPPED)('never names %s (a palette, a token or its CSS variable)', (palette) => {
    const named = new RegExp(
      `['"\`]${palette}(\\.[\\w./]+)?['"\`]|colors\\.${palette}\\b|--chakra-colors-${palette}-`,
    );
    const offenders = files.filter(({ text }) => named.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('sees palettes passed through values, with the pattern of the test above', () => {
    // RETURN_PALETTE gives Badge its palette through a record: `RECEIVED: 'blue'`.
    const named = /['"`]blue(\.[\w./]+)?['"`]/;
    const found = files.filter(({ text }) => named.test(text)).map(({ file }) => file);
    expect(found).toContain(path.join('admin', 'returns', 'return-words.ts'));
  });

  it('never turns on a dark mode (the system has no dark values)', () => {
    const dark = /['"`]dark['"`]|className=["'][^"']*\bdark\b|next-themes|ColorMode/;
    const offenders = files.filter(({ text }) => dark.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
