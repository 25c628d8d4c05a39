import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isValidClabe } from '@tienda/rules';

/** The repository root (server/dist/config.js → ../..). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function readAppVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    version?: string;
  };
  if (!pkg.version) throw new Error('La versión de la app falta en package.json');
  return pkg.version;
}

/**
 * Where shoppers pay by bank transfer or OXXO deposit (the payment page, spec §2). From SHOP_BANK_*
 * and SHOP_PROOF_PHONE: the defaults of an empty shop, which the back office's Ajustes override
 * (modules/settings; read the effective ones through ShopSettingsStore, never from here).
 */
export interface BankTransferSettings {
  bank: string;
  holder: string;
  account: string;
  /** 18 digits with a valid check digit. */
  clabe: string;
  /** Card number for transfers to a card and OXXO deposits. */
  card: string;
  /** Where the shopper sends the proof of payment (WhatsApp, 10 digits). */
  proofPhone: string;
}

/** The CLABE's check digit is a rule of @tienda/rules (shop-settings.ts), shared with the form. */
export { isValidClabe };

/**
 * The shop's contact details and links (SHOP_*): the defaults of an empty shop, which the back
 * office's Ajustes override (modules/settings/settings-store.ts is what readers use).
 */
export interface ShopSettings {
  whatsappUrl: string;
  facebookUrl: string;
  trustUrl: string;
  /** SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_PHONE, SHOP_EMAIL (empty unless set: nothing shown). */
  legalName: string;
  address: string;
  phone: string;
  email: string;
}

/** E-mail (issue 14): the transport, the sender, and what every message shows of the shop. */
export interface MailSettings {
  /** smtp:// or smtps:// URL of the mail server; unset: the development mailbox, or off in production. */
  smtpUrl: string | undefined;
  /**
   * MAIL_FROM: an address (the messages then go out under the shop's name from Ajustes: the mail
   * module's `senderOf`), or 'Name <address>' (that name, whatever Ajustes says).
   */
  from: string;
  /** Who hears of new and paid orders; empty: every active admin account. */
  shopOrdersEmails: string[];
  /** Where development keeps every message when there is no SMTP_URL (null in production). */
  mailboxDir: string | null;
  /** Absolute base of every link in a message (Config.publicUrl). */
  publicUrl: string;
  shopName: string;
  /** A PNG logo's absolute URL (mail clients do not show SVG). */
  logoUrl: string;
  /** The carrier's tracking page; {guia} is replaced by the tracking number. */
  trackingUrlTemplate: string;
  carrier: string;
}

/** 'a@b.mx' or 'Name <a@b.mx>'. */
function isMailbox(value: string): boolean {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
}

/** An S3-compatible object store for the product photos (S3_BUCKET and its companions). */
export interface S3Settings {
  bucket: string;
  /** Absent for AWS S3; MinIO, R2, Spaces… give theirs. */
  endpoint: string | undefined;
  region: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO). */
  forcePathStyle: boolean;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain (profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Where product photos live: the local disk (`uploadsDir`, the default) or an object store.
 * `publicUrl` (PHOTOS_PUBLIC_URL): the bucket's or a CDN's address; `/uploads/<key>` then
 * redirects there instead of streaming the photo through the app.
 */
export type PhotoStorageConfig =
  { kind: 'disk' } | ({ kind: 's3'; publicUrl: string | undefined } & S3Settings);

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** The photos' store (issue 16): disk unless S3_BUCKET is set. */
  photoStorage: PhotoStorageConfig;
  clientDistDir: string;
  /** The client's first-screen renderer (vite build --ssr), beside the public build. */
  clientSsrDir: string;
  /**
   * The shop's public address, the one base of every absolute link it gives out (share pages,
   * sitemaps, robots.txt, e-mails, Mercado Pago's return and notification URLs): PUBLIC_URL,
   * required in production; elsewhere `http://localhost:PORT`. Never the request's Host.
   */
  publicUrl: string;
  admin: { email: string; password: string; fromDefaults: boolean };
  /**
   * Signs the session cookie. Required in production; elsewhere, when unset, a random one is
   * generated once and kept in DATA_DIR (see http/session-cookie.ts).
   */
  sessionSecret: string | undefined;
  /** Google Identity Services client id; unset: Google sign-in is off. */
  googleClientId: string | undefined;
  /** Where Google's ID-token keys are fetched from (overridden only in tests). */
  googleCertsUrl: string | undefined;
  rateLimits: boolean;
  /**
   * ADMIN_2FA: 'required' keeps admins who have not turned two-factor sign-in on out of the admin
   * operations (403 TOTP_ENROLMENT_REQUIRED); 'off' (the default, in production too) leaves it
   * to each admin.
   */
  admin2fa: 'off' | 'required';
  /** Mercado Pago: card payments are off without an access token. */
  mercadoPago: { accessToken?: string; webhookSecret?: string; apiBase?: string };
  /** Facturapi (CFDI 4.0): invoicing is off without a key (FACTURAPI_KEY, FACTURAPI_URL). */
  facturapi: { key?: string; url?: string };
  /** An unpaid order's stock is released after this many hours (ORDER_PAYMENT_HOLD_HOURS). */
  orderPaymentHoldHours: number;
  /**
   * Express's `trust proxy`: which peers may say, in X-Forwarded-For/-Proto, who the client is.
   * Default 'loopback' (a reverse proxy on the same host). Rate limits count per client address,
   * so behind another proxy (a container network…) name it here.
   */
  trustProxy: string | number | boolean;
  /** PostgreSQL `statement_timeout` for the app's connections, in ms (0: none). */
  dbStatementTimeoutMs: number;
  /** Seed the demo catalogue into a database without products (never in production unless asked). */
  seedDemo: boolean;
  appVersion: string;
  /** METRICS_TOKEN: `/metrics` answers only with this bearer token; unset, there is no `/metrics`. */
  metricsToken: string | undefined;
  shop: ShopSettings;
  bankTransfer: BankTransferSettings;
  mail: MailSettings;
}

export class ConfigError extends Error {}

const DEV_ADMIN_EMAIL = 'admin@tienda.local';
const DEV_ADMIN_PASSWORD = 'Admin12345';

/** Production's admin password rule: at least 12 characters with upper case, lower case and a digit. */
export function isStrongAdminPassword(password: string): boolean {
  return (
    password.length >= 12 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)
  );
}

/** Reads and validates every environment variable once. Throws ConfigError with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const nodeEnv = (env.NODE_ENV ?? 'development') as Config['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV debe ser development, production o test (recibido: ${nodeEnv})`);
  }
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT debe ser un número de puerto (recibido: ${env.PORT})`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL debe empezar con postgres:// o postgresql://');
  }
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR ?? '.data');
  const production = nodeEnv === 'production';
  const adminEmail = env.ADMIN_EMAIL?.trim();
  const adminPassword = env.ADMIN_PASSWORD;
  if (production && (!adminEmail || !adminPassword)) {
    problems.push('ADMIN_EMAIL y ADMIN_PASSWORD son obligatorios en producción');
  }
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    problems.push('ADMIN_EMAIL no es un email válido');
  }
  if (production && adminPassword && !isStrongAdminPassword(adminPassword)) {
    problems.push(
      'ADMIN_PASSWORD es demasiado débil para producción: usa al menos 12 caracteres con ' +
        'mayúsculas, minúsculas y números',
    );
  }
  const dbStatementTimeoutMs = Number(env.DB_STATEMENT_TIMEOUT_MS ?? 5000);
  if (!Number.isInteger(dbStatementTimeoutMs) || dbStatementTimeoutMs < 0) {
    problems.push(
      `DB_STATEMENT_TIMEOUT_MS debe ser un entero de milisegundos, 0 para ninguno (recibido: ${env.DB_STATEMENT_TIMEOUT_MS})`,
    );
  }
  const seedDemoValue = env.SEED_DEMO?.trim().toLowerCase();
  if (seedDemoValue !== undefined && !['true', 'false'].includes(seedDemoValue)) {
    problems.push(`SEED_DEMO debe ser true o false (recibido: ${env.SEED_DEMO})`);
  }
  const sessionSecret = env.SESSION_SECRET || undefined;
  if (production && !sessionSecret) {
    problems.push(
      'SESSION_SECRET es obligatorio en producción (al menos 32 caracteres aleatorios)',
    );
  }
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET debe tener al menos 32 caracteres');
  }
  const googleClientId = env.GOOGLE_CLIENT_ID?.trim() || undefined;
  if (googleClientId && !/^[\w.-]+\.apps\.googleusercontent\.com$/.test(googleClientId)) {
    problems.push(
      'GOOGLE_CLIENT_ID debe ser un id de cliente de Google (….apps.googleusercontent.com)',
    );
  }
  const rateLimitsValue = env.RATE_LIMITS ?? 'on';
  if (!['on', 'off'].includes(rateLimitsValue)) {
    problems.push(`RATE_LIMITS debe ser on u off (recibido: ${rateLimitsValue})`);
  }
  const rateLimits = rateLimitsValue !== 'off';
  const admin2fa = env.ADMIN_2FA?.trim() || 'off';
  if (admin2fa !== 'off' && admin2fa !== 'required') {
    problems.push(`ADMIN_2FA debe ser off o required (recibido: ${env.ADMIN_2FA})`);
  }
  const orderPaymentHoldHours = Number(env.ORDER_PAYMENT_HOLD_HOURS ?? 72);
  if (
    !Number.isInteger(orderPaymentHoldHours) ||
    orderPaymentHoldHours < 1 ||
    orderPaymentHoldHours > 24 * 90
  ) {
    problems.push(
      `ORDER_PAYMENT_HOLD_HOURS debe ser un número entero de horas entre 1 y 2160 (recibido: ${env.ORDER_PAYMENT_HOLD_HOURS})`,
    );
  }
  const mpApiBase = env.MP_API_BASE?.trim() || undefined;
  if (mpApiBase && !/^https?:\/\/[^\s]+$/.test(mpApiBase)) {
    problems.push('MP_API_BASE debe ser una URL http(s)');
  }
  const facturapiUrl = env.FACTURAPI_URL?.trim() || undefined;
  if (facturapiUrl && !/^https?:\/\/[^\s]+$/.test(facturapiUrl)) {
    problems.push('FACTURAPI_URL debe ser una URL http(s)');
  }
  const bankTransfer: BankTransferSettings = {
    bank: env.SHOP_BANK_NAME?.trim() || 'BBVA México',
    holder: env.SHOP_BANK_HOLDER?.trim() || 'Tienda Demo S.A. de C.V.',
    account: env.SHOP_BANK_ACCOUNT?.trim() || '0123456789',
    clabe: env.SHOP_BANK_CLABE?.trim() || '012180001234567899',
    card: env.SHOP_BANK_CARD?.trim() || '4152 3138 0000 0000',
    proofPhone: env.SHOP_PROOF_PHONE?.trim() || '5512345678',
  };
  if (!isValidClabe(bankTransfer.clabe)) {
    problems.push('SHOP_BANK_CLABE debe ser una CLABE de 18 dígitos con su dígito verificador');
  }
  if (!/^\d{4}( ?\d{4}){3}$/.test(bankTransfer.card)) {
    problems.push('SHOP_BANK_CARD debe ser un número de tarjeta de 16 dígitos');
  }
  if (!/^\d{10}$/.test(bankTransfer.proofPhone)) {
    problems.push('SHOP_PROOF_PHONE debe tener 10 dígitos');
  }
  const givenPublicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (production && !givenPublicUrl) {
    problems.push(
      'PUBLIC_URL es obligatorio en producción: la dirección pública de la tienda (por ejemplo ' +
        'https://tienda.example.mx), base de todo enlace que la tienda da (páginas para compartir, ' +
        'sitemap, correos, Mercado Pago)',
    );
  }
  const publicUrl = givenPublicUrl ?? `http://localhost:${port}`;
  if (givenPublicUrl && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(publicUrl)) {
    problems.push('PUBLIC_URL debe ser una URL http(s), por ejemplo https://tienda.example.mx');
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    problems.push(
      'SMTP_URL debe empezar con smtp:// o smtps:// (por ejemplo smtps://usuario:clave@smtp.example.mx:465)',
    );
  }
  const mailFrom = env.MAIL_FROM?.trim() || undefined;
  if (mailFrom && !isMailbox(mailFrom)) {
    problems.push('MAIL_FROM debe ser un email o "Nombre <email>"');
  }
  if (production && smtpUrl && !mailFrom) {
    problems.push('MAIL_FROM es obligatorio en producción cuando SMTP_URL está definido');
  }
  const shopOrdersEmails = (env.SHOP_ORDERS_EMAIL ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (shopOrdersEmails.some((e) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e))) {
    problems.push('SHOP_ORDERS_EMAIL debe ser uno o varios emails separados por comas');
  }
  const trackingUrlTemplate =
    env.SHOP_TRACKING_URL?.trim() ||
    'https://www.estafeta.com/Herramientas/Rastreo?wayBillType=1&wayBill={guia}';
  if (!/^https?:\/\/\S+$/.test(trackingUrlTemplate) || !trackingUrlTemplate.includes('{guia}')) {
    problems.push('SHOP_TRACKING_URL debe ser una URL http(s) que contenga {guia}');
  }
  const shopLogoUrl = env.SHOP_LOGO_URL?.trim() || undefined;
  if (shopLogoUrl && !/^https?:\/\/\S+$/.test(shopLogoUrl)) {
    problems.push('SHOP_LOGO_URL debe ser una URL http(s) de una imagen PNG o JPEG');
  }
  const shopPhone = env.SHOP_PHONE?.trim() ?? '';
  if (shopPhone !== '' && !/^\d{10}$/.test(shopPhone)) {
    problems.push('SHOP_PHONE debe tener 10 dígitos');
  }
  const shopEmail = env.SHOP_EMAIL?.trim() ?? '';
  if (shopEmail !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(shopEmail)) {
    problems.push('SHOP_EMAIL no es un email válido');
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY ?? 'loopback');
  if (trustProxy === undefined) {
    problems.push(
      'TRUST_PROXY debe ser true, false, un número de saltos o una lista de direcciones, ' +
        `redes (CIDR) o loopback/linklocal/uniquelocal (recibido: ${env.TRUST_PROXY})`,
    );
  }
  const photoStorage = parsePhotoStorage(env, problems);
  const shopName = env.SHOP_NAME?.trim() || 'Tienda';
  const mailSettings = (): MailSettings => {
    const base = publicUrl;
    return {
      smtpUrl,
      from: mailFrom ?? 'no-responder@tienda.local',
      shopOrdersEmails,
      mailboxDir: production ? null : path.join(dataDir, 'correo'),
      publicUrl: base,
      shopName,
      logoUrl: shopLogoUrl ?? `${base}/correo/logo.png`,
      trackingUrlTemplate,
      carrier: env.SHOP_CARRIER?.trim() || 'Estafeta',
    };
  };
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    problems.push(
      'METRICS_TOKEN debe tener al menos 16 caracteres sin espacios (un valor aleatorio largo)',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Configuración inválida:\n- ${problems.join('\n- ')}`);
  }
  return {
    nodeEnv,
    port,
    databaseUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    photoStorage,
    clientDistDir: path.join(ROOT_DIR, 'client', 'dist'),
    clientSsrDir: path.join(ROOT_DIR, 'client', 'dist-ssr'),
    publicUrl,
    admin: {
      email: adminEmail ?? DEV_ADMIN_EMAIL,
      password: adminPassword ?? DEV_ADMIN_PASSWORD,
      fromDefaults: !adminEmail || !adminPassword,
    },
    sessionSecret,
    googleClientId,
    googleCertsUrl: env.GOOGLE_CERTS_URL?.trim() || undefined,
    rateLimits,
    admin2fa: admin2fa === 'required' ? 'required' : 'off',
    trustProxy: trustProxy ?? 'loopback',
    orderPaymentHoldHours,
    mercadoPago: {
      accessToken: env.MP_ACCESS_TOKEN?.trim() || undefined,
      webhookSecret: env.MP_WEBHOOK_SECRET?.trim() || undefined,
      apiBase: mpApiBase?.replace(/\/+$/, ''),
    },
    facturapi: {
      key: env.FACTURAPI_KEY?.trim() || undefined,
      url: facturapiUrl?.replace(/\/+$/, ''),
    },
    dbStatementTimeoutMs,
    seedDemo: seedDemoValue === undefined ? !production : seedDemoValue === 'true',
    appVersion: readAppVersion(),
    metricsToken,
    bankTransfer,
    mail: mailSettings(),
    shop: {
      whatsappUrl: env.SHOP_WHATSAPP_URL ?? 'https://wa.me/525512345678',
      facebookUrl: env.SHOP_FACEBOOK_URL ?? 'https://www.facebook.com/tienda.demo',
      trustUrl: env.SHOP_TRUST_URL ?? 'https://www.facebook.com/tienda.demo/reviews',
      legalName: env.SHOP_LEGAL_NAME?.trim() ?? '',
      address: env.SHOP_ADDRESS?.trim() ?? '',
      phone: shopPhone,
      email: shopEmail,
    },
  };
}

/** S3 bucket names: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** S3_BUCKET and its companions, PHOTOS_PUBLIC_URL and the SDK's credential pair. */
function parsePhotoStorage(env: NodeJS.ProcessEnv, problems: string[]): PhotoStorageConfig {
  const bucket = env.S3_BUCKET?.trim() || undefined;
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
  const region = env.S3_REGION?.trim() || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() || undefined;
  const publicUrl = env.PHOTOS_PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!bucket) {
    const orphans = [
      ['S3_ENDPOINT', endpoint],
      ['S3_REGION', region],
      ['S3_FORCE_PATH_STYLE', pathStyle],
      ['PHOTOS_PUBLIC_URL', publicUrl],
    ].filter(([, value]) => value !== undefined);
    if (orphans.length > 0) {
      problems.push(
        `${orphans.map(([name]) => name).join(', ')} solo sirve con S3_BUCKET: define S3_BUCKET ` +
          'para guardar las fotos en un almacenamiento de objetos, o quita esas variables',
      );
    }
    return { kind: 'disk' };
  }
  if (!BUCKET_NAME.test(bucket)) {
    problems.push(
      'S3_BUCKET debe ser un nombre de bucket de 3 a 63 caracteres: minúsculas, dígitos, puntos y guiones',
    );
  }
  if (endpoint && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(endpoint)) {
    problems.push('S3_ENDPOINT debe ser una URL http(s), por ejemplo http://minio:9000');
  }
  if (region && !/^[a-z0-9-]{2,40}$/.test(region)) {
    problems.push(
      `S3_REGION debe ser el nombre de una región, por ejemplo us-east-1 (recibido: ${region})`,
    );
  }
  if (pathStyle !== undefined && !['true', 'false'].includes(pathStyle)) {
    problems.push(
      `S3_FORCE_PATH_STYLE debe ser true o false (recibido: ${env.S3_FORCE_PATH_STYLE})`,
    );
  }
  if (publicUrl && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(publicUrl)) {
    problems.push(
      'PHOTOS_PUBLIC_URL debe ser una URL http(s), por ejemplo https://fotos.tienda.example.mx',
    );
  }
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push('AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntos: define los dos o ninguno');
  }
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: region ?? 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    publicUrl,
  };
}

/** TRUST_PROXY as Express takes it, or undefined when it is not a value Express understands. */
function parseTrustProxy(value: string): string | number | boolean | undefined {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((x) => x.trim());
  const valid = entries.every(
    (x) =>
      ['loopback', 'linklocal', 'uniquelocal'].includes(x) ||
      /^[\d.]+(\/\d{1,2})?$/.test(x) ||
      /^[\da-f:]+(\/\d{1,3})?$/i.test(x),
  );
  return valid && entries.length > 0 && v !== '' ? entries.join(', ') : undefined;
}
