import { Entity, ManyToOne, type Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity.js';
import { Product } from '../catalog/product.entity.js';

@Entity({ tableName: 'cart_line' })
export class CartLine {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Product, { deleteRule: 'cascade' })
  product!: Product;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'text' })
  size!: string;

  /** The spec's `comprado`: false while in the cart, true once checked out. */
  @Property({ type: 'boolean' })
  purchased: boolean & Opt = false;

  @Property({ type: 'datetime' })
  createdAt: Date & Opt = new Date();
}
