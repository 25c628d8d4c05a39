import { Migration } from '@mikro-orm/migrations';

/**
 * The operator's command line writes to the audit trail too (issue 26 item 5: `npm run admin`).
 * Its changes have no signed-in user and no client address: an entry says 'consola' for the
 * e-mail and the address, with user id 0, which no account can have (app_user ids start at 1).
 * This check keeps that reading unambiguous: user id 0 is the console and only the console.
 */
export class Migration20261127091000AuditConsole extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table admin_audit add constraint admin_audit_console_check
        check (user_id > 0 or (user_id = 0 and user_email = 'consola' and ip = 'consola'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table admin_audit drop constraint if exists admin_audit_console_check;`);
  }
}
