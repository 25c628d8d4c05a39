/// <reference types="vite/client" />

/** The app version (root package.json "version"), injected by vite `define`. */
declare const __APP_VERSION__: string;
