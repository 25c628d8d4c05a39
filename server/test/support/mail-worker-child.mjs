// A mail worker in its own process, for the test that kills one mid-send (mail-outbox.test.ts).
// Uses the built server (npm test builds it first). Arguments: database URL, SMTP URL, session
// secret. Says 'ready' on IPC, then delivers every due message and exits.
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../dist/db/orm-config.js';
import { MailQueue, SecretBox } from '../../dist/modules/mail/outbox.js';
import { smtpTransport } from '../../dist/modules/mail/transport.js';
import { MailWorker } from '../../dist/modules/mail/worker.js';

const [databaseUrl, smtpUrl, secret] = process.argv.slice(2);
const orm = await MikroORM.init(ormConfig(databaseUrl, { poolMax: 2 }));
const worker = new MailWorker(orm, {
  transport: smtpTransport(smtpUrl),
  queue: new MailQueue(new SecretBox(secret)),
  brand: {
    name: 'Tienda',
    publicUrl: 'http://localhost:4000',
    logoUrl: 'http://localhost:4000/correo/logo.png',
    whatsappUrl: 'https://wa.me/525512345678',
    facebookUrl: 'https://www.facebook.com/tienda.demo',
    trackingUrlTemplate: 'https://rastreo.example.mx/?guia={guia}',
    carrier: 'Estafeta',
  },
  from: 'Tienda <no-responder@tienda.local>',
  log: () => undefined,
});
process.send?.('ready');
await worker.drain();
await orm.close();
process.exit(0);
