import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
  },
  theme: {
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

export const system = createSystem(defaultConfig, config);
