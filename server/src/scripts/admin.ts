import '../load-env.js';
import 'reflect-metadata';
import { Writable } from 'node:stream';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { REGISTRATION_MESSAGES } from '@tienda/rules';
import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { runningEmbeddedUrl } from '../db/embedded.js';
import type { SessionUser } from '../modules/accounts/access.js';
import { OperatorService } from '../modules/accounts/operator.service.js';
import { DomainError } from '../modules/shared/errors.js';
import { MailQueue, SecretBox } from '../modules/mail/outbox.js';
import { sessionSecret } from '../http/session-cookie.js';

/**
 * The operator's command line (issue 26 item 5): `npm run admin -- <comando> [opciones]`, on
 * DATABASE_URL or, without it, on the embedded database of DATA_DIR (the running shop's, when a
 * shop holds it; else started here for the command and stopped after). Migrations run first
 * under the start-up lock, as at any start. Every change is written to the audit trail as
 * 'consola' (OperatorService).
 *
 * Exit codes: 0 done (or nothing to change), 1 refused (no such account, e-mail taken, weak
 * password, last admin…), 2 wrong usage (unknown command, missing option, no way to read the
 * password), 3 the database could not be opened (or the configuration is invalid).
 */

const EXIT = { ok: 0, refused: 1, usage: 2, database: 3 } as const;

class UsageError extends Error {}

const HELP = `Uso: npm run admin -- <comando> [opciones]

Comandos:
  crear-admin --email <email> --nombre <nombre> [--password-stdin]
      Crea una cuenta de administrador activa.
  restablecer-contrasena --email <email> [--password-stdin]
      Pone una contraseña nueva a la cuenta y cierra todas sus sesiones.
  promover --email <email>
      Hace administradora a la cuenta.
  degradar --email <email>
      Quita el rol de administrador a la cuenta (queda como cliente).
  desactivar-2fa --email <email>
      Desactiva la verificación en dos pasos de la cuenta (quien perdió su app y sus códigos).
  listar-admins
      Lista las cuentas de administrador.
  ayuda
      Muestra esta ayuda.

La contraseña nunca va en la línea de comandos (quedaría a la vista en la lista de procesos):
se pide sin eco en la terminal, o se lee de la entrada estándar con --password-stdin, por ejemplo
  printf '%s' "$CLAVE" | npm run --silent admin -- restablecer-contrasena --email ana@tienda.mx --password-stdin

Usa DATABASE_URL si está definida; si no, la base de datos embebida de DATA_DIR (la de la tienda
en marcha, si la hay). Cada cambio queda en la actividad de la administración como «consola».
Códigos de salida: 0 hecho, 1 rechazado, 2 uso incorrecto, 3 sin base de datos.`;

interface Command {
  /** The options it takes besides --password-stdin. */
  options: readonly ('email' | 'nombre')[];
  password?: boolean;
  run: (service: OperatorService, args: Args) => Promise<string>;
}

interface Args {
  email: string;
  nombre: string;
  password: string;
}

const yesNo = (value: boolean) => (value ? 'sí' : 'no');

function adminsTable(admins: SessionUser[]): string {
  if (admins.length === 0) return 'No hay cuentas de administrador.';
  const rows = [
    ['id', 'email', 'nombre', 'activa', '2FA'],
    ...admins.map((a) => [
      String(a.id),
      a.email,
      a.name,
      yesNo(a.active),
      yesNo(a.twoFactorEnabled),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell + ' '.repeat(widths[i]! - [...cell].length))
      .join('  ')
      .trimEnd();
  return [
    ...rows.map(line),
    `${admins.length} ${admins.length === 1 ? 'cuenta' : 'cuentas'}.`,
  ].join('\n');
}

const COMMANDS: Record<string, Command> = {
  'crear-admin': {
    options: ['email', 'nombre'],
    password: true,
    run: async (service, a) => {
      const user = await service.createAdmin({
        email: a.email,
        name: a.nombre,
        password: a.password,
      });
      return `Cuenta de administrador creada: ${user.name} <${user.email}> (id ${user.id}).`;
    },
  },
  'restablecer-contrasena': {
    options: ['email'],
    password: true,
    run: async (service, a) => {
      const user = await service.resetPassword(a.email, a.password);
      const lines = [
        `Contraseña restablecida para ${user.email} (id ${user.id}); se cerraron todas sus sesiones.`,
      ];
      if (user.active) {
        lines.push(
          'Se le avisa por email («Tu contraseña cambió»); la tienda lo envía en cuanto esté en marcha.',
        );
      } else {
        lines.push('Aviso: la cuenta está desactivada y no podrá entrar mientras lo esté.');
      }
      if (user.twoFactorEnabled) {
        lines.push(
          'Aviso: la cuenta tiene verificación en dos pasos; si perdió su app, usa «desactivar-2fa».',
        );
      }
      return lines.join('\n');
    },
  },
  promover: {
    options: ['email'],
    run: async (service, a) => {
      const { user, changed } = await service.setRole(a.email, 'admin');
      return changed
        ? `${user.email} (id ${user.id}) ahora es administrador.`
        : `${user.email} ya era administrador: nada que cambiar.`;
    },
  },
  degradar: {
    options: ['email'],
    run: async (service, a) => {
      const { user, changed } = await service.setRole(a.email, 'user');
      return changed
        ? `${user.email} (id ${user.id}) ya no es administrador: ahora es cliente.`
        : `${user.email} no era administrador: nada que cambiar.`;
    },
  },
  'desactivar-2fa': {
    options: ['email'],
    run: async (service, a) => {
      const user = await service.disableSecondFactor(a.email);
      return (
        `Verificación en dos pasos desactivada para ${user.email} (id ${user.id}): entra solo con ` +
        'su contraseña y puede volver a activarla en «Mi cuenta».'
      );
    },
  },
  'listar-admins': {
    options: [],
    run: async (service) => adminsTable(await service.listAdmins()),
  },
};

/** What the command line was asked: the command and its options, or a usage error. */
function parseCommandLine(argv: string[]): {
  name: string;
  command: Command | null;
  values: { email?: string; nombre?: string; 'password-stdin'?: boolean };
} {
  const [name = 'ayuda', ...rest] = argv;
  if (name === 'ayuda' || name === '--help' || name === '-h') {
    return { name: 'ayuda', command: null, values: {} };
  }
  const command = COMMANDS[name];
  if (!command) {
    throw new UsageError(`Comando desconocido: «${name}». Usa «ayuda» para ver los comandos.`);
  }
  if (rest.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new UsageError(
      'La contraseña no se pasa en la línea de comandos (quedaría a la vista en la lista de ' +
        'procesos): escríbela cuando se pida, o pásala por la entrada estándar con --password-stdin.',
    );
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        nombre: { type: 'string' },
        'password-stdin': { type: 'boolean' },
      },
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const option = /'(-[^']+)'/.exec(message)?.[1];
    throw new UsageError(
      option
        ? `Opción no válida para «${name}»: ${option}. Usa «ayuda» para ver las opciones.`
        : `Argumentos no válidos para «${name}». Usa «ayuda» para ver las opciones.`,
    );
  }
  const allowed = new Set<string>([
    ...command.options,
    ...(command.password ? ['password-stdin'] : []),
  ]);
  for (const given of Object.keys(values)) {
    if (!allowed.has(given)) {
      throw new UsageError(`«${name}» no lleva --${given}. Usa «ayuda» para ver las opciones.`);
    }
  }
  for (const required of command.options) {
    if (!values[required]?.trim()) {
      throw new UsageError(`Falta --${required} para «${name}».`);
    }
  }
  return { name, command, values };
}

/** Standard input to its end, without the one line break a shell or `echo` adds. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    muted = true;
    return await answer;
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) {
    throw new UsageError(
      'No hay una terminal para pedir la contraseña: pásala por la entrada estándar con --password-stdin.',
    );
  }
  const password = await askHidden('Contraseña nueva: ');
  const again = await askHidden('Repite la contraseña: ');
  if (password !== again) throw new UsageError(REGISTRATION_MESSAGES.passwordMismatch);
  return password;
}

/**
 * DATABASE_URL; else the running shop's embedded PostgreSQL; else the embedded one started here.
 * With the outbox the shop's mail worker sends from (its secret is the shop's session secret).
 */
async function open(): Promise<{ db: Database; mail: MailQueue }> {
  const config = { ...loadConfig(), dbStatementTimeoutMs: 0 };
  const running = config.databaseUrl ? undefined : runningEmbeddedUrl(config.dataDir);
  const mail = new MailQueue(
    new SecretBox(await sessionSecret(config.sessionSecret, config.dataDir)),
  );
  const db = await openDatabase(running ? { ...config, databaseUrl: running } : config);
  return { db, mail };
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
  const { name, command, values } = parsed;
  if (!command) {
    console.log(HELP);
    return EXIT.ok;
  }
  let password = '';
  if (command.password) {
    try {
      password = await readPassword(values['password-stdin'] === true);
    } catch (error) {
      if (error instanceof UsageError) {
        console.error(`Error: ${error.message}`);
        return EXIT.usage;
      }
      throw error;
    }
  }
  let db: Database;
  let mail: MailQueue;
  try {
    ({ db, mail } = await open());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof ConfigError
        ? message
        : `Error: no se pudo abrir la base de datos: ${message}`,
    );
    return EXIT.database;
  }
  try {
    const service = new OperatorService(db.orm.em.fork(), mail);
    const said = await command.run(service, {
      email: values.email ?? '',
      nombre: values.nombre ?? '',
      password,
    });
    console.log(said);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(`Error: ${error.message}`);
      return EXIT.refused;
    }
    console.error(
      `Error inesperado en «${name}»: ${error instanceof Error ? error.message : error}`,
    );
    return EXIT.database;
  } finally {
    await db.close();
  }
}

// Exits at once: nothing of the command (pool, embedded database) is left to wait for.
process.exit(await main(process.argv.slice(2)));
