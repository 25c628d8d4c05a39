import { Entity, ManyToOne, type Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity.js';
import { Product } from '../catalog/product.entity.js';

@Entity({ tableName: 'cart_line' })
export class CartLine {
  @PrimaryKey()
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  /** null once the product was deleted: loading the cart removes the line and says so. */
  @ManyToOne(() => Product, { nullable: true, deleteRule: 'set null' })
  product: Product | null = null;

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
