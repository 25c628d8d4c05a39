import { Migration } from '@mikro-orm/migrations';

/** The whole initial schema: catalogue, per-size stock, accounts, carts, addresses, orders. */
export class Migration20261122000000Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create extension if not exists unaccent;`);
    // unaccent() is only STABLE (it reads its dictionary by search_path); this wrapper names the
    // dictionary explicitly so it can be IMMUTABLE and back an expression index.
    this.addSql(`
      create or replace function f_unaccent(text) returns text
        language sql immutable parallel safe strict
        as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;`);
    // The one normal form for searching names: lower-case, no accents.
    this.addSql(`
      create or replace function f_search_text(text) returns text
        language sql immutable parallel safe strict
        as $$ select lower(public.f_unaccent($1)) $$;`);

    for (const table of ['product_type', 'brand', 'color']) {
      this.addSql(`
        create table ${table} (
          id serial primary key,
          name text not null check (btrim(name) <> '')
        );`);
      this.addSql(`create unique index ${table}_name_ci_key on ${table} (lower(name));`);
    }

    this.addSql(`
      create table product (
        id serial primary key,
        name text not null check (btrim(name) <> ''),
        description text not null,
        price_cents integer not null check (price_cents >= 0),
        promotion boolean not null default false,
        promotion_price_cents integer check (promotion_price_cents >= 0),
        unit_price_cents integer generated always as (
          case when promotion and promotion_price_cents is not null
            then promotion_price_cents else price_cents end
        ) stored,
        special boolean not null default false,
        gender text not null check (gender in ('Hombre', 'Mujer')),
        type_id integer references product_type (id) on delete set null,
        brand_id integer references brand (id) on delete set null,
        color_id integer references color (id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint product_promotion_price_check check (
          not promotion or (promotion_price_cents > 0 and promotion_price_cents < price_cents)
        )
      );`);
    this.addSql(`create index product_type_id_idx on product (type_id);`);
    this.addSql(`create index product_brand_id_idx on product (brand_id);`);
    this.addSql(`create index product_color_id_idx on product (color_id);`);
    this.addSql(`create index product_unit_price_idx on product (unit_price_cents, id);`);
    this.addSql(
      `create index product_promotion_idx on product (promotion_price_cents desc, id desc) where promotion;`,
    );
    this.addSql(`create index product_name_ci_idx on product (lower(name));`);
    this.addSql(
      `create index product_name_search_idx on product using gin (f_search_text(name) gin_trgm_ops);`,
    );

    this.addSql(`
      create table product_stock (
        product_id integer not null references product (id) on delete cascade,
        size text not null check (btrim(size) <> ''),
        position integer not null,
        quantity integer not null check (quantity >= 0),
        primary key (product_id, size)
      );`);
    this.addSql(
      `create index product_stock_in_stock_idx on product_stock (size, product_id) where quantity > 0;`,
    );

    this.addSql(`
      create table product_image (
        id serial primary key,
        product_id integer not null references product (id) on delete cascade,
        file_name text not null,
        position integer not null,
        unique (product_id, position)
      );`);

    this.addSql(`
      create table app_user (
        id serial primary key,
        name text not null,
        email text not null,
        password_hash text,
        role text not null default 'user' check (role in ('admin', 'user')),
        active boolean not null default true,
        google_id text unique,
        phone text,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create unique index app_user_email_ci_key on app_user (lower(email));`);

    this.addSql(`
      create table address (
        id serial primary key,
        user_id integer not null references app_user (id) on delete cascade,
        first_name text not null,
        last_name text not null,
        street text not null,
        number text not null,
        neighborhood text not null,
        postal_code text not null,
        city text not null,
        state text not null,
        "references" text not null,
        phone text not null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index address_user_id_idx on address (user_id);`);

    this.addSql(`
      create table cart_line (
        id serial primary key,
        user_id integer not null references app_user (id) on delete cascade,
        product_id integer not null references product (id) on delete cascade,
        quantity integer not null check (quantity > 0),
        size text not null,
        purchased boolean not null default false,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index cart_line_open_idx on cart_line (user_id) where not purchased;`);
    this.addSql(`create index cart_line_product_idx on cart_line (product_id);`);

    this.addSql(`
      create table shop_order (
        id serial primary key,
        user_id integer not null references app_user (id) on delete restrict,
        address_id integer references address (id) on delete set null,
        subtotal_cents integer not null check (subtotal_cents >= 0),
        shipping_cents integer not null check (shipping_cents >= 0),
        discount_cents integer not null check (discount_cents >= 0),
        total_cents integer not null check (total_cents >= 0),
        status text not null default 'En espera de pago' check (status in (
          'En espera de pago', 'Pagado', 'Enviado', 'Entregado',
          'Cancelado por falta de pago', 'Pagado por mercadopago')),
        tracking text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`create index shop_order_user_id_idx on shop_order (user_id);`);
    this.addSql(`create index shop_order_status_idx on shop_order (status);`);

    this.addSql(`
      create table order_line (
        id serial primary key,
        order_id integer not null references shop_order (id) on delete cascade,
        cart_line_id integer references cart_line (id) on delete set null,
        product_id integer references product (id) on delete set null,
        product_name text not null,
        size text not null,
        quantity integer not null check (quantity > 0),
        unit_price_cents integer not null check (unit_price_cents >= 0),
        on_promotion boolean not null
      );`);
    this.addSql(`create index order_line_order_id_idx on order_line (order_id);`);
    this.addSql(`create index order_line_product_id_idx on order_line (product_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists order_line, shop_order, cart_line, address, app_user, product_image, product_stock, product, color, brand, product_type cascade;`,
    );
    this.addSql(`drop function if exists f_search_text(text), f_unaccent(text);`);
  }
}
