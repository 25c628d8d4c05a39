import { Migration } from '@mikro-orm/migrations';

/**
 * Addresses that fit Mexico (issue 28 item 4): beside the spec's numeric exterior `number`, an
 * optional `interior_number` ('Depto. 4', 'Int. B', '12-B'; null when there is none), and
 * 'Sin número': an address without an exterior number keeps `number` null (shown 'S/N'). The rules
 * are `@tienda/rules`' (rules/src/addresses.ts); the checks here only keep the table honest.
 */
export class Migration20261127130000AddressInterior extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table address add column interior_number text;`);
    this.addSql(`alter table address alter column number drop not null;`);
    this.addSql(`
      alter table address
        add constraint address_interior_number_length
          check (interior_number is null or char_length(interior_number) between 1 and 20),
        add constraint address_number_not_empty check (number is null or number <> '');`);
  }

  override async down(): Promise<void> {
    this.addSql(`update address set number = 'S/N' where number is null;`);
    this.addSql(`
      alter table address drop constraint if exists address_number_not_empty,
        drop constraint if exists address_interior_number_length;`);
    this.addSql(`alter table address alter column number set not null;`);
    this.addSql(`alter table address drop column if exists interior_number;`);
  }
}
