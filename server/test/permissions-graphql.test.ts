import { INVOICING_OFF_MESSAGES } from '@tienda/rules';
import { buildGraphQLSchema } from '../src/api/graphql/build-schema.js';
import { rootAccessRules } from '../src/api/graphql/access.js';
import { ACCOUNT_MESSAGES } from '../src/modules/accounts/account-messages.js';
import { ROLES, shop, ids, nextNumber, uniqueEmail } from './support/permission-matrix.js';
import { customerLine, customerAddress, customerOrder } from './support/permission-matrix.js';
import { orderEmail, lookupItem, spareProduct } from './support/permission-matrix.js';
import { customerCartAndAddress, cookieFor, PUBLIC } from './support/permission-matrix.js';
import { SIGNED_IN, ADMIN, OWNER, GOOGLE_REFUSED, type Who } from './support/permission-matrix.js';
import { type Outcome, adminWithoutSecondFactor } from './support/permission-matrix.js';
import { spareCoupon, uniqueCouponCode } from './support/permission-matrix.js';
import { soldOutSize, spareSynonym, customerInvoicedOrder } from './support/permission-matrix.js';
import { customerReturn, deliveredCustomerOrder } from './support/permission-matrix.js';
import { customerPendingRefund } from './support/permission-matrix.js';
import { STOCK_ALERT_MESSAGES } from '@tienda/rules';
import { SECOND_FACTOR_MESSAGES } from '../src/modules/accounts/second-factor.js';

/**
 * The permission matrix through GraphQL: every operation called as an anonymous visitor, a
 * customer, another customer and an admin (support/permission-matrix.ts). An operation added
 * without a row here makes this file fail; a schema whose operation declares no rule fails to
 * build.
 */
/** A special product's input (no type needed), the sizes of the fixture's product 1. */
const productInput = (name: string) => ({
  special: true,
  name,
  description: 'Descripción',
  priceCents: 20_000,
  promotion: false,
  sizes: ['S', 'M', 'L', 'XL'],
  quantities: [1, 1, 1, 1],
});

/** The shop's settings as an empty shop has them (config.ts's defaults). */
const SHOP_SETTINGS_INPUT = {
  name: 'Tienda',
  legalName: '',
  address: '',
  phone: '',
  email: '',
  bank: 'BBVA México',
  holder: 'Tienda Demo S.A. de C.V.',
  account: '0123456789',
  clabe: '012180001234567899',
  card: '4152 3138 0000 0000',
  proofPhone: '5512345678',
  whatsappUrl: 'https://wa.me/525512345678',
  facebookUrl: 'https://www.facebook.com/tienda.demo',
  trustUrl: 'https://www.facebook.com/tienda.demo/reviews',
  carrier: 'Estafeta',
  trackingUrl: 'https://www.estafeta.com/rastreo?guia={guia}',
  ordersEmails: [],
};

const ADDRESS_INPUT = {
  firstName: 'Ana',
  lastName: 'López',
  street: 'Reforma',
  number: '10',
  neighborhood: 'Centro',
  postalCode: '06000',
  city: 'CDMX',
  state: 'CDMX',
  references: 'Portón negro',
  phone: '5512345678',
};

interface GraphQLCase {
  query: string;
  variables?: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  expected: Record<Who, Outcome>;
}

const GRAPHQL: Record<string, GraphQLCase> = {
  'Query.appVersion': { query: '{ appVersion }', expected: PUBLIC },
  'Query.shopSettings': { query: '{ shopSettings { whatsappUrl } }', expected: PUBLIC },
  'Query.products': { query: '{ products { total } }', expected: PUBLIC },
  'Query.newProducts': { query: '{ newProducts { id } }', expected: PUBLIC },
  'Query.product': { query: '{ product(id: 1) { id } }', expected: PUBLIC },
  'Query.types': { query: '{ types { id } }', expected: PUBLIC },
  'Query.brands': { query: '{ brands { id } }', expected: PUBLIC },
  'Query.colors': { query: '{ colors { id } }', expected: PUBLIC },
  'Mutation.createProductType': {
    query: 'mutation C($n: String!) { createProductType(name: $n) { id } }',
    variables: () => ({ n: `Nuevo ${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.updateProductType': {
    query: 'mutation U($id: Int!, $n: String!) { updateProductType(id: $id, name: $n) { id } }',
    variables: async () => ({
      id: await lookupItem('product_type'),
      n: `Renombrado ${nextNumber()}`,
    }),
    expected: ADMIN,
  },
  'Mutation.deleteProductType': {
    query: 'mutation D($id: Int!) { deleteProductType(id: $id) { id } }',
    variables: async () => ({ id: await lookupItem('product_type') }),
    expected: ADMIN,
  },
  'Mutation.createBrand': {
    query: 'mutation C($n: String!) { createBrand(name: $n) { brand { id } } }',
    variables: () => ({ n: `Nuevo ${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.updateBrand': {
    query: 'mutation U($id: Int!, $n: String!) { updateBrand(id: $id, name: $n) { id } }',
    variables: async () => ({ id: await lookupItem('brand'), n: `Renombrado ${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.deleteBrand': {
    query: 'mutation D($id: Int!) { deleteBrand(id: $id) { id } }',
    variables: async () => ({ id: await lookupItem('brand') }),
    expected: ADMIN,
  },
  'Query.adminProducts': {
    query: '{ adminProducts(search: "nike") { total items { id } } }',
    expected: ADMIN,
  },
  'Mutation.createProduct': {
    // Photos travel as multipart (admin-products-create.test.ts); without any the admin hears the rule.
    query: `mutation C($input: ProductInput!) { createProduct(input: $input, photos: []) { id } }`,
    variables: () => ({ input: productInput(`Playera Matriz ${nextNumber()}`) }),
    expected: { ...ADMIN, admin: { message: 'Por favor, llena todos los campos' } },
  },
  'Mutation.updateProduct': {
    query: `mutation U($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id } }`,
    variables: () => ({ id: 1, input: productInput('Playera Nike 1 Negro') }),
    expected: ADMIN,
  },
  'Mutation.deleteProduct': {
    query: 'mutation D($id: Int!) { deleteProduct(id: $id) }',
    variables: async () => ({ id: await spareProduct() }),
    expected: ADMIN,
  },
  'Mutation.createColor': {
    query: 'mutation C($n: String!) { createColor(name: $n) { id } }',
    variables: () => ({ n: `Nuevo ${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.updateColor': {
    query: 'mutation U($id: Int!, $n: String!) { updateColor(id: $id, name: $n) { id } }',
    variables: async () => ({ id: await lookupItem('color'), n: `Renombrado ${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.deleteColor': {
    query: 'mutation D($id: Int!) { deleteColor(id: $id) { id } }',
    variables: async () => ({ id: await lookupItem('color') }),
    expected: ADMIN,
  },
  'Query.searchSynonyms': { query: '{ searchSynonyms { id name } }', expected: ADMIN },
  'Query.searchSuggestions': {
    query: '{ searchSuggestions(search: "playra") { completions didYouMean } }',
    expected: PUBLIC,
  },
  'Query.searchMisses': { query: '{ searchMisses { search times day } }', expected: ADMIN },
  'Mutation.createSearchSynonym': {
    query: 'mutation C($n: String!) { createSearchSynonym(name: $n) { id } }',
    variables: () => ({ n: `alfa${nextNumber()} = beta${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.updateSearchSynonym': {
    query: 'mutation U($id: Int!, $n: String!) { updateSearchSynonym(id: $id, name: $n) { id } }',
    variables: async () => ({
      id: await spareSynonym(),
      n: `gama${nextNumber()} = delta${nextNumber()}`,
    }),
    expected: ADMIN,
  },
  'Mutation.deleteSearchSynonym': {
    query: 'mutation D($id: Int!) { deleteSearchSynonym(id: $id) { id } }',
    variables: async () => ({ id: await spareSynonym() }),
    expected: ADMIN,
  },
  'Query.me': { query: '{ me { id } }', expected: PUBLIC },
  'Query.emailAvailable': {
    query: '{ emailAvailable(email: "alguien@example.com") }',
    expected: PUBLIC,
  },
  'Query.users': { query: '{ users { total } }', expected: ADMIN },
  'Query.user': {
    query: 'query U($id: Int!) { user(id: $id) { id } }',
    variables: () => ({ id: ids.customer }),
    expected: OWNER,
  },
  'Mutation.register': {
    query: 'mutation R($input: RegisterInput!) { register(input: $input) { id } }',
    variables: () => ({
      input: { name: 'Nueva', phone: '5512345678', email: uniqueEmail(), password: 'Nueva1234' },
    }),
    expected: PUBLIC,
  },
  'Mutation.signIn': {
    query: 'mutation { signIn(email: "entrar@example.com", password: "Entrar123") { id } }',
    expected: PUBLIC,
  },
  'Mutation.signInWithGoogle': {
    query: 'mutation { signInWithGoogle(credential: "no-es-un-token") { id } }',
    expected: GOOGLE_REFUSED,
  },
  'Mutation.signOut': { query: 'mutation { signOut }', expected: PUBLIC },
  'Mutation.startTwoFactor': {
    query: 'mutation { startTwoFactor { secret } }',
    expected: {
      ...ADMIN,
      customer: { message: SECOND_FACTOR_MESSAGES.adminsOnly },
      otherCustomer: { message: SECOND_FACTOR_MESSAGES.adminsOnly },
    },
  },
  'Mutation.confirmTwoFactor': {
    query: 'mutation { confirmTwoFactor(code: "123456") }',
    variables: async () => {
      await adminWithoutSecondFactor();
      return {};
    },
    expected: {
      anonymous: 'UNAUTHENTICATED',
      customer: { message: SECOND_FACTOR_MESSAGES.adminsOnly },
      otherCustomer: { message: SECOND_FACTOR_MESSAGES.adminsOnly },
      admin: { message: SECOND_FACTOR_MESSAGES.notStarted },
    },
  },
  'Mutation.disableTwoFactor': {
    query: 'mutation { disableTwoFactor(code: "123456") }',
    expected: {
      anonymous: 'UNAUTHENTICATED',
      customer: { message: SECOND_FACTOR_MESSAGES.notEnabled },
      otherCustomer: { message: SECOND_FACTOR_MESSAGES.notEnabled },
      admin: { message: SECOND_FACTOR_MESSAGES.notEnabled },
    },
  },
  'Mutation.requestPasswordReset': {
    query: 'mutation { requestPasswordReset(email: "entrar@example.com") }',
    expected: PUBLIC,
  },
  'Mutation.resetPassword': {
    query:
      'mutation { resetPassword(token: "no-es-un-token-valido-de-nada", password: "Nueva1234") { id } }',
    expected: Object.fromEntries(
      ROLES.map((r) => [r, { message: ACCOUNT_MESSAGES.resetInvalid }]),
    ) as Record<Who, Outcome>,
  },
  'Mutation.changePassword': {
    query:
      'mutation { changePassword(currentPassword: "Incorrecta1", newPassword: "Nueva1234") { id } }',
    expected: {
      anonymous: 'UNAUTHENTICATED',
      customer: { message: ACCOUNT_MESSAGES.wrongCurrentPassword },
      otherCustomer: { message: ACCOUNT_MESSAGES.wrongCurrentPassword },
      admin: { message: ACCOUNT_MESSAGES.wrongCurrentPassword },
    },
  },
  'Query.orderEmails': {
    query: 'query E($id: Int!) { orderEmails(orderId: $id) { id status } }',
    variables: async () => ({ id: await customerOrder() }),
    expected: ADMIN,
  },
  'Mutation.resendOrderEmail': {
    query: 'mutation R($id: Int!) { resendOrderEmail(id: $id) { id status } }',
    variables: async () => ({ id: await orderEmail() }),
    expected: ADMIN,
  },

  'Query.cart': { query: '{ cart { itemCount } }', expected: SIGNED_IN },
  'Query.addresses': { query: '{ addresses { id } }', expected: SIGNED_IN },
  'Mutation.addToCart': {
    query: 'mutation { addToCart(productId: 1, size: "S", quantity: 1) { itemCount } }',
    expected: {
      ...SIGNED_IN,
      anonymous: { message: 'Debes iniciar sesión para agregar productos al carrito' },
    },
  },
  'Mutation.setCartLineQuantity': {
    query: 'mutation Q($id: Int!) { setCartLineQuantity(lineId: $id, quantity: 1) { itemCount } }',
    variables: async () => ({ id: await customerLine() }),
    expected: OWNER,
  },
  'Mutation.removeCartLine': {
    query: 'mutation R($id: Int!) { removeCartLine(lineId: $id) { itemCount } }',
    variables: async () => ({ id: await customerLine() }),
    expected: OWNER,
  },
  'Mutation.addAddress': {
    query: 'mutation A($input: AddressInput!) { addAddress(input: $input) { id } }',
    variables: () => ({ input: ADDRESS_INPUT }),
    expected: SIGNED_IN,
  },
  'Query.myFiscalData': { query: '{ myFiscalData { rfc } }', expected: SIGNED_IN },
  'Mutation.saveFiscalData': {
    query: 'mutation F($input: FiscalDataInput!) { saveFiscalData(input: $input) { rfc } }',
    variables: () => ({
      input: {
        rfc: 'CACX7605101P8',
        legalName: 'Xochilt Casas Chavez',
        taxRegime: '612',
        cfdiUse: 'G01',
        postalCode: '36257',
      },
    }),
    expected: SIGNED_IN,
  },
  // An order already invoiced answers its invoice (the stamping: invoices.test.ts).
  'Mutation.invoiceOrder': {
    query: 'mutation I($id: Int!) { invoiceOrder(orderId: $id) { uuid status } }',
    variables: async () => ({ id: await customerInvoicedOrder() }),
    expected: OWNER,
  },
  // The matrix's shop has no PAC: the owner (or an admin) reaches the service, which says so.
  'Mutation.correctInvoice': {
    query: 'mutation C($id: Int!) { correctInvoice(orderId: $id) { uuid status } }',
    variables: async () => ({ id: await customerInvoicedOrder() }),
    expected: {
      ...OWNER,
      customer: {
        message: INVOICING_OFF_MESSAGES.customer,
      },
      admin: {
        message: INVOICING_OFF_MESSAGES.customer,
      },
    },
  },
  'Query.invoicingAvailable': { query: '{ invoicingAvailable }', expected: ADMIN },
  'Mutation.markOrderRefunded': {
    query:
      'mutation M($id: Int!) { markOrderRefunded(orderId: $id, clabe: "012180001234567899") { status } }',
    variables: async () => ({ id: await customerPendingRefund() }),
    expected: ADMIN,
  },
  'Query.globalInvoices': {
    query: '{ globalInvoices { id uuid orderIds totalCents pdfUrl } }',
    expected: ADMIN,
  },
  // The matrix's shop has no PAC: a closed range reaches the service, which says invoicing is off.
  'Mutation.issueGlobalInvoice': {
    query:
      'mutation G { issueGlobalInvoice(from: "2020-02-01", to: "2020-02-29") { id uuid orderIds } }',
    expected: {
      ...ADMIN,
      admin: { message: INVOICING_OFF_MESSAGES.admin },
    },
  },
  'Mutation.setProductTypeSatKeys': {
    query:
      'mutation S($id: Int!) { setProductTypeSatKeys(id: $id, productKey: "53111600", unitKey: "PR") { id satProductKey satUnitKey } }',
    variables: async () => ({ id: await lookupItem('product_type') }),
    expected: ADMIN,
  },
  'Mutation.deleteAddress': {
    query: 'mutation D($id: Int!) { deleteAddress(id: $id) }',
    variables: async () => ({ id: await customerAddress() }),
    expected: OWNER,
  },

  'Query.orderSummary': {
    query:
      'query S($a: Int!) { orderSummary(addressId: $a, couponCode: "NOEXISTE") { totalCents couponRefusalReason } }',
    variables: async () => ({ a: await customerCartAndAddress() }),
    expected: OWNER,
  },
  'Query.coupons': {
    query: '{ coupons(limit: 5, search: "matriz") { total items { id code uses } } }',
    expected: ADMIN,
  },
  'Query.coupon': {
    query: 'query C($id: Int!) { coupon(id: $id) { id code } }',
    variables: async () => ({ id: await spareCoupon() }),
    expected: ADMIN,
  },
  'Mutation.createCoupon': {
    query: 'mutation C($input: CouponInput!) { createCoupon(input: $input) { id } }',
    variables: () => ({ input: { code: uniqueCouponCode('NUEVO'), kind: 'FIXED', value: 5000 } }),
    expected: ADMIN,
  },
  'Mutation.updateCoupon': {
    query:
      'mutation U($id: Int!, $input: CouponInput!) { updateCoupon(id: $id, input: $input) { id } }',
    variables: async () => ({
      id: await spareCoupon(),
      input: { code: uniqueCouponCode('EDITADO'), kind: 'PERCENTAGE', value: 15, maxUses: 3 },
    }),
    expected: ADMIN,
  },
  'Mutation.deactivateCoupon': {
    query: 'mutation D($id: Int!) { deactivateCoupon(id: $id) { id active } }',
    variables: async () => ({ id: await spareCoupon() }),
    expected: ADMIN,
  },
  'Mutation.checkout': {
    query:
      'mutation C($a: Int!, $k: String!) { checkout(addressId: $a, idempotencyKey: $k) { id } }',
    variables: async () => ({ a: await customerCartAndAddress(), k: `matriz-${uniqueEmail()}` }),
    // An admin may read the customer's address but buys with their own (empty) cart.
    expected: { ...OWNER, admin: { message: 'Debes seleccionar una dirección' } },
  },
  'Query.myOrders': { query: '{ myOrders { total items { id } } }', expected: SIGNED_IN },
  'Query.orders': {
    query: '{ orders(search: "pago", limit: 5) { total items { id userName } } }',
    expected: ADMIN,
  },
  'Query.stockDashboard': { query: '{ stockDashboard { typeName totalUnits } }', expected: ADMIN },
  'Query.stockAlertDemand': { query: '{ stockAlertDemand { size waiting } }', expected: ADMIN },
  'Mutation.requestStockAlert': {
    query: `mutation R($s: String!, $e: String) {
      requestStockAlert(productId: 1, size: $s, email: $e) { status email } }`,
    variables: async () => ({ s: await soldOutSize(), e: uniqueEmail() }),
    expected: PUBLIC,
  },
  'Mutation.confirmStockAlert': {
    query: 'mutation { confirmStockAlert(token: "no-es-un-token-valido-de-nada") { size } }',
    expected: Object.fromEntries(
      ROLES.map((r) => [r, { message: STOCK_ALERT_MESSAGES.invalidToken }]),
    ) as Record<Who, Outcome>,
  },
  'Query.adminActivity': {
    query: '{ adminActivity(limit: 5) { total items { id action changes { field } } } }',
    expected: ADMIN,
  },
  'Query.activityAdmins': { query: '{ activityAdmins { userId email } }', expected: ADMIN },
  'Query.adminSummary': {
    query:
      '{ adminSummary(from: "2026-11-01", to: "2026-11-30", lowStockThreshold: 3) { totals { orders revenueCents } days { day } lowStockTotal releasingTotal couponUses { code } } }',
    expected: ADMIN,
  },
  'Query.adminShopSettings': {
    query: '{ adminShopSettings { name clabe ordersEmails } }',
    expected: ADMIN,
  },
  'Mutation.updateShopSettings': {
    query: 'mutation U($input: ShopSettingsInput!) { updateShopSettings(input: $input) { clabe } }',
    variables: () => ({ input: SHOP_SETTINGS_INPUT }),
    expected: ADMIN,
  },
  'Query.legalPage': {
    query: '{ legalPage(kind: PRIVACY) { title markdown isDefault } }',
    expected: PUBLIC,
  },
  'Query.adminLegalTexts': {
    query: '{ adminLegalTexts { kind markdown defaultMarkdown } }',
    expected: ADMIN,
  },
  'Mutation.updateLegalText': {
    query:
      'mutation L($m: String!) { updateLegalText(kind: TERMS, markdown: $m) { kind isDefault } }',
    variables: () => ({ m: `Términos de {razonSocial} ${nextNumber()}` }),
    expected: ADMIN,
  },
  'Mutation.updateOrder': {
    query:
      'mutation U($id: Int!) { updateOrder(id: $id, input: { status: SHIPPED, tracking: "GUIA1", overrideReason: "Pago en tienda" }) { id } }',
    variables: async () => ({ id: await customerOrder() }),
    expected: ADMIN,
  },
  'Query.order': {
    query: 'query O($id: Int!) { order(id: $id) { id } }',
    variables: async () => ({ id: await customerOrder() }),
    expected: OWNER,
  },
  'Query.orderReturns': {
    query: 'query R($id: Int!) { orderReturns(orderId: $id) { canReturn closedReason } }',
    variables: async () => ({ id: await deliveredCustomerOrder() }),
    expected: OWNER,
  },
  'Query.returns': {
    query: '{ returns(limit: 5) { total items { id status } } }',
    expected: ADMIN,
  },
  'Mutation.requestReturn': {
    query:
      'mutation R($id: Int!) { requestReturn(orderId: $id, lines: [{ productId: 1, size: "M", quantity: 1, reason: "Talla" }]) { id } }',
    variables: async () => ({ id: await deliveredCustomerOrder() }),
    expected: OWNER,
  },
  'Mutation.updateReturn': {
    query: 'mutation U($id: Int!) { updateReturn(id: $id, input: { status: RECEIVED }) { id } }',
    variables: async () => ({ id: await customerReturn() }),
    expected: ADMIN,
  },

  'Mutation.createCardPayment': {
    query: 'mutation P($o: Int!) { createCardPayment(orderId: $o) { id } }',
    variables: async () => ({ o: await customerOrder() }),
    // Cards are off here (no MP_ACCESS_TOKEN): whoever may pay the order hears so.
    expected: {
      ...OWNER,
      customer: { message: 'Los pagos con tarjeta no están disponibles por ahora' },
      admin: { message: 'Los pagos con tarjeta no están disponibles por ahora' },
    },
  },
};

describe('permission matrix', () => {
  test('every GraphQL operation has a row, and every row an operation', async () => {
    const operations = [...rootAccessRules(await buildGraphQLSchema()).keys()].sort();
    expect(Object.keys(GRAPHQL).sort()).toEqual(operations);
  });

  const graphqlCases = Object.entries(GRAPHQL).flatMap(([op, c]) =>
    ROLES.map((who) => [op, who, c] as const),
  );
  test.each(graphqlCases)('GraphQL %s as %s', async (_op, who, c) => {
    const headers = await cookieFor(who);
    const res = await shop.app
      .client()
      .send(
        'post',
        '/graphql',
        { query: c.query, variables: (await c.variables?.()) ?? {} },
        headers,
      );
    const body = res.body as {
      data?: unknown;
      errors?: { message: string; extensions: { code: string } }[];
    };
    const expected = c.expected[who];
    if (expected === 'ok') {
      expect(body.errors).toBeUndefined();
    } else if (typeof expected === 'string') {
      expect(body.errors?.[0]?.extensions.code).toBe(expected);
      expect(body.errors?.[0]?.message).toBe(
        expected === 'FORBIDDEN' ? 'No tienes permiso para hacer esto' : 'Debes iniciar sesión',
      );
    } else {
      expect(body.errors?.[0]?.message).toBe(expected.message);
    }
  });
});

describe('fail closed', () => {
  test('a schema with an operation that declares no access rule refuses to build', async () => {
    const { buildSchema, Query, Resolver } = await import('type-graphql');
    const { assertEveryOperationHasAccess, authChecker } =
      await import('../src/api/graphql/access.js');
    @Resolver()
    class Forgotten {
      @Query(() => String)
      secret() {
        return 'x';
      }
    }
    const schema = await buildSchema({ resolvers: [Forgotten], authChecker });
    expect(() => assertEveryOperationHasAccess(schema)).toThrow(
      'Operaciones GraphQL sin regla de acceso (@Access): Query.secret',
    );
  });
});
