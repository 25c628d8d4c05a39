import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  defineLayerStyles,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The colour palettes the shop uses, storefront and admin: `colorPalette` literals and the ones
 * passed through values (an order's status badge: StatusPalette; a return's: RETURN_PALETTE; the
 * photo badges' `palette`), plus those that the kept recipes and the default semantic tokens name
 * themselves (Alert's `status` and the toasts: gray, red, orange, green, blue; `bg.info`…).
 */
export const SHOP_PALETTES = ['gray', 'red', 'orange', 'green', 'teal', 'blue', 'purple'] as const;
export type ShopPalette = (typeof SHOP_PALETTES)[number];

/** Whether `name` is one of SHOP_PALETTES. */
export function isShopPalette(name: string): name is ShopPalette {
  return (SHOP_PALETTES as readonly string[]).includes(name);
}

/** The palettes of Chakra's default theme (its tokens.colors, less black, white and the alphas). */
export const CHAKRA_PALETTES = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
] as const;

// Creating the system turns every token into a CSS variable, and the colours are most of them:
// each palette is 11 shades plus 8 semantic tokens (solid, contrast, fg, muted, subtle,
// emphasized, focusRing, border), each of those with a light and a dark value. A palette no code
// names (yellow, cyan, pink) is left out of both: less work at boot (bench/chakra-system.ts) and
// a shorter token stylesheet. A `colorPalette` (or a token such as `yellow.500`) that is not in
// SHOP_PALETTES renders SILENTLY UNSTYLED (its CSS variables do not exist: no fill, no text
// colour); theme.test.tsx fails when client/src names one. To use another of Chakra's palettes,
// add its name to SHOP_PALETTES.
function shopPalettesOnly<T extends Record<string, unknown>>(colors: T): T {
  const dropped = new Set<string>(CHAKRA_PALETTES.filter((p) => !isShopPalette(p)));
  return Object.fromEntries(Object.entries(colors).filter(([key]) => !dropped.has(key))) as T;
}

// Every semantic token of Chakra's default theme has a light and a dark value (`_light`,
// `_dark`), and each dark one is a CSS variable more, under `.dark`. The shop has no dark mode:
// nothing sets the `dark` class (no colour-mode provider, no toggle; theme.test.tsx fails when
// client/src names it), so the dark values never showed. Keeping the light value alone writes
// the same variables with the same values on <html> and creates the system about a fifth faster
// (bench/chakra-system.ts). A dark mode would have to put this back: drop lightOnly() below and
// give fg.error (the shop's config) its dark value again, `_dark: '{colors.red.400}'`.
function lightOnly<T>(node: T): T {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const value: unknown = (node as { value?: unknown }).value;
  if (value !== null && typeof value === 'object' && '_light' in value) {
    return { ...node, value: (value as { _light: unknown })._light };
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [key, lightOnly(child)]),
  ) as T;
}

// Chakra's default theme (defaultConfig) carries the recipes of every component it has — about
// 60 of them, most of the Chakra chunk's weight. The shop builds its system from the base config
// (conditions, utilities) plus the default theme's tokens (less the palettes above) and only the
// recipes of the components it renders. A component whose recipe is missing here renders unstyled: when you start using a
// new Chakra component (storefront or admin), add its recipe below. The key is the one the
// component looks up (`key: "…"` in @chakra-ui/react/dist/esm/components/<name>/<name>.js);
// Checkbox draws a Checkmark and RadioCard a Radiomark, so those come along.
const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: shopPalettesOnly(tokens.colors ?? {}) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: shopPalettesOnly(semanticTokens.colors ?? {}),
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe, // Button, IconButton, CloseButton
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe, // InputGroup's addons
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe, // Separator, StackSeparator
      skeleton: skeletonRecipe, // Skeleton, SkeletonText
      spinner: spinnerRecipe,
      textarea: textareaRecipe, // the legal texts' Markdown (Textos legales)
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe, // the photo upload's bar
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe, // the coupon popup's kind
      table: tableSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

const config = defineConfig({
  globalCss: {
    html: {
      // Every Chakra component (buttons, checkboxes, badges…) uses the shop's accent by default.
      colorPalette: 'orange',
      // No smooth scrolling: a new route opens at its top and back returns to the old place at
      // once, as the browser does across pages (ScrollRestoration's scrollTo would glide).
    },
    body: {
      bg: 'gray.50',
      color: 'gray.800',
    },
    // A page's heading takes the focus after a route change (RouteFocus) so that a screen reader
    // starts there; it is not a control, so it draws no focus ring (the next Tab leaves it).
    'h1[tabindex="-1"]:focus': {
      outline: 'none',
    },
  },
  theme: {
    layerStyles: defineLayerStyles({
      // A white surface with the shop's thin gray border: cards, sections, tables, summaries
      // (`layerStyle="panel"`, the corners set beside it: `rounded="xl"`, `"lg"`, `"2xl"`).
      // Chakra applies a layer style over the element's own props of the same name, so an element
      // that needs another background or border is not a panel: it writes its own props.
      panel: {
        description: 'white surface with a thin gray border',
        value: { bg: 'white', borderWidth: '1px', borderColor: 'gray.200' },
      },
    }),
    semanticTokens: {
      colors: {
        // The accent's solid fill (buttons, checked boxes…) darker than Chakra's orange.600
        // (#ea580c, 3.6:1 under white text; orange.700 is brown): 5.6:1, and 4.8:1 for a hovered
        // button (the recipe's `solid/90`; #c2410c gave 4.4:1 there), WCAG AA both.
        orange: { solid: { value: '#b93c0b' } },
        // Success notifications' fill: Chakra's green.600 (#16a34a) is 3.3:1 under white text;
        // green.700 is 5.0:1.
        green: { solid: { value: '{colors.green.700}' } },
        // A field's error message in red.600, not red.500: 4.8:1 on white, 3.8:1 before.
        fg: { error: { value: '{colors.red.600}' } },
      },
    },
    tokens: {
      fonts: {
        heading: {
          value:
            "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value:
            "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
  },
});

/** A new system from the shop's config at each call (bench/chakra-system.ts times it). */
export function createShopSystem(): SystemContext {
  return createSystem(defaultBaseConfig, defaultTheme, config);
}

let created: SystemContext | undefined;

/**
 * The shop's Chakra system, created on first use rather than when this module loads: creating it
 * (every token's CSS variable, the conditions) is one of the longest pieces of a phone's boot,
 * and boot.tsx runs it as a task of its own, between the modules' evaluation and the first render.
 */
export function shopSystem(): SystemContext {
  created ??= createShopSystem();
  return created;
}
