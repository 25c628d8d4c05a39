import { ConfigError, isValidClabe, loadConfig } from '../src/config.js';

describe('configuration', () => {
  test('mail: SMTP_URL, MAIL_FROM, SHOP_ORDERS_EMAIL and the links are validated; production needs the sender with SMTP', () => {
    const dev = loadConfig({});
    expect(dev.mail.smtpUrl).toBeUndefined();
    expect(dev.mail.mailboxDir?.endsWith('correo')).toBe(true);
    expect(dev.mail.publicUrl).toBe('http://localhost:4000');
    expect(dev.mail.logoUrl).toBe('http://localhost:4000/correo/logo.png');
    expect(dev.mail.shopOrdersEmails).toEqual([]);
    const set = loadConfig({
      SMTP_URL: 'smtps://usuario:clave@smtp.example.mx:465',
      MAIL_FROM: 'Tienda <ventas@tienda.mx>',
      SHOP_ORDERS_EMAIL: 'ventas@tienda.mx, dueno@tienda.mx',
      PUBLIC_URL: 'https://tienda.mx/',
    });
    expect(set.mail).toMatchObject({
      smtpUrl: 'smtps://usuario:clave@smtp.example.mx:465',
      from: 'Tienda <ventas@tienda.mx>',
      shopOrdersEmails: ['ventas@tienda.mx', 'dueno@tienda.mx'],
      publicUrl: 'https://tienda.mx',
    });
    expect(() =>
      loadConfig({
        SMTP_URL: 'http://x',
        MAIL_FROM: 'no es correo',
        SHOP_ORDERS_EMAIL: 'a@b.mx, mal',
        SHOP_TRACKING_URL: 'https://rastreo.mx/',
        PUBLIC_URL: 'tienda.mx',
      }),
    ).toThrow(
      /PUBLIC_URL debe ser una URL[\s\S]*SMTP_URL debe empezar con smtp:\/\/[\s\S]*MAIL_FROM debe ser un email[\s\S]*SHOP_ORDERS_EMAIL[\s\S]*SHOP_TRACKING_URL debe ser una URL http\(s\) que contenga \{guia\}/,
    );
    const production = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@tienda.mx',
      ADMIN_PASSWORD: 'Admin-Segura-123',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://tienda.mx',
    };
    expect(loadConfig(production).mail.mailboxDir).toBeNull();
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://smtp.example.mx' })).toThrow(
      /MAIL_FROM es obligatorio en producción/,
    );
  });

  test('rule PUBLIC_URL: production refuses to start without it, naming the variable; elsewhere http://localhost:PORT', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_EMAIL: 'admin@tienda.mx',
      ADMIN_PASSWORD: 'Admin-Segura-123',
      SESSION_SECRET: 'x'.repeat(40),
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL es obligatorio en producción/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '  ' })).toThrow(
      /PUBLIC_URL es obligatorio en producción/,
    );
    const set = loadConfig({ ...production, PUBLIC_URL: 'https://tienda.mx/' });
    expect(set.publicUrl).toBe('https://tienda.mx');
    expect(set.mail.publicUrl).toBe('https://tienda.mx');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
    expect(loadConfig({ PORT: '4321', PUBLIC_URL: 'http://tienda.test' }).publicUrl).toBe(
      'http://tienda.test',
    );
  });

  test('development has defaults, including a printed development admin', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.admin.fromDefaults).toBe(true);
    expect(config.appVersion).toBe('1.6.13');
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  test('production refuses to start without ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /ADMIN_EMAIL y ADMIN_PASSWORD son obligatorios en producción/,
    );
  });

  test('every problem is reported at once with a clear message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT debe ser un número de puerto/);
    expect(message).toMatch(/DATABASE_URL debe empezar con postgres/);
    expect(message).toMatch(/ADMIN_EMAIL no es un email válido/);
  });
});

describe('production start rules', () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'jefa@tienda.mx',
    SESSION_SECRET: 'un-secreto-de-sesion-largo-y-aleatorio-0123456789',
    PUBLIC_URL: 'https://tienda.mx',
  };

  test.each(['x', 'corta1A', 'todominusculas123', 'TODOMAYUSCULAS123', 'SinNumerosNiNada'])(
    'rule admin password: production refuses the weak ADMIN_PASSWORD %p with a clear message',
    (password) => {
      expect(() => loadConfig({ ...production, ADMIN_PASSWORD: password })).toThrow(
        /ADMIN_PASSWORD es demasiado débil para producción: usa al menos 12 caracteres con mayúsculas, minúsculas y números/,
      );
    },
  );

  test('rule admin password: a strong one is accepted; development keeps its default', () => {
    expect(loadConfig({ ...production, ADMIN_PASSWORD: 'Tienda2026Segura' }).admin.password).toBe(
      'Tienda2026Segura',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'x' }).admin.password).toBe('x');
  });

  test('rule SEED_DEMO: demo products only when asked in production, by default elsewhere', () => {
    const strong = { ...production, ADMIN_PASSWORD: 'Tienda2026Segura' };
    expect(loadConfig(strong).seedDemo).toBe(false);
    expect(loadConfig({ ...strong, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'quizá' })).toThrow(/SEED_DEMO debe ser true o false/);
  });

  test('rule statement_timeout: DB_STATEMENT_TIMEOUT_MS defaults to 5000 and is validated', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).dbStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS debe ser un entero/,
    );
  });
});

describe('session and sign-in settings', () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'jefa@tienda.mx',
    ADMIN_PASSWORD: 'Tienda2026Segura',
    PUBLIC_URL: 'https://tienda.mx',
  };

  test('SESSION_SECRET is required in production and must be at least 32 characters', () => {
    expect(() => loadConfig(production)).toThrow(/SESSION_SECRET es obligatorio en producción/);
    expect(() => loadConfig({ SESSION_SECRET: 'corto' })).toThrow(
      /SESSION_SECRET debe tener al menos 32 caracteres/,
    );
    expect(loadConfig({}).sessionSecret).toBeUndefined();
  });

  test('GOOGLE_CLIENT_ID must be a Google client id; RATE_LIMITS is on or off', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'cualquier-cosa' })).toThrow(/GOOGLE_CLIENT_ID/);
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: '123-abc.apps.googleusercontent.com' }).googleClientId,
    ).toBe('123-abc.apps.googleusercontent.com');
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(() => loadConfig({ RATE_LIMITS: 'no' })).toThrow(/RATE_LIMITS debe ser on u off/);
  });
});

describe('TRUST_PROXY (who may say the client address that rate limits count)', () => {
  test('defaults to loopback; takes true/false, hop counts and address lists', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12' }).trustProxy).toBe(
      'loopback, 172.16.0.0/12',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'cualquiera' })).toThrow(/TRUST_PROXY debe ser/);
  });
});

describe('bank transfer settings (the payment page)', () => {
  test('demo defaults, and a CLABE must carry its check digit', () => {
    const demo = loadConfig({}).bankTransfer;
    expect(isValidClabe(demo.clabe)).toBe(true);
    expect(demo).toMatchObject({ bank: 'BBVA México', proofPhone: '5512345678' });
    // 002180700000000011 is a well-formed CLABE; changing its last digit breaks the check.
    expect(isValidClabe('002180700000000011')).toBe(true);
    expect(isValidClabe('002180700000000012')).toBe(false);
    expect(() => loadConfig({ SHOP_BANK_CLABE: '002180700000000012' })).toThrow(
      /SHOP_BANK_CLABE debe ser una CLABE de 18 dígitos con su dígito verificador/,
    );
    expect(() => loadConfig({ SHOP_BANK_CARD: '1234' })).toThrow(/SHOP_BANK_CARD/);
    expect(() => loadConfig({ SHOP_PROOF_PHONE: '55' })).toThrow(/SHOP_PROOF_PHONE/);
  });
});
