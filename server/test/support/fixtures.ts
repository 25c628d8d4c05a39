import type { EntityManager } from '@mikro-orm/postgresql';
import { Brand, Color, ProductType } from '../../src/modules/catalog/lookup.entity.js';
import { Product, ProductImage, ProductStock } from '../../src/modules/catalog/product.entity.js';
import { genderFromName } from '../../src/modules/catalog/product-rules.js';
import { hashPassword } from '../../src/modules/accounts/password.js';

export interface ProductSpec {
  name: string;
  price: number; // pesos
  promo?: number; // promotion price in pesos
  type?: string;
  brand?: string;
  color?: string;
  stock?: Record<string, number>;
  images?: number;
}

async function lookup<T extends ProductType | Brand | Color>(
  em: EntityManager,
  cls: new () => T,
  name: string | undefined,
): Promise<T | null> {
  if (!name) return null;
  const found = await em.findOne(cls as never, { name } as never);
  if (found) return found as T;
  const created = em.create(cls as never, { name } as never) as T;
  await em.flush();
  return created;
}

/** Creates products exactly as described, with their lookups, stock rows and photo rows. */
export async function createProducts(em: EntityManager, specs: ProductSpec[]): Promise<Product[]> {
  const products: Product[] = [];
  for (const spec of specs) {
    const product = em.create(Product, {
      name: spec.name,
      description: `Descripción de ${spec.name}`,
      priceCents: Math.round(spec.price * 100),
      promotion: spec.promo !== undefined,
      promotionPriceCents: spec.promo !== undefined ? Math.round(spec.promo * 100) : null,
      gender: genderFromName(spec.name),
      type: await lookup(em, ProductType, spec.type),
      brand: await lookup(em, Brand, spec.brand),
      color: await lookup(em, Color, spec.color),
    });
    Object.entries(spec.stock ?? { S: 1, M: 1, L: 1, XL: 1 }).forEach(
      ([size, quantity], position) =>
        em.create(ProductStock, { product, size, quantity, position }),
    );
    for (let position = 0; position < (spec.images ?? 1); position += 1) {
      em.create(ProductImage, {
        product,
        fileName: `p-${spec.name.length}-${position}.webp`,
        position,
      });
    }
    await em.flush();
    products.push(product);
  }
  return products;
}

export interface UserSpec {
  name?: string;
  email: string;
  password?: string;
  role?: 'admin' | 'user';
  phone?: string;
  active?: boolean;
}

/** Inserts users directly (argon2id hashes), returning their ids in order. */
export async function createUsers(em: EntityManager, specs: UserSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const spec of specs) {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into app_user (name, email, password_hash, role, phone, active)
         values (?, ?, ?, ?, ?, ?) returning id`,
      [
        spec.name ?? spec.email.split('@')[0],
        spec.email.toLowerCase(),
        spec.password ? await hashPassword(spec.password) : null,
        spec.role ?? 'user',
        spec.phone ?? '5512345678',
        spec.active ?? true,
      ],
    );
    ids.push(row!.id);
  }
  return ids;
}
