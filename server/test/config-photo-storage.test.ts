import { ConfigError, loadConfig } from '../src/config.js';

/** Issue 16: the object store's variables, validated at start with Spanish messages. */
describe('photo storage configuration', () => {
  test('without S3_BUCKET the photos stay on the disk', () => {
    expect(loadConfig({}).photoStorage).toEqual({ kind: 'disk' });
  });

  test('S3_BUCKET turns the object store on with its endpoint, region, path style and keys', () => {
    const config = loadConfig({
      S3_BUCKET: 'tienda-fotos',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'tienda',
      AWS_SECRET_ACCESS_KEY: 'secreto-largo',
      PHOTOS_PUBLIC_URL: 'https://fotos.tienda.mx/',
    });
    expect(config.photoStorage).toEqual({
      kind: 's3',
      bucket: 'tienda-fotos',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'tienda', secretAccessKey: 'secreto-largo' },
      publicUrl: 'https://fotos.tienda.mx',
    });
  });

  test('for AWS: no endpoint, region us-east-1 by default, virtual-hosted style, the SDK finds the keys', () => {
    expect(loadConfig({ S3_BUCKET: 'tienda.fotos' }).photoStorage).toEqual({
      kind: 's3',
      bucket: 'tienda.fotos',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: undefined,
    });
  });

  test('bad values stop the start with a Spanish message naming the variable', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('la configuración debió ser rechazada');
    };
    const message = problems({
      S3_BUCKET: 'Fotos_De_Tienda',
      S3_ENDPOINT: 'minio:9000',
      S3_REGION: 'Norte America',
      S3_FORCE_PATH_STYLE: 'si',
      PHOTOS_PUBLIC_URL: 'fotos.tienda.mx',
      AWS_ACCESS_KEY_ID: 'solo-la-llave',
    });
    expect(message).toContain('S3_BUCKET debe ser un nombre de bucket de 3 a 63 caracteres');
    expect(message).toContain('S3_ENDPOINT debe ser una URL http(s)');
    expect(message).toContain('S3_REGION debe ser el nombre de una región');
    expect(message).toContain('S3_FORCE_PATH_STYLE debe ser true o false (recibido: si)');
    expect(message).toContain('PHOTOS_PUBLIC_URL debe ser una URL http(s)');
    expect(message).toContain('AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY van juntos');
  });

  test('the object store variables without S3_BUCKET are a mistake, not silently ignored', () => {
    expect(() =>
      loadConfig({ S3_ENDPOINT: 'http://minio:9000', PHOTOS_PUBLIC_URL: 'https://cdn.mx' }),
    ).toThrow('S3_ENDPOINT, PHOTOS_PUBLIC_URL solo sirve con S3_BUCKET');
  });
});
