import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import { REGISTRATION_MESSAGES } from '@tienda/rules';
import { verifyPassword } from '../src/modules/accounts/password.js';
import { OPERATOR_MESSAGES } from '../src/modules/accounts/operator.service.js';
import { SessionStore } from '../src/modules/accounts/session-store.js';
import { openTestOrm, resetDatabase, testDatabaseUrl } from './support/db.js';
import { createUsers } from './support/fixtures.js';
import { freePort, startShop, waitFor } from './support/shop-process.js';

/**
 * The operator's command line (issue 26 item 5; server/src/scripts/admin.ts, built by
 * `npm test`): each command against the run's PostgreSQL, its Spanish output, its exit code and
 * its audit entry as 'consola'; wrong input refused in Spanish with a non-zero exit.
 */
const ADMIN_CLI = fileURLToPath(new URL('../dist/scripts/admin.js', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(args: string[], input?: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADMIN_CLI, ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: testDatabaseUrl(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

let orm: MikroORM;

interface AuditRow {
  user_id: number;
  user_email: string;
  ip: string;
  action: string;
  object_kind: string;
  object_id: string;
  object_label: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const auditRows = () =>
  orm.em
    .fork()
    .execute<AuditRow[]>(
      'select user_id, user_email, ip, action, object_kind, object_id, object_label, before, after from admin_audit order by id',
    );

const account = async (email: string) => {
  const [row] = await orm.em
    .fork()
    .execute<{ id: number; role: string; password_hash: string | null; name: string }[]>(
      'select id, role, password_hash, name from app_user where email = ?',
      [email],
    );
  return row;
};

beforeAll(async () => {
  orm = await openTestOrm();
});
beforeEach(async () => {
  await resetDatabase(orm);
});
afterAll(async () => {
  await orm.close();
});

test("crear-admin creates an active admin with the piped password, says so, exits 0, and the audit trail says 'consola'", async () => {
  const run = await admin(
    ['crear-admin', '--email', 'Ana@Tienda.MX', '--nombre', 'Ana López', '--password-stdin'],
    'Segura12345\n',
  );
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const ana = await account('ana@tienda.mx');
  expect(run.stdout.trim()).toBe(
    `Cuenta de administrador creada: Ana López <ana@tienda.mx> (id ${ana!.id}).`,
  );
  expect(ana!.role).toBe('admin');
  // The line break the shell adds is not part of the password.
  expect(await verifyPassword(ana!.password_hash!, 'Segura12345')).toBe(true);
  expect(await auditRows()).toEqual([
    {
      user_id: 0,
      user_email: 'consola',
      ip: 'consola',
      action: 'user.create',
      object_kind: 'user',
      object_id: String(ana!.id),
      object_label: 'ana@tienda.mx',
      before: {},
      after: { email: 'ana@tienda.mx', name: 'Ana López', role: 'admin', active: true },
    },
  ]);
});

test('rule crear-admin: a taken e-mail, a weak password, a bad e-mail or a missing name is refused in Spanish with exit 1 or 2, and nothing is written', async () => {
  await createUsers(orm.em.fork(), [{ email: 'ana@tienda.mx', password: 'Segura12345' }]);
  const taken = await admin(
    ['crear-admin', '--email', 'ANA@tienda.mx', '--nombre', 'Ana', '--password-stdin'],
    'Segura12345',
  );
  expect(taken.code).toBe(1);
  expect(taken.stderr.trim()).toBe(`Error: ${OPERATOR_MESSAGES.emailTaken('ana@tienda.mx')}`);
  const weak = await admin(
    ['crear-admin', '--email', 'beto@tienda.mx', '--nombre', 'Beto', '--password-stdin'],
    'corta',
  );
  expect(weak.code).toBe(1);
  expect(weak.stderr.trim()).toBe(`Error: ${REGISTRATION_MESSAGES.weakPassword}`);
  const badEmail = await admin(
    ['crear-admin', '--email', 'no-es-un-email', '--nombre', 'Beto', '--password-stdin'],
    'Segura12345',
  );
  expect(badEmail.code).toBe(1);
  expect(badEmail.stderr.trim()).toBe(`Error: ${REGISTRATION_MESSAGES.invalidEmail}`);
  const noName = await admin(
    ['crear-admin', '--email', 'beto@tienda.mx', '--password-stdin'],
    'Segura12345',
  );
  expect(noName.code).toBe(2);
  expect(noName.stderr.trim()).toBe('Error: Falta --nombre para «crear-admin».');
  expect(await account('beto@tienda.mx')).toBeUndefined();
  expect(await auditRows()).toEqual([]);
});

test('rule password never in argv: --password is refused (it would show in ps), and without a terminal nor --password-stdin the command says how, exit 2', async () => {
  const inArgv = await admin([
    'crear-admin',
    '--email',
    'ana@tienda.mx',
    '--nombre',
    'Ana',
    '--password=Segura12345',
  ]);
  expect(inArgv.code).toBe(2);
  expect(inArgv.stderr).toContain('La contraseña no se pasa en la línea de comandos');
  const noTerminal = await admin(['restablecer-contrasena', '--email', 'ana@tienda.mx']);
  expect(noTerminal.code).toBe(2);
  expect(noTerminal.stderr.trim()).toBe(
    'Error: No hay una terminal para pedir la contraseña: pásala por la entrada estándar con --password-stdin.',
  );
});

test('rule usage: an unknown command or option is refused in Spanish with exit 2; ayuda lists every command, exit 0', async () => {
  const unknown = await admin(['borrar-todo']);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr.trim()).toBe(
    'Error: Comando desconocido: «borrar-todo». Usa «ayuda» para ver los comandos.',
  );
  const badOption = await admin(['promover', '--correo', 'ana@tienda.mx']);
  expect(badOption.code).toBe(2);
  expect(badOption.stderr.trim()).toBe(
    'Error: Opción no válida para «promover»: --correo. Usa «ayuda» para ver las opciones.',
  );
  const help = await admin(['ayuda']);
  expect(help.code).toBe(0);
  for (const command of [
    'crear-admin',
    'restablecer-contrasena',
    'promover',
    'degradar',
    'desactivar-2fa',
    'listar-admins',
  ]) {
    expect(help.stdout).toContain(command);
  }
});

test("restablecer-contrasena sets the password, ends the account's sessions and its failed sign-in count, sends 'Tu contraseña cambió', exit 0, audited as 'consola'", async () => {
  const [id] = await createUsers(orm.em.fork(), [
    { email: 'cliente@tienda.mx', password: 'Vieja12345' },
  ]);
  await new SessionStore(orm.em.fork()).start(id!);
  await orm.em.fork().execute(
    `insert into rate_limit (key, window_start, window_end, hits)
         values ('sign-in:account:cliente@tienda.mx', now(), now() + interval '15 minutes', 50)`,
  );
  const run = await admin(
    ['restablecer-contrasena', '--email', 'Cliente@tienda.mx', '--password-stdin'],
    'Nueva12345',
  );
  expect(run.code).toBe(0);
  expect(run.stdout.trim()).toBe(
    `Contraseña restablecida para cliente@tienda.mx (id ${id}); se cerraron todas sus sesiones.\n` +
      'Se le avisa por email («Tu contraseña cambió»); la tienda lo envía en cuanto esté en marcha.',
  );
  // 'Tu contraseña cambió' waits in the outbox for the shop's mail worker, as after any change.
  const mails = await orm.em
    .fork()
    .execute<{ kind: string; recipient: string; status: string }[]>(
      'select kind, recipient, status from mail_outbox where user_id = ?',
      [id],
    );
  expect(mails).toEqual([
    { kind: 'password-changed', recipient: 'cliente@tienda.mx', status: 'pending' },
  ]);
  const row = await account('cliente@tienda.mx');
  expect(await verifyPassword(row!.password_hash!, 'Nueva12345')).toBe(true);
  const em = orm.em.fork();
  expect(await em.execute('select 1 from user_session where user_id = ?', [id])).toHaveLength(0);
  expect(await em.execute(`select 1 from rate_limit where key like 'sign-in:account:%'`)).toEqual(
    [],
  );
  const [entry] = await auditRows();
  expect(entry).toMatchObject({
    user_email: 'consola',
    action: 'user.password',
    object_id: String(id),
    before: {},
    after: {},
  });
  // No hash, no password in the trail.
  expect(JSON.stringify(entry)).not.toContain('Nueva12345');
});

test('rule restablecer-contrasena: an unknown e-mail is refused in Spanish with exit 1', async () => {
  const run = await admin(
    ['restablecer-contrasena', '--email', 'nadie@tienda.mx', '--password-stdin'],
    'Nueva12345',
  );
  expect(run.code).toBe(1);
  expect(run.stderr.trim()).toBe(`Error: ${OPERATOR_MESSAGES.noAccount('nadie@tienda.mx')}`);
  expect(await auditRows()).toEqual([]);
});

test("promover and degradar change the role, exit 0, audited as 'consola' with the role before and after; a second promover changes nothing", async () => {
  const [adminId, customerId] = await createUsers(orm.em.fork(), [
    { email: 'jefa@tienda.mx', role: 'admin' },
    { email: 'cliente@tienda.mx' },
  ]);
  const promoted = await admin(['promover', '--email', 'cliente@tienda.mx']);
  expect(promoted.code).toBe(0);
  expect(promoted.stdout.trim()).toBe(
    `cliente@tienda.mx (id ${customerId}) ahora es administrador.`,
  );
  const again = await admin(['promover', '--email', 'cliente@tienda.mx']);
  expect(again.code).toBe(0);
  expect(again.stdout.trim()).toBe('cliente@tienda.mx ya era administrador: nada que cambiar.');
  const demoted = await admin(['degradar', '--email', 'jefa@tienda.mx']);
  expect(demoted.code).toBe(0);
  expect(demoted.stdout.trim()).toBe(
    `jefa@tienda.mx (id ${adminId}) ya no es administrador: ahora es cliente.`,
  );
  expect((await account('jefa@tienda.mx'))!.role).toBe('user');
  expect(
    (await auditRows()).map((r) => [r.user_email, r.action, r.object_id, r.before, r.after]),
  ).toEqual([
    ['consola', 'user.update', String(customerId), { role: 'user' }, { role: 'admin' }],
    ['consola', 'user.update', String(adminId), { role: 'admin' }, { role: 'user' }],
  ]);
});

test('rule degradar: the last active admin keeps the role (refused in Spanish, exit 1); an unknown e-mail is refused too', async () => {
  await createUsers(orm.em.fork(), [
    { email: 'jefa@tienda.mx', role: 'admin' },
    { email: 'antigua@tienda.mx', role: 'admin', active: false },
  ]);
  const last = await admin(['degradar', '--email', 'jefa@tienda.mx']);
  expect(last.code).toBe(1);
  expect(last.stderr.trim()).toBe(`Error: ${OPERATOR_MESSAGES.lastAdmin}`);
  expect((await account('jefa@tienda.mx'))!.role).toBe('admin');
  const unknown = await admin(['promover', '--email', 'nadie@tienda.mx']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr.trim()).toBe(`Error: ${OPERATOR_MESSAGES.noAccount('nadie@tienda.mx')}`);
  expect(await auditRows()).toEqual([]);
});

test("desactivar-2fa removes a locked-out admin's second factor and recovery codes, exit 0, audited as 'consola'; without one it is refused, exit 1", async () => {
  const [id] = await createUsers(orm.em.fork(), [{ email: 'jefa@tienda.mx', role: 'admin' }]);
  const em = orm.em.fork();
  await em.execute(
    `insert into user_second_factor (user_id, secret, enabled_at) values (?, 'JBSWY3DPEHPK3PXP', now())`,
    [id],
  );
  await em.execute(
    `insert into second_factor_recovery_code (user_id, code_hash) values (?, '\\x00'::bytea)`,
    [id],
  );
  const run = await admin(['desactivar-2fa', '--email', 'jefa@tienda.mx']);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(
    `Verificación en dos pasos desactivada para jefa@tienda.mx (id ${id})`,
  );
  expect(await em.execute('select 1 from user_second_factor where user_id = ?', [id])).toEqual([]);
  expect(
    await em.execute('select 1 from second_factor_recovery_code where user_id = ?', [id]),
  ).toEqual([]);
  expect((await auditRows()).map((r) => [r.user_email, r.action, r.before, r.after])).toEqual([
    ['consola', 'account.two_factor_off', { twoFactor: true }, { twoFactor: false }],
  ]);
  const none = await admin(['desactivar-2fa', '--email', 'jefa@tienda.mx']);
  expect(none.code).toBe(1);
  expect(none.stderr.trim()).toBe(`Error: ${OPERATOR_MESSAGES.noSecondFactor('jefa@tienda.mx')}`);
});

test('listar-admins lists the admin accounts (not customers) with their state and second factor, exit 0', async () => {
  const empty = await admin(['listar-admins']);
  expect(empty.code).toBe(0);
  expect(empty.stdout.trim()).toBe('No hay cuentas de administrador.');
  const [jefa, , antigua] = await createUsers(orm.em.fork(), [
    { email: 'jefa@tienda.mx', name: 'Jefa', role: 'admin' },
    { email: 'cliente@tienda.mx', name: 'Cliente' },
    { email: 'antigua@tienda.mx', name: 'Antigua', role: 'admin', active: false },
  ]);
  const run = await admin(['listar-admins']);
  expect(run.code).toBe(0);
  expect(run.stdout.trim().split('\n')).toEqual([
    'id  email              nombre   activa  2FA',
    `${jefa}   jefa@tienda.mx     Jefa     sí      no`,
    `${antigua}   antigua@tienda.mx  Antigua  no      no`,
    '2 cuentas.',
  ]);
});

test('rule no database: an unreachable DATABASE_URL says so in Spanish, exit 3', async () => {
  const port = await freePort();
  const run = await admin(['listar-admins'], undefined, {
    DATABASE_URL: `postgres://nadie:nada@127.0.0.1:${port}/tienda`,
  });
  expect(run.code).toBe(3);
  expect(run.stderr).toContain('Error: no se pudo abrir la base de datos');
});

test("rule embedded: with no DATABASE_URL the command line joins the running shop's embedded PostgreSQL instead of starting a second one", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-admin-cli-'));
  const port = await freePort();
  const shop = startShop(dir, port);
  try {
    await waitFor(shop, new RegExp(`Tienda lista en http://localhost:${port}`), 60_000);
    const run = await admin(
      ['crear-admin', '--email', 'otra@tienda.mx', '--nombre', 'Otra', '--password-stdin'],
      'Segura12345',
      { DATABASE_URL: '', DATA_DIR: dir },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const listed = await admin(['listar-admins'], undefined, { DATABASE_URL: '', DATA_DIR: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('otra@tienda.mx');
    // The shop still answers on its database.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  } finally {
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }
});
