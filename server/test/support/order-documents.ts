/**
 * GraphQL documents the invoicing tests use to buy and to move an order: a cart line, the one
 * address ('Reforma 10'), the checkout and the admin's status change.
 */
export const ADD = `mutation A($p: Int!, $s: String!, $q: Int!) {
  addToCart(productId: $p, size: $s, quantity: $q) { itemCount } }`;
export const ADDRESS = `mutation { addAddress(input: { firstName: "Ana", lastName: "López",
  street: "Reforma", number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX",
  state: "CDMX", references: "Portón", phone: "5512345678" }) { id } }`;
export const CHECKOUT = `mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) {
  id totalCents } }`;
export const UPDATE = `mutation U($id: Int!, $input: UpdateOrderInput!) {
  updateOrder(id: $id, input: $input) { id status } }`;
