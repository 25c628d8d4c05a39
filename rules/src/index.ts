/**
 * @tienda/rules: every rule the browser checks and the server enforces, with the Spanish words a
 * person reads and a stable reason a program decides by. Pure TypeScript: no server, React,
 * GraphQL or npm package below it, so both sides import the same functions.
 */
export * from './problem.js';
export * from './accounts.js';
export * from './addresses.js';
export * from './products.js';
export * from './photos.js';
export * from './orders.js';
export * from './money.js';
export * from './pricing.js';
export * from './first-screen.js';
export * from './order-calculator.js';
export * from './coupons.js';
export * from './shop-settings.js';
export * from './legal-texts.js';
export * from './stock-alerts.js';
export * from './summary.js';
export * from './returns.js';
export * from './fiscal.js';
export * from './global-invoice.js';
