import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root (server/dist/config.js → ../..). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function readAppVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    version?: string;
  };
  if (!pkg.version) throw new Error('La versión de la app falta en package.json');
  return pkg.version;
}

export interface ShopSettings {
  whatsappUrl: string;
  facebookUrl: string;
  trustUrl: string;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  clientDistDir: string;
  publicUrl: string | undefined;
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
  appVersion: string;
  shop: ShopSettings;
}

export class ConfigError extends Error {}

const DEV_ADMIN_EMAIL = 'admin@tienda.local';
const DEV_ADMIN_PASSWORD = 'Admin12345';

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
  if (problems.length > 0) {
    throw new ConfigError(`Configuración inválida:\n- ${problems.join('\n- ')}`);
  }
  return {
    nodeEnv,
    port,
    databaseUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDistDir: path.join(ROOT_DIR, 'client', 'dist'),
    publicUrl: env.PUBLIC_URL?.trim() || undefined,
    admin: {
      email: adminEmail ?? DEV_ADMIN_EMAIL,
      password: adminPassword ?? DEV_ADMIN_PASSWORD,
      fromDefaults: !adminEmail || !adminPassword,
    },
    sessionSecret,
    googleClientId,
    googleCertsUrl: env.GOOGLE_CERTS_URL?.trim() || undefined,
    rateLimits,
    appVersion: readAppVersion(),
    shop: {
      whatsappUrl: env.SHOP_WHATSAPP_URL ?? 'https://wa.me/525512345678',
      facebookUrl: env.SHOP_FACEBOOK_URL ?? 'https://www.facebook.com/tienda.demo',
      trustUrl: env.SHOP_TRUST_URL ?? 'https://www.facebook.com/tienda.demo/reviews',
    },
  };
}
