/**
 * What creating the shop's Chakra system costs (issue 27: a phone that can tap as soon as it
 * sees): client/src/app/theme.ts's createShopSystem() (the work shopSystem() does once at boot)
 * timed in Node against Chakra's full defaultConfig in the same run, alternating the two so a
 * busy machine slows both alike. Each sample is a new system from the configs (createSystem keeps
 * no cache between calls); "+ CSS" adds getTokenCss(), the token variables ChakraProvider
 * writes into the page. Node, not a phone: read the ratios, not the milliseconds.
 *
 *   npx tsx bench/chakra-system.ts [samples]
 */

// Chakra's declaration files re-export their modules without file extensions, which this
// folder's NodeNext resolution (bench/tsconfig.json) cannot follow: the two modules are loaded
// by a computed specifier and typed here with the little the bench reads.
interface SystemContext {
  tokens: { allTokens: unknown[] };
  getTokenCss(): Record<string, unknown>;
}
interface ChakraModule {
  createSystem(...configs: unknown[]): SystemContext;
  defaultConfig: unknown;
}
interface ThemeModule {
  createShopSystem(): SystemContext;
}
const load = <T>(specifier: string) => import(specifier) as Promise<T>;
const { createSystem, defaultConfig } = await load<ChakraModule>('@chakra-ui/react');
const { createShopSystem } = await load<ThemeModule>(
  new URL('../client/src/app/theme.ts', import.meta.url).href,
);

const WARM_UP = 10;

interface Figures {
  create: number[];
  withCss: number[];
  tokens: number;
  variables: number;
  /** Characters of the token CSS object as JSON: a measure of what ChakraProvider writes. */
  cssChars: number;
}

/** The CSS custom properties (`--chakra-…`) of the token CSS, in every condition. */
function countVariables(css: unknown): number {
  if (css === null || typeof css !== 'object') return 0;
  let count = 0;
  for (const [key, value] of Object.entries(css)) {
    if (key.startsWith('--')) count++;
    else count += countVariables(value);
  }
  return count;
}

function sample(make: () => SystemContext, figures: Figures): void {
  const start = performance.now();
  const system = make();
  const created = performance.now();
  system.getTokenCss();
  const end = performance.now();
  figures.create.push(created - start);
  figures.withCss.push(end - start);
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => `${value.toFixed(1)} ms`;

function describe(make: () => SystemContext): Figures {
  const system = make();
  const css = system.getTokenCss();
  return {
    create: [],
    withCss: [],
    tokens: system.tokens.allTokens.length,
    variables: countVariables(css),
    cssChars: JSON.stringify(css).length,
  };
}

function main(): void {
  const samples = Number(process.argv[2]) || 40;
  const makeShop = createShopSystem;
  const makeDefault = () => createSystem(defaultConfig);
  const shop = describe(makeShop);
  const full = describe(makeDefault);
  for (let i = 0; i < WARM_UP; i++) {
    makeShop().getTokenCss();
    makeDefault().getTokenCss();
  }
  for (let i = 0; i < samples; i++) {
    sample(makeShop, shop);
    sample(makeDefault, full);
  }
  const rows: [string, Figures][] = [
    ['shop (theme.ts)', shop],
    ['defaultConfig', full],
  ];
  console.log(`Chakra system creation, ${samples} samples each after ${WARM_UP} warm-up`);
  for (const [name, f] of rows) {
    console.log(
      `${name.padEnd(16)} createSystem median ${ms(median(f.create))}, p90 ${ms(quantile(f.create, 0.9))}; ` +
        `+ token CSS median ${ms(median(f.withCss))}, p90 ${ms(quantile(f.withCss, 0.9))}; ` +
        `${f.tokens} tokens, ${f.variables} CSS variables, token CSS ${f.cssChars} chars (JSON)`,
    );
  }
  const ratio = (pick: (f: Figures) => number[]) =>
    (median(pick(shop)) / median(pick(full))).toFixed(2);
  console.log(
    `shop / defaultConfig: createSystem ${ratio((f) => f.create)}×, + token CSS ${ratio((f) => f.withCss)}×`,
  );
}

main();
