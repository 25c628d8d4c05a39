import DataLoader from 'dataloader';
import type { AddressView } from '../addresses/address.service.js';
import type { OrderLineView, OrderService } from './order.service.js';

/**
 * Per-request batch loaders of orders' parts: every order's lines, customer name and address
 * asked for during one request are read in one SQL statement each (a page of 10 orders costs
 * what a page of 1 does). The service scopes them to what the actor may read.
 */
export function createOrderLoaders(orders: OrderService) {
  return {
    orderLines: new DataLoader<number, OrderLineView[]>((ids) => orders.linesOf(ids)),
    userName: new DataLoader<number, string | undefined>((ids) => orders.userNamesOf(ids)),
    /** Deleted addresses included: an order keeps the address it was sent to. */
    orderAddress: new DataLoader<number, AddressView | undefined>((ids) => orders.addressesOf(ids)),
  };
}

export type OrderLoaders = ReturnType<typeof createOrderLoaders>;
