import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
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
