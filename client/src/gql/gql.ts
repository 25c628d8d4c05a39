/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminActivity($filter: AuditFilter, $offset: Int!, $limit: Int!) {\n    adminActivity(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        at\n        userId\n        userEmail\n        ip\n        action\n        objectKind\n        objectId\n        objectLabel\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n": typeof types.AdminActivityDocument,
    "\n  query ActivityAdmins {\n    activityAdmins {\n      userId\n      email\n    }\n  }\n": typeof types.ActivityAdminsDocument,
    "\n  fragment AdminCouponFields on Coupon {\n    id\n    code\n    kind\n    value\n    validFrom\n    validUntil\n    maxUses\n    maxUsesPerCustomer\n    minimumCents\n    nonPromotionalOnly\n    active\n    uses\n    createdAt\n  }\n": typeof types.AdminCouponFieldsFragmentDoc,
    "\n  query AdminCoupons($search: String, $offset: Int!, $limit: Int!) {\n    coupons(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminCouponFields\n      }\n    }\n  }\n": typeof types.AdminCouponsDocument,
    "\n  mutation CreateCoupon($input: CouponInput!) {\n    createCoupon(input: $input) {\n      ...AdminCouponFields\n    }\n  }\n": typeof types.CreateCouponDocument,
    "\n  mutation UpdateCoupon($id: Int!, $input: CouponInput!) {\n    updateCoupon(id: $id, input: $input) {\n      ...AdminCouponFields\n    }\n  }\n": typeof types.UpdateCouponDocument,
    "\n  mutation DeactivateCoupon($id: Int!) {\n    deactivateCoupon(id: $id) {\n      ...AdminCouponFields\n    }\n  }\n": typeof types.DeactivateCouponDocument,
    "\n  query GlobalInvoices {\n    invoicingAvailable\n    globalInvoices {\n      id\n      status\n      uuid\n      from\n      to\n      periodicity\n      totalCents\n      orderIds\n      pdfUrl\n      xmlUrl\n    }\n  }\n": typeof types.GlobalInvoicesDocument,
    "\n  mutation IssueGlobalInvoice($from: String!, $to: String!) {\n    issueGlobalInvoice(from: $from, to: $to) {\n      id\n      uuid\n      orderIds\n      totalCents\n    }\n  }\n": typeof types.IssueGlobalInvoiceDocument,
    "\n  fragment AdminLegalTextFields on LegalText {\n    kind\n    title\n    markdown\n    defaultMarkdown\n    isDefault\n    updatedAt\n  }\n": typeof types.AdminLegalTextFieldsFragmentDoc,
    "\n  query AdminLegalTexts {\n    adminLegalTexts {\n      ...AdminLegalTextFields\n    }\n  }\n": typeof types.AdminLegalTextsDocument,
    "\n  mutation UpdateLegalText($kind: LegalTextKind!, $markdown: String!) {\n    updateLegalText(kind: $kind, markdown: $markdown) {\n      ...AdminLegalTextFields\n    }\n  }\n": typeof types.UpdateLegalTextDocument,
    "\n  fragment LookupLists on Query {\n    types {\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n    colors {\n      id\n      name\n    }\n  }\n": typeof types.LookupListsFragmentDoc,
    "\n  query AdminLookups {\n    ...LookupLists\n  }\n": typeof types.AdminLookupsDocument,
    "\n  mutation CreateProductType($name: String!) {\n    createProductType(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.CreateProductTypeDocument,
    "\n  mutation UpdateProductType($id: Int!, $name: String!) {\n    updateProductType(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateProductTypeDocument,
    "\n  mutation DeleteProductType($id: Int!) {\n    deleteProductType(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.DeleteProductTypeDocument,
    "\n  mutation CreateBrand($name: String!) {\n    createBrand(name: $name) {\n      brand {\n        id\n        name\n      }\n      variants {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CreateBrandDocument,
    "\n  mutation UpdateBrand($id: Int!, $name: String!) {\n    updateBrand(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateBrandDocument,
    "\n  mutation DeleteBrand($id: Int!) {\n    deleteBrand(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.DeleteBrandDocument,
    "\n  mutation CreateColor($name: String!) {\n    createColor(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.CreateColorDocument,
    "\n  mutation UpdateColor($id: Int!, $name: String!) {\n    updateColor(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateColorDocument,
    "\n  mutation DeleteColor($id: Int!) {\n    deleteColor(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.DeleteColorDocument,
    "\n  query AdminSearchSynonyms {\n    searchSynonyms {\n      id\n      name\n    }\n  }\n": typeof types.AdminSearchSynonymsDocument,
    "\n  mutation CreateSearchSynonym($name: String!) {\n    createSearchSynonym(name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.CreateSearchSynonymDocument,
    "\n  mutation UpdateSearchSynonym($id: Int!, $name: String!) {\n    updateSearchSynonym(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateSearchSynonymDocument,
    "\n  mutation DeleteSearchSynonym($id: Int!) {\n    deleteSearchSynonym(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.DeleteSearchSynonymDocument,
    "\n  query AdminSearchMisses {\n    searchMisses {\n      search\n      times\n      day\n    }\n  }\n": typeof types.AdminSearchMissesDocument,
    "\n  query TypeSatKeys {\n    types {\n      id\n      name\n      satProductKey\n      satUnitKey\n    }\n  }\n": typeof types.TypeSatKeysDocument,
    "\n  mutation SetProductTypeSatKeys($id: Int!, $productKey: String!, $unitKey: String!) {\n    setProductTypeSatKeys(id: $id, productKey: $productKey, unitKey: $unitKey) {\n      id\n      satProductKey\n      satUnitKey\n    }\n  }\n": typeof types.SetProductTypeSatKeysDocument,
    "\n  query AdminOrders($search: String, $offset: Int!, $limit: Int!) {\n    orders(search: $search, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        userName\n        createdAt\n        totalCents\n        status\n        tracking\n        refund {\n          orderId\n          status\n        }\n      }\n    }\n  }\n": typeof types.AdminOrdersDocument,
    "\n  query AdminOrderDetails($id: Int!) {\n    order(id: $id) {\n      id\n      status\n      tracking\n      subtotalCents\n      shippingCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      totalCents\n      refund {\n        ...AdminOrderRefundFields\n      }\n      invoice {\n        id\n        status\n        uuid\n        cancelMotive\n        cancelError\n        pdfUrl\n      }\n      cfdis {\n        id\n        kind\n        status\n        uuid\n        totalCents\n        returnId\n        cancelMotive\n        cancelError\n        skipReason\n        substitutedByUuid\n        relatedUuid\n        pdfUrl\n        xmlUrl\n      }\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        productId\n        productName\n        size\n        quantity\n        unitPriceCents\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n": typeof types.AdminOrderDetailsDocument,
    "\n  mutation UpdateOrder($id: Int!, $input: UpdateOrderInput!) {\n    updateOrder(id: $id, input: $input) {\n      id\n      status\n      tracking\n      refund {\n        orderId\n        status\n      }\n    }\n  }\n": typeof types.UpdateOrderDocument,
    "\n  query AdminOrderEmails($orderId: Int!) {\n    orderEmails(orderId: $orderId) {\n      id\n      kind\n      title\n      recipient\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      nextAttemptAt\n    }\n  }\n": typeof types.AdminOrderEmailsDocument,
    "\n  mutation ResendOrderEmail($id: Int!) {\n    resendOrderEmail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n      sentAt\n      nextAttemptAt\n    }\n  }\n": typeof types.ResendOrderEmailDocument,
    "\n  fragment AdminOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    createdAt\n    refundedAt\n    refundedByEmail\n  }\n": typeof types.AdminOrderRefundFieldsFragmentDoc,
    "\n  mutation MarkOrderRefunded($orderId: Int!, $clabe: String!) {\n    markOrderRefunded(orderId: $orderId, clabe: $clabe) {\n      ...AdminOrderRefundFields\n    }\n  }\n": typeof types.MarkOrderRefundedDocument,
    "\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    description\n    special\n  }\n": typeof types.AdminProductFieldsFragmentDoc,
    "\n  query AdminProducts($search: String, $offset: Int!, $limit: Int!) {\n    adminProducts(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminProductFields\n      }\n    }\n  }\n": typeof types.AdminProductsDocument,
    "\n  query ProductFormLookups {\n    ...LookupLists\n  }\n": typeof types.ProductFormLookupsDocument,
    "\n  mutation CreateProduct($input: ProductInput!, $photos: [Upload!]!) {\n    createProduct(input: $input, photos: $photos) {\n      ...AdminProductFields\n    }\n  }\n": typeof types.CreateProductDocument,
    "\n  mutation UpdateProduct(\n    $id: Int!\n    $input: ProductInput!\n    $photos: [Upload!]\n    $removeImageIds: [Int!]\n  ) {\n    updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $removeImageIds) {\n      ...AdminProductFields\n    }\n  }\n": typeof types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: Int!) {\n    deleteProduct(id: $id)\n  }\n": typeof types.DeleteProductDocument,
    "\n  fragment AdminReturnFields on Return {\n    id\n    orderId\n    status\n    refundCents\n    shippingRefundCents\n    refundMethod\n    clabe\n    exchangeOrderId\n    requestedAt\n    receivedAt\n    refundedAt\n    rejectedAt\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n      refundCents\n    }\n  }\n": typeof types.AdminReturnFieldsFragmentDoc,
    "\n  query AdminReturns($offset: Int!, $limit: Int!) {\n    returns(offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminReturnFields\n      }\n    }\n  }\n": typeof types.AdminReturnsDocument,
    "\n  mutation UpdateReturn($id: Int!, $input: ReturnUpdateInput!) {\n    updateReturn(id: $id, input: $input) {\n      ...AdminReturnFields\n    }\n  }\n": typeof types.UpdateReturnDocument,
    "\n  fragment AdminShopSettingsFields on AdminShopSettings {\n    name\n    legalName\n    address\n    phone\n    email\n    bank\n    holder\n    account\n    clabe\n    card\n    proofPhone\n    whatsappUrl\n    facebookUrl\n    trustUrl\n    carrier\n    trackingUrl\n    globalInvoicePeriodicity\n    ordersEmails\n  }\n": typeof types.AdminShopSettingsFieldsFragmentDoc,
    "\n  query AdminShopSettings {\n    adminShopSettings {\n      ...AdminShopSettingsFields\n    }\n  }\n": typeof types.AdminShopSettingsDocument,
    "\n  mutation UpdateShopSettings($input: ShopSettingsInput!) {\n    updateShopSettings(input: $input) {\n      ...AdminShopSettingsFields\n    }\n  }\n": typeof types.UpdateShopSettingsDocument,
    "\n  query StockDashboard {\n    stockDashboard {\n      typeId\n      typeName\n      totalUnits\n      sizes {\n        size\n        units\n      }\n      brands {\n        brandId\n        brandName\n        totalUnits\n        sizes {\n          size\n          units\n        }\n      }\n    }\n  }\n": typeof types.StockDashboardDocument,
    "\n  query StockAlertDemand {\n    stockAlertDemand {\n      productId\n      productName\n      size\n      waiting\n      units\n    }\n  }\n": typeof types.StockAlertDemandDocument,
    "\n  query AdminSummary($from: String!, $to: String!, $lowStockThreshold: Int) {\n    adminSummary(from: $from, to: $to, lowStockThreshold: $lowStockThreshold) {\n      from\n      to\n      totals {\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      days {\n        day\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      bestSellersByUnits {\n        productId\n        name\n        units\n        revenueCents\n      }\n      bestSellersByRevenue {\n        productId\n        name\n        units\n        revenueCents\n      }\n      lowStockThreshold\n      lowStockTotal\n      lowStock {\n        productId\n        name\n        size\n        quantity\n      }\n      releasingTotal\n      releasingTotalCents\n      releasing {\n        orderId\n        customerName\n        totalCents\n        placedAt\n        releasesAt\n      }\n      couponUses {\n        code\n        uses\n        discountCents\n      }\n    }\n  }\n": typeof types.AdminSummaryDocument,
    "\n  query AdminUsers($offset: Int!, $limit: Int!) {\n    users(offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        role\n      }\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  query ShopSettings {\n    shopSettings {\n      name\n      legalName\n      address\n      phone\n      email\n      whatsappUrl\n      facebookUrl\n      trustUrl\n    }\n  }\n": typeof types.ShopSettingsDocument,
    "\n  fragment PostalAddressFields on Address {\n    id\n    firstName\n    lastName\n    street\n    number\n    withoutNumber\n    interiorNumber\n    neighborhood\n    postalCode\n    city\n    state\n    references\n    phone\n  }\n": typeof types.PostalAddressFieldsFragmentDoc,
    "\n  fragment CartFields on Cart {\n    itemCount\n    notices {\n      message\n    }\n    lines {\n      id\n      size\n      quantity\n      stock\n      lineTotalCents\n      product {\n        id\n        name\n        unitPriceCents\n        images {\n          id\n          url\n        }\n      }\n    }\n  }\n": typeof types.CartFieldsFragmentDoc,
    "\n  query Cart {\n    cart {\n      ...CartFields\n    }\n  }\n": typeof types.CartDocument,
    "\n  mutation AddToCart($productId: Int!, $size: String!, $quantity: Int!) {\n    addToCart(productId: $productId, size: $size, quantity: $quantity) {\n      ...CartFields\n      addition {\n        added\n        message\n      }\n    }\n  }\n": typeof types.AddToCartDocument,
    "\n  fragment ProductFields on Product {\n    id\n    name\n    priceCents\n    onPromotion\n    promotionPriceCents\n    brand {\n      id\n      name\n    }\n    type {\n      id\n      name\n    }\n    color {\n      id\n      name\n    }\n    sizes {\n      size\n      stock\n    }\n    images {\n      id\n      url\n    }\n  }\n": typeof types.ProductFieldsFragmentDoc,
    "\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    role\n    phone\n    googleId\n    pictureUrl\n  }\n": typeof types.SessionUserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  mutation SignIn($email: String!, $password: String!, $code: String) {\n    signIn(email: $email, password: $password, code: $code) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignInWithGoogle($credential: String!, $code: String) {\n    signInWithGoogle(credential: $credential, code: $code) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.SignInWithGoogleDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  query EmailAvailable($email: String!) {\n    emailAvailable(email: $email)\n  }\n": typeof types.EmailAvailableDocument,
    "\n  query GoogleSignInSettings {\n    shopSettings {\n      googleClientId\n    }\n  }\n": typeof types.GoogleSignInSettingsDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword(\n    $token: String!\n    $password: String!\n    $passwordConfirmation: String\n    $code: String\n  ) {\n    resetPassword(\n      token: $token\n      password: $password\n      passwordConfirmation: $passwordConfirmation\n      code: $code\n    ) {\n      ...SessionUserFields\n      hasPassword\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation ChangePassword(\n    $currentPassword: String!\n    $newPassword: String!\n    $passwordConfirmation: String\n  ) {\n    changePassword(\n      currentPassword: $currentPassword\n      newPassword: $newPassword\n      passwordConfirmation: $passwordConfirmation\n    ) {\n      id\n      hasPassword\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query AccountPassword {\n    me {\n      id\n      hasPassword\n    }\n  }\n": typeof types.AccountPasswordDocument,
    "\n  query MyFiscalData {\n    myFiscalData {\n      ...FiscalDataFields\n    }\n  }\n": typeof types.MyFiscalDataDocument,
    "\n  fragment FiscalDataFields on FiscalData {\n    userId\n    rfc\n    legalName\n    taxRegime\n    cfdiUse\n    postalCode\n  }\n": typeof types.FiscalDataFieldsFragmentDoc,
    "\n  mutation SaveFiscalData($input: FiscalDataInput!) {\n    saveFiscalData(input: $input) {\n      ...FiscalDataFields\n    }\n  }\n": typeof types.SaveFiscalDataDocument,
    "\n  query TwoFactorStatus {\n    me {\n      id\n      twoFactorEnabled\n      twoFactorEnrolmentRequired\n    }\n  }\n": typeof types.TwoFactorStatusDocument,
    "\n  mutation StartTwoFactor {\n    startTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n    }\n  }\n": typeof types.StartTwoFactorDocument,
    "\n  mutation ConfirmTwoFactor($code: String!) {\n    confirmTwoFactor(code: $code)\n  }\n": typeof types.ConfirmTwoFactorDocument,
    "\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n": typeof types.DisableTwoFactorDocument,
    "\n  fragment AddressFields on Address {\n    ...PostalAddressFields\n    createdAt\n  }\n": typeof types.AddressFieldsFragmentDoc,
    "\n  query Addresses {\n    addresses {\n      ...AddressFields\n    }\n  }\n": typeof types.AddressesDocument,
    "\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      ...AddressFields\n    }\n  }\n": typeof types.AddAddressDocument,
    "\n  mutation DeleteAddress($id: Int!) {\n    deleteAddress(id: $id)\n  }\n": typeof types.DeleteAddressDocument,
    "\n  mutation SetCartLineQuantity($lineId: Int!, $quantity: Int!) {\n    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {\n      ...CartFields\n    }\n  }\n": typeof types.SetCartLineQuantityDocument,
    "\n  mutation RemoveCartLine($lineId: Int!) {\n    removeCartLine(lineId: $lineId) {\n      ...CartFields\n    }\n  }\n": typeof types.RemoveCartLineDocument,
    "\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    unitPriceCents\n    totalStock\n  }\n": typeof types.ProductCardFieldsFragmentDoc,
    "\n  fragment ProductPageFields on ProductPage {\n    total\n    offset\n    limit\n    items {\n      ...ProductCardFields\n    }\n  }\n": typeof types.ProductPageFieldsFragmentDoc,
    "\n  query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n      facets {\n        brands {\n          value\n          count\n        }\n        types {\n          value\n          count\n        }\n        priceRanges {\n          value\n          count\n        }\n        sizes {\n          value\n          count\n        }\n        sexes {\n          value\n          count\n        }\n        colors {\n          value\n          count\n        }\n      }\n    }\n  }\n": typeof types.CatalogPageDocument,
    "\n  query ProductList($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n    }\n  }\n": typeof types.ProductListDocument,
    "\n  query NewProducts {\n    newProducts {\n      ...ProductCardFields\n    }\n  }\n": typeof types.NewProductsDocument,
    "\n  query SearchSuggestions($search: String!) {\n    searchSuggestions(search: $search) {\n      completions\n      didYouMean\n    }\n  }\n": typeof types.SearchSuggestionsDocument,
    "\n  query LegalPage($kind: LegalTextKind!) {\n    legalPage(kind: $kind) {\n      kind\n      title\n      markdown\n      updatedAt\n    }\n  }\n": typeof types.LegalPageDocument,
    "\n  query OrderSummary($addressId: Int!, $couponCode: String) {\n    orderSummary(addressId: $addressId, couponCode: $couponCode) {\n      couponCode\n      couponRefusal\n      couponRefusalReason\n      subtotalCents\n      shippingCents\n      discountCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      bulkUnits\n      totalCents\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        id\n        size\n        quantity\n        lineTotalCents\n        product {\n          id\n          name\n          unitPriceCents\n          onPromotion\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n": typeof types.OrderSummaryDocument,
    "\n  mutation Checkout($addressId: Int!, $idempotencyKey: String!, $couponCode: String) {\n    checkout(addressId: $addressId, idempotencyKey: $idempotencyKey, couponCode: $couponCode) {\n      id\n      status\n      couponCode\n      totalCents\n    }\n  }\n": typeof types.CheckoutDocument,
    "\n  fragment OrderFields on Order {\n    id\n    status\n    paid\n    paymentSettled\n    tracking\n    trackingUrl\n    createdAt\n    holdUntil\n    subtotalCents\n    shippingCents\n    discountCents\n    adjustments {\n      code\n      label\n      amountCents\n    }\n    totalCents\n    lines {\n      cartLineId\n      productId\n      productName\n      size\n      quantity\n      unitPriceCents\n      onPromotion\n    }\n  }\n": typeof types.OrderFieldsFragmentDoc,
    "\n  query PaymentOrder($id: Int!) {\n    order(id: $id) {\n      ...OrderFields\n      lines {\n        cartLineId\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n    }\n  }\n": typeof types.PaymentOrderDocument,
    "\n  query PaymentSettings {\n    shopSettings {\n      cardPaymentsEnabled\n      bankTransfer {\n        bank\n        holder\n        account\n        clabe\n        card\n        proofPhone\n      }\n    }\n  }\n": typeof types.PaymentSettingsDocument,
    "\n  mutation CreateCardPayment($orderId: Int!) {\n    createCardPayment(orderId: $orderId) {\n      id\n      initPoint\n    }\n  }\n": typeof types.CreateCardPaymentDocument,
    "\n  query MyOrders($offset: Int!, $limit: Int!) {\n    myOrders(offset: $offset, limit: $limit) {\n      total\n      items {\n        ...OrderFields\n        invoice {\n          ...InvoiceFields\n        }\n        cfdis {\n          ...CfdiFields\n        }\n        refund {\n          ...MyOrderRefundFields\n        }\n      }\n    }\n    shopSettings {\n      carrier\n    }\n  }\n": typeof types.MyOrdersDocument,
    "\n  fragment MyOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    refundedAt\n  }\n": typeof types.MyOrderRefundFieldsFragmentDoc,
    "\n  fragment InvoiceFields on Invoice {\n    id\n    orderId\n    status\n    uuid\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n": typeof types.InvoiceFieldsFragmentDoc,
    "\n  fragment CfdiFields on Invoice {\n    id\n    kind\n    status\n    uuid\n    totalCents\n    returnId\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n": typeof types.CfdiFieldsFragmentDoc,
    "\n  mutation CorrectInvoice($orderId: Int!) {\n    correctInvoice(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n": typeof types.CorrectInvoiceDocument,
    "\n  mutation InvoiceOrder($orderId: Int!) {\n    invoiceOrder(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n": typeof types.InvoiceOrderDocument,
    "\n  query ProductDetail($id: Int!) {\n    product(id: $id) {\n      ...ProductFields\n      description\n      unitPriceCents\n      gender\n      sharePath\n      images {\n        fileName\n      }\n    }\n  }\n": typeof types.ProductDetailDocument,
    "\n  fragment ReturnFields on Return {\n    id\n    status\n    refundCents\n    requestedAt\n    refundedAt\n    exchangeOrderId\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n    }\n  }\n": typeof types.ReturnFieldsFragmentDoc,
    "\n  query OrderReturns($orderId: Int!) {\n    orderReturns(orderId: $orderId) {\n      orderId\n      canReturn\n      deadline\n      closedReason\n      returns {\n        ...ReturnFields\n      }\n    }\n    order(id: $orderId) {\n      id\n      lines {\n        productId\n        productName\n        size\n        quantity\n        product {\n          id\n          sizes {\n            size\n            stock\n          }\n        }\n      }\n    }\n  }\n": typeof types.OrderReturnsDocument,
    "\n  mutation RequestReturn($orderId: Int!, $lines: [ReturnLineInput!]!) {\n    requestReturn(orderId: $orderId, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n": typeof types.RequestReturnDocument,
    "\n  mutation RequestStockAlert($productId: Int!, $size: String!, $email: String) {\n    requestStockAlert(productId: $productId, size: $size, email: $email) {\n      status\n      email\n      message\n    }\n  }\n": typeof types.RequestStockAlertDocument,
    "\n  mutation ConfirmStockAlert($token: String!) {\n    confirmStockAlert(token: $token) {\n      productId\n      productName\n      size\n      inStock\n      message\n    }\n  }\n": typeof types.ConfirmStockAlertDocument,
};
const documents: Documents = {
    "\n  query AdminActivity($filter: AuditFilter, $offset: Int!, $limit: Int!) {\n    adminActivity(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        at\n        userId\n        userEmail\n        ip\n        action\n        objectKind\n        objectId\n        objectLabel\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n": types.AdminActivityDocument,
    "\n  query ActivityAdmins {\n    activityAdmins {\n      userId\n      email\n    }\n  }\n": types.ActivityAdminsDocument,
    "\n  fragment AdminCouponFields on Coupon {\n    id\n    code\n    kind\n    value\n    validFrom\n    validUntil\n    maxUses\n    maxUsesPerCustomer\n    minimumCents\n    nonPromotionalOnly\n    active\n    uses\n    createdAt\n  }\n": types.AdminCouponFieldsFragmentDoc,
    "\n  query AdminCoupons($search: String, $offset: Int!, $limit: Int!) {\n    coupons(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminCouponFields\n      }\n    }\n  }\n": types.AdminCouponsDocument,
    "\n  mutation CreateCoupon($input: CouponInput!) {\n    createCoupon(input: $input) {\n      ...AdminCouponFields\n    }\n  }\n": types.CreateCouponDocument,
    "\n  mutation UpdateCoupon($id: Int!, $input: CouponInput!) {\n    updateCoupon(id: $id, input: $input) {\n      ...AdminCouponFields\n    }\n  }\n": types.UpdateCouponDocument,
    "\n  mutation DeactivateCoupon($id: Int!) {\n    deactivateCoupon(id: $id) {\n      ...AdminCouponFields\n    }\n  }\n": types.DeactivateCouponDocument,
    "\n  query GlobalInvoices {\n    invoicingAvailable\n    globalInvoices {\n      id\n      status\n      uuid\n      from\n      to\n      periodicity\n      totalCents\n      orderIds\n      pdfUrl\n      xmlUrl\n    }\n  }\n": types.GlobalInvoicesDocument,
    "\n  mutation IssueGlobalInvoice($from: String!, $to: String!) {\n    issueGlobalInvoice(from: $from, to: $to) {\n      id\n      uuid\n      orderIds\n      totalCents\n    }\n  }\n": types.IssueGlobalInvoiceDocument,
    "\n  fragment AdminLegalTextFields on LegalText {\n    kind\n    title\n    markdown\n    defaultMarkdown\n    isDefault\n    updatedAt\n  }\n": types.AdminLegalTextFieldsFragmentDoc,
    "\n  query AdminLegalTexts {\n    adminLegalTexts {\n      ...AdminLegalTextFields\n    }\n  }\n": types.AdminLegalTextsDocument,
    "\n  mutation UpdateLegalText($kind: LegalTextKind!, $markdown: String!) {\n    updateLegalText(kind: $kind, markdown: $markdown) {\n      ...AdminLegalTextFields\n    }\n  }\n": types.UpdateLegalTextDocument,
    "\n  fragment LookupLists on Query {\n    types {\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n    colors {\n      id\n      name\n    }\n  }\n": types.LookupListsFragmentDoc,
    "\n  query AdminLookups {\n    ...LookupLists\n  }\n": types.AdminLookupsDocument,
    "\n  mutation CreateProductType($name: String!) {\n    createProductType(name: $name) {\n      id\n      name\n    }\n  }\n": types.CreateProductTypeDocument,
    "\n  mutation UpdateProductType($id: Int!, $name: String!) {\n    updateProductType(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.UpdateProductTypeDocument,
    "\n  mutation DeleteProductType($id: Int!) {\n    deleteProductType(id: $id) {\n      id\n      name\n    }\n  }\n": types.DeleteProductTypeDocument,
    "\n  mutation CreateBrand($name: String!) {\n    createBrand(name: $name) {\n      brand {\n        id\n        name\n      }\n      variants {\n        id\n        name\n      }\n    }\n  }\n": types.CreateBrandDocument,
    "\n  mutation UpdateBrand($id: Int!, $name: String!) {\n    updateBrand(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.UpdateBrandDocument,
    "\n  mutation DeleteBrand($id: Int!) {\n    deleteBrand(id: $id) {\n      id\n      name\n    }\n  }\n": types.DeleteBrandDocument,
    "\n  mutation CreateColor($name: String!) {\n    createColor(name: $name) {\n      id\n      name\n    }\n  }\n": types.CreateColorDocument,
    "\n  mutation UpdateColor($id: Int!, $name: String!) {\n    updateColor(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.UpdateColorDocument,
    "\n  mutation DeleteColor($id: Int!) {\n    deleteColor(id: $id) {\n      id\n      name\n    }\n  }\n": types.DeleteColorDocument,
    "\n  query AdminSearchSynonyms {\n    searchSynonyms {\n      id\n      name\n    }\n  }\n": types.AdminSearchSynonymsDocument,
    "\n  mutation CreateSearchSynonym($name: String!) {\n    createSearchSynonym(name: $name) {\n      id\n      name\n    }\n  }\n": types.CreateSearchSynonymDocument,
    "\n  mutation UpdateSearchSynonym($id: Int!, $name: String!) {\n    updateSearchSynonym(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n": types.UpdateSearchSynonymDocument,
    "\n  mutation DeleteSearchSynonym($id: Int!) {\n    deleteSearchSynonym(id: $id) {\n      id\n      name\n    }\n  }\n": types.DeleteSearchSynonymDocument,
    "\n  query AdminSearchMisses {\n    searchMisses {\n      search\n      times\n      day\n    }\n  }\n": types.AdminSearchMissesDocument,
    "\n  query TypeSatKeys {\n    types {\n      id\n      name\n      satProductKey\n      satUnitKey\n    }\n  }\n": types.TypeSatKeysDocument,
    "\n  mutation SetProductTypeSatKeys($id: Int!, $productKey: String!, $unitKey: String!) {\n    setProductTypeSatKeys(id: $id, productKey: $productKey, unitKey: $unitKey) {\n      id\n      satProductKey\n      satUnitKey\n    }\n  }\n": types.SetProductTypeSatKeysDocument,
    "\n  query AdminOrders($search: String, $offset: Int!, $limit: Int!) {\n    orders(search: $search, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        userName\n        createdAt\n        totalCents\n        status\n        tracking\n        refund {\n          orderId\n          status\n        }\n      }\n    }\n  }\n": types.AdminOrdersDocument,
    "\n  query AdminOrderDetails($id: Int!) {\n    order(id: $id) {\n      id\n      status\n      tracking\n      subtotalCents\n      shippingCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      totalCents\n      refund {\n        ...AdminOrderRefundFields\n      }\n      invoice {\n        id\n        status\n        uuid\n        cancelMotive\n        cancelError\n        pdfUrl\n      }\n      cfdis {\n        id\n        kind\n        status\n        uuid\n        totalCents\n        returnId\n        cancelMotive\n        cancelError\n        skipReason\n        substitutedByUuid\n        relatedUuid\n        pdfUrl\n        xmlUrl\n      }\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        productId\n        productName\n        size\n        quantity\n        unitPriceCents\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n": types.AdminOrderDetailsDocument,
    "\n  mutation UpdateOrder($id: Int!, $input: UpdateOrderInput!) {\n    updateOrder(id: $id, input: $input) {\n      id\n      status\n      tracking\n      refund {\n        orderId\n        status\n      }\n    }\n  }\n": types.UpdateOrderDocument,
    "\n  query AdminOrderEmails($orderId: Int!) {\n    orderEmails(orderId: $orderId) {\n      id\n      kind\n      title\n      recipient\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      nextAttemptAt\n    }\n  }\n": types.AdminOrderEmailsDocument,
    "\n  mutation ResendOrderEmail($id: Int!) {\n    resendOrderEmail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n      sentAt\n      nextAttemptAt\n    }\n  }\n": types.ResendOrderEmailDocument,
    "\n  fragment AdminOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    createdAt\n    refundedAt\n    refundedByEmail\n  }\n": types.AdminOrderRefundFieldsFragmentDoc,
    "\n  mutation MarkOrderRefunded($orderId: Int!, $clabe: String!) {\n    markOrderRefunded(orderId: $orderId, clabe: $clabe) {\n      ...AdminOrderRefundFields\n    }\n  }\n": types.MarkOrderRefundedDocument,
    "\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    description\n    special\n  }\n": types.AdminProductFieldsFragmentDoc,
    "\n  query AdminProducts($search: String, $offset: Int!, $limit: Int!) {\n    adminProducts(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminProductFields\n      }\n    }\n  }\n": types.AdminProductsDocument,
    "\n  query ProductFormLookups {\n    ...LookupLists\n  }\n": types.ProductFormLookupsDocument,
    "\n  mutation CreateProduct($input: ProductInput!, $photos: [Upload!]!) {\n    createProduct(input: $input, photos: $photos) {\n      ...AdminProductFields\n    }\n  }\n": types.CreateProductDocument,
    "\n  mutation UpdateProduct(\n    $id: Int!\n    $input: ProductInput!\n    $photos: [Upload!]\n    $removeImageIds: [Int!]\n  ) {\n    updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $removeImageIds) {\n      ...AdminProductFields\n    }\n  }\n": types.UpdateProductDocument,
    "\n  mutation DeleteProduct($id: Int!) {\n    deleteProduct(id: $id)\n  }\n": types.DeleteProductDocument,
    "\n  fragment AdminReturnFields on Return {\n    id\n    orderId\n    status\n    refundCents\n    shippingRefundCents\n    refundMethod\n    clabe\n    exchangeOrderId\n    requestedAt\n    receivedAt\n    refundedAt\n    rejectedAt\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n      refundCents\n    }\n  }\n": types.AdminReturnFieldsFragmentDoc,
    "\n  query AdminReturns($offset: Int!, $limit: Int!) {\n    returns(offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminReturnFields\n      }\n    }\n  }\n": types.AdminReturnsDocument,
    "\n  mutation UpdateReturn($id: Int!, $input: ReturnUpdateInput!) {\n    updateReturn(id: $id, input: $input) {\n      ...AdminReturnFields\n    }\n  }\n": types.UpdateReturnDocument,
    "\n  fragment AdminShopSettingsFields on AdminShopSettings {\n    name\n    legalName\n    address\n    phone\n    email\n    bank\n    holder\n    account\n    clabe\n    card\n    proofPhone\n    whatsappUrl\n    facebookUrl\n    trustUrl\n    carrier\n    trackingUrl\n    globalInvoicePeriodicity\n    ordersEmails\n  }\n": types.AdminShopSettingsFieldsFragmentDoc,
    "\n  query AdminShopSettings {\n    adminShopSettings {\n      ...AdminShopSettingsFields\n    }\n  }\n": types.AdminShopSettingsDocument,
    "\n  mutation UpdateShopSettings($input: ShopSettingsInput!) {\n    updateShopSettings(input: $input) {\n      ...AdminShopSettingsFields\n    }\n  }\n": types.UpdateShopSettingsDocument,
    "\n  query StockDashboard {\n    stockDashboard {\n      typeId\n      typeName\n      totalUnits\n      sizes {\n        size\n        units\n      }\n      brands {\n        brandId\n        brandName\n        totalUnits\n        sizes {\n          size\n          units\n        }\n      }\n    }\n  }\n": types.StockDashboardDocument,
    "\n  query StockAlertDemand {\n    stockAlertDemand {\n      productId\n      productName\n      size\n      waiting\n      units\n    }\n  }\n": types.StockAlertDemandDocument,
    "\n  query AdminSummary($from: String!, $to: String!, $lowStockThreshold: Int) {\n    adminSummary(from: $from, to: $to, lowStockThreshold: $lowStockThreshold) {\n      from\n      to\n      totals {\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      days {\n        day\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      bestSellersByUnits {\n        productId\n        name\n        units\n        revenueCents\n      }\n      bestSellersByRevenue {\n        productId\n        name\n        units\n        revenueCents\n      }\n      lowStockThreshold\n      lowStockTotal\n      lowStock {\n        productId\n        name\n        size\n        quantity\n      }\n      releasingTotal\n      releasingTotalCents\n      releasing {\n        orderId\n        customerName\n        totalCents\n        placedAt\n        releasesAt\n      }\n      couponUses {\n        code\n        uses\n        discountCents\n      }\n    }\n  }\n": types.AdminSummaryDocument,
    "\n  query AdminUsers($offset: Int!, $limit: Int!) {\n    users(offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        role\n      }\n    }\n  }\n": types.AdminUsersDocument,
    "\n  query ShopSettings {\n    shopSettings {\n      name\n      legalName\n      address\n      phone\n      email\n      whatsappUrl\n      facebookUrl\n      trustUrl\n    }\n  }\n": types.ShopSettingsDocument,
    "\n  fragment PostalAddressFields on Address {\n    id\n    firstName\n    lastName\n    street\n    number\n    withoutNumber\n    interiorNumber\n    neighborhood\n    postalCode\n    city\n    state\n    references\n    phone\n  }\n": types.PostalAddressFieldsFragmentDoc,
    "\n  fragment CartFields on Cart {\n    itemCount\n    notices {\n      message\n    }\n    lines {\n      id\n      size\n      quantity\n      stock\n      lineTotalCents\n      product {\n        id\n        name\n        unitPriceCents\n        images {\n          id\n          url\n        }\n      }\n    }\n  }\n": types.CartFieldsFragmentDoc,
    "\n  query Cart {\n    cart {\n      ...CartFields\n    }\n  }\n": types.CartDocument,
    "\n  mutation AddToCart($productId: Int!, $size: String!, $quantity: Int!) {\n    addToCart(productId: $productId, size: $size, quantity: $quantity) {\n      ...CartFields\n      addition {\n        added\n        message\n      }\n    }\n  }\n": types.AddToCartDocument,
    "\n  fragment ProductFields on Product {\n    id\n    name\n    priceCents\n    onPromotion\n    promotionPriceCents\n    brand {\n      id\n      name\n    }\n    type {\n      id\n      name\n    }\n    color {\n      id\n      name\n    }\n    sizes {\n      size\n      stock\n    }\n    images {\n      id\n      url\n    }\n  }\n": types.ProductFieldsFragmentDoc,
    "\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    role\n    phone\n    googleId\n    pictureUrl\n  }\n": types.SessionUserFieldsFragmentDoc,
    "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n": types.MeDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  mutation SignIn($email: String!, $password: String!, $code: String) {\n    signIn(email: $email, password: $password, code: $code) {\n      ...SessionUserFields\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignInWithGoogle($credential: String!, $code: String) {\n    signInWithGoogle(credential: $credential, code: $code) {\n      ...SessionUserFields\n    }\n  }\n": types.SignInWithGoogleDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n": types.RegisterDocument,
    "\n  query EmailAvailable($email: String!) {\n    emailAvailable(email: $email)\n  }\n": types.EmailAvailableDocument,
    "\n  query GoogleSignInSettings {\n    shopSettings {\n      googleClientId\n    }\n  }\n": types.GoogleSignInSettingsDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword(\n    $token: String!\n    $password: String!\n    $passwordConfirmation: String\n    $code: String\n  ) {\n    resetPassword(\n      token: $token\n      password: $password\n      passwordConfirmation: $passwordConfirmation\n      code: $code\n    ) {\n      ...SessionUserFields\n      hasPassword\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation ChangePassword(\n    $currentPassword: String!\n    $newPassword: String!\n    $passwordConfirmation: String\n  ) {\n    changePassword(\n      currentPassword: $currentPassword\n      newPassword: $newPassword\n      passwordConfirmation: $passwordConfirmation\n    ) {\n      id\n      hasPassword\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  query AccountPassword {\n    me {\n      id\n      hasPassword\n    }\n  }\n": types.AccountPasswordDocument,
    "\n  query MyFiscalData {\n    myFiscalData {\n      ...FiscalDataFields\n    }\n  }\n": types.MyFiscalDataDocument,
    "\n  fragment FiscalDataFields on FiscalData {\n    userId\n    rfc\n    legalName\n    taxRegime\n    cfdiUse\n    postalCode\n  }\n": types.FiscalDataFieldsFragmentDoc,
    "\n  mutation SaveFiscalData($input: FiscalDataInput!) {\n    saveFiscalData(input: $input) {\n      ...FiscalDataFields\n    }\n  }\n": types.SaveFiscalDataDocument,
    "\n  query TwoFactorStatus {\n    me {\n      id\n      twoFactorEnabled\n      twoFactorEnrolmentRequired\n    }\n  }\n": types.TwoFactorStatusDocument,
    "\n  mutation StartTwoFactor {\n    startTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n    }\n  }\n": types.StartTwoFactorDocument,
    "\n  mutation ConfirmTwoFactor($code: String!) {\n    confirmTwoFactor(code: $code)\n  }\n": types.ConfirmTwoFactorDocument,
    "\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n": types.DisableTwoFactorDocument,
    "\n  fragment AddressFields on Address {\n    ...PostalAddressFields\n    createdAt\n  }\n": types.AddressFieldsFragmentDoc,
    "\n  query Addresses {\n    addresses {\n      ...AddressFields\n    }\n  }\n": types.AddressesDocument,
    "\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      ...AddressFields\n    }\n  }\n": types.AddAddressDocument,
    "\n  mutation DeleteAddress($id: Int!) {\n    deleteAddress(id: $id)\n  }\n": types.DeleteAddressDocument,
    "\n  mutation SetCartLineQuantity($lineId: Int!, $quantity: Int!) {\n    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {\n      ...CartFields\n    }\n  }\n": types.SetCartLineQuantityDocument,
    "\n  mutation RemoveCartLine($lineId: Int!) {\n    removeCartLine(lineId: $lineId) {\n      ...CartFields\n    }\n  }\n": types.RemoveCartLineDocument,
    "\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    unitPriceCents\n    totalStock\n  }\n": types.ProductCardFieldsFragmentDoc,
    "\n  fragment ProductPageFields on ProductPage {\n    total\n    offset\n    limit\n    items {\n      ...ProductCardFields\n    }\n  }\n": types.ProductPageFieldsFragmentDoc,
    "\n  query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n      facets {\n        brands {\n          value\n          count\n        }\n        types {\n          value\n          count\n        }\n        priceRanges {\n          value\n          count\n        }\n        sizes {\n          value\n          count\n        }\n        sexes {\n          value\n          count\n        }\n        colors {\n          value\n          count\n        }\n      }\n    }\n  }\n": types.CatalogPageDocument,
    "\n  query ProductList($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n    }\n  }\n": types.ProductListDocument,
    "\n  query NewProducts {\n    newProducts {\n      ...ProductCardFields\n    }\n  }\n": types.NewProductsDocument,
    "\n  query SearchSuggestions($search: String!) {\n    searchSuggestions(search: $search) {\n      completions\n      didYouMean\n    }\n  }\n": types.SearchSuggestionsDocument,
    "\n  query LegalPage($kind: LegalTextKind!) {\n    legalPage(kind: $kind) {\n      kind\n      title\n      markdown\n      updatedAt\n    }\n  }\n": types.LegalPageDocument,
    "\n  query OrderSummary($addressId: Int!, $couponCode: String) {\n    orderSummary(addressId: $addressId, couponCode: $couponCode) {\n      couponCode\n      couponRefusal\n      couponRefusalReason\n      subtotalCents\n      shippingCents\n      discountCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      bulkUnits\n      totalCents\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        id\n        size\n        quantity\n        lineTotalCents\n        product {\n          id\n          name\n          unitPriceCents\n          onPromotion\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n": types.OrderSummaryDocument,
    "\n  mutation Checkout($addressId: Int!, $idempotencyKey: String!, $couponCode: String) {\n    checkout(addressId: $addressId, idempotencyKey: $idempotencyKey, couponCode: $couponCode) {\n      id\n      status\n      couponCode\n      totalCents\n    }\n  }\n": types.CheckoutDocument,
    "\n  fragment OrderFields on Order {\n    id\n    status\n    paid\n    paymentSettled\n    tracking\n    trackingUrl\n    createdAt\n    holdUntil\n    subtotalCents\n    shippingCents\n    discountCents\n    adjustments {\n      code\n      label\n      amountCents\n    }\n    totalCents\n    lines {\n      cartLineId\n      productId\n      productName\n      size\n      quantity\n      unitPriceCents\n      onPromotion\n    }\n  }\n": types.OrderFieldsFragmentDoc,
    "\n  query PaymentOrder($id: Int!) {\n    order(id: $id) {\n      ...OrderFields\n      lines {\n        cartLineId\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n    }\n  }\n": types.PaymentOrderDocument,
    "\n  query PaymentSettings {\n    shopSettings {\n      cardPaymentsEnabled\n      bankTransfer {\n        bank\n        holder\n        account\n        clabe\n        card\n        proofPhone\n      }\n    }\n  }\n": types.PaymentSettingsDocument,
    "\n  mutation CreateCardPayment($orderId: Int!) {\n    createCardPayment(orderId: $orderId) {\n      id\n      initPoint\n    }\n  }\n": types.CreateCardPaymentDocument,
    "\n  query MyOrders($offset: Int!, $limit: Int!) {\n    myOrders(offset: $offset, limit: $limit) {\n      total\n      items {\n        ...OrderFields\n        invoice {\n          ...InvoiceFields\n        }\n        cfdis {\n          ...CfdiFields\n        }\n        refund {\n          ...MyOrderRefundFields\n        }\n      }\n    }\n    shopSettings {\n      carrier\n    }\n  }\n": types.MyOrdersDocument,
    "\n  fragment MyOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    refundedAt\n  }\n": types.MyOrderRefundFieldsFragmentDoc,
    "\n  fragment InvoiceFields on Invoice {\n    id\n    orderId\n    status\n    uuid\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n": types.InvoiceFieldsFragmentDoc,
    "\n  fragment CfdiFields on Invoice {\n    id\n    kind\n    status\n    uuid\n    totalCents\n    returnId\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n": types.CfdiFieldsFragmentDoc,
    "\n  mutation CorrectInvoice($orderId: Int!) {\n    correctInvoice(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n": types.CorrectInvoiceDocument,
    "\n  mutation InvoiceOrder($orderId: Int!) {\n    invoiceOrder(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n": types.InvoiceOrderDocument,
    "\n  query ProductDetail($id: Int!) {\n    product(id: $id) {\n      ...ProductFields\n      description\n      unitPriceCents\n      gender\n      sharePath\n      images {\n        fileName\n      }\n    }\n  }\n": types.ProductDetailDocument,
    "\n  fragment ReturnFields on Return {\n    id\n    status\n    refundCents\n    requestedAt\n    refundedAt\n    exchangeOrderId\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n    }\n  }\n": types.ReturnFieldsFragmentDoc,
    "\n  query OrderReturns($orderId: Int!) {\n    orderReturns(orderId: $orderId) {\n      orderId\n      canReturn\n      deadline\n      closedReason\n      returns {\n        ...ReturnFields\n      }\n    }\n    order(id: $orderId) {\n      id\n      lines {\n        productId\n        productName\n        size\n        quantity\n        product {\n          id\n          sizes {\n            size\n            stock\n          }\n        }\n      }\n    }\n  }\n": types.OrderReturnsDocument,
    "\n  mutation RequestReturn($orderId: Int!, $lines: [ReturnLineInput!]!) {\n    requestReturn(orderId: $orderId, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n": types.RequestReturnDocument,
    "\n  mutation RequestStockAlert($productId: Int!, $size: String!, $email: String) {\n    requestStockAlert(productId: $productId, size: $size, email: $email) {\n      status\n      email\n      message\n    }\n  }\n": types.RequestStockAlertDocument,
    "\n  mutation ConfirmStockAlert($token: String!) {\n    confirmStockAlert(token: $token) {\n      productId\n      productName\n      size\n      inStock\n      message\n    }\n  }\n": types.ConfirmStockAlertDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminActivity($filter: AuditFilter, $offset: Int!, $limit: Int!) {\n    adminActivity(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        at\n        userId\n        userEmail\n        ip\n        action\n        objectKind\n        objectId\n        objectLabel\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminActivity($filter: AuditFilter, $offset: Int!, $limit: Int!) {\n    adminActivity(filter: $filter, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        at\n        userId\n        userEmail\n        ip\n        action\n        objectKind\n        objectId\n        objectLabel\n        changes {\n          field\n          before\n          after\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityAdmins {\n    activityAdmins {\n      userId\n      email\n    }\n  }\n"): (typeof documents)["\n  query ActivityAdmins {\n    activityAdmins {\n      userId\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminCouponFields on Coupon {\n    id\n    code\n    kind\n    value\n    validFrom\n    validUntil\n    maxUses\n    maxUsesPerCustomer\n    minimumCents\n    nonPromotionalOnly\n    active\n    uses\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminCouponFields on Coupon {\n    id\n    code\n    kind\n    value\n    validFrom\n    validUntil\n    maxUses\n    maxUsesPerCustomer\n    minimumCents\n    nonPromotionalOnly\n    active\n    uses\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminCoupons($search: String, $offset: Int!, $limit: Int!) {\n    coupons(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminCouponFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminCoupons($search: String, $offset: Int!, $limit: Int!) {\n    coupons(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminCouponFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCoupon($input: CouponInput!) {\n    createCoupon(input: $input) {\n      ...AdminCouponFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCoupon($input: CouponInput!) {\n    createCoupon(input: $input) {\n      ...AdminCouponFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCoupon($id: Int!, $input: CouponInput!) {\n    updateCoupon(id: $id, input: $input) {\n      ...AdminCouponFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateCoupon($id: Int!, $input: CouponInput!) {\n    updateCoupon(id: $id, input: $input) {\n      ...AdminCouponFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateCoupon($id: Int!) {\n    deactivateCoupon(id: $id) {\n      ...AdminCouponFields\n    }\n  }\n"): (typeof documents)["\n  mutation DeactivateCoupon($id: Int!) {\n    deactivateCoupon(id: $id) {\n      ...AdminCouponFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GlobalInvoices {\n    invoicingAvailable\n    globalInvoices {\n      id\n      status\n      uuid\n      from\n      to\n      periodicity\n      totalCents\n      orderIds\n      pdfUrl\n      xmlUrl\n    }\n  }\n"): (typeof documents)["\n  query GlobalInvoices {\n    invoicingAvailable\n    globalInvoices {\n      id\n      status\n      uuid\n      from\n      to\n      periodicity\n      totalCents\n      orderIds\n      pdfUrl\n      xmlUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IssueGlobalInvoice($from: String!, $to: String!) {\n    issueGlobalInvoice(from: $from, to: $to) {\n      id\n      uuid\n      orderIds\n      totalCents\n    }\n  }\n"): (typeof documents)["\n  mutation IssueGlobalInvoice($from: String!, $to: String!) {\n    issueGlobalInvoice(from: $from, to: $to) {\n      id\n      uuid\n      orderIds\n      totalCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminLegalTextFields on LegalText {\n    kind\n    title\n    markdown\n    defaultMarkdown\n    isDefault\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment AdminLegalTextFields on LegalText {\n    kind\n    title\n    markdown\n    defaultMarkdown\n    isDefault\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLegalTexts {\n    adminLegalTexts {\n      ...AdminLegalTextFields\n    }\n  }\n"): (typeof documents)["\n  query AdminLegalTexts {\n    adminLegalTexts {\n      ...AdminLegalTextFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateLegalText($kind: LegalTextKind!, $markdown: String!) {\n    updateLegalText(kind: $kind, markdown: $markdown) {\n      ...AdminLegalTextFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateLegalText($kind: LegalTextKind!, $markdown: String!) {\n    updateLegalText(kind: $kind, markdown: $markdown) {\n      ...AdminLegalTextFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LookupLists on Query {\n    types {\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n    colors {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment LookupLists on Query {\n    types {\n      id\n      name\n    }\n    brands {\n      id\n      name\n    }\n    colors {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLookups {\n    ...LookupLists\n  }\n"): (typeof documents)["\n  query AdminLookups {\n    ...LookupLists\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProductType($name: String!) {\n    createProductType(name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProductType($name: String!) {\n    createProductType(name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProductType($id: Int!, $name: String!) {\n    updateProductType(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProductType($id: Int!, $name: String!) {\n    updateProductType(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProductType($id: Int!) {\n    deleteProductType(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteProductType($id: Int!) {\n    deleteProductType(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBrand($name: String!) {\n    createBrand(name: $name) {\n      brand {\n        id\n        name\n      }\n      variants {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBrand($name: String!) {\n    createBrand(name: $name) {\n      brand {\n        id\n        name\n      }\n      variants {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBrand($id: Int!, $name: String!) {\n    updateBrand(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBrand($id: Int!, $name: String!) {\n    updateBrand(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBrand($id: Int!) {\n    deleteBrand(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteBrand($id: Int!) {\n    deleteBrand(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateColor($name: String!) {\n    createColor(name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateColor($name: String!) {\n    createColor(name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateColor($id: Int!, $name: String!) {\n    updateColor(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateColor($id: Int!, $name: String!) {\n    updateColor(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteColor($id: Int!) {\n    deleteColor(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteColor($id: Int!) {\n    deleteColor(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSearchSynonyms {\n    searchSynonyms {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query AdminSearchSynonyms {\n    searchSynonyms {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSearchSynonym($name: String!) {\n    createSearchSynonym(name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSearchSynonym($name: String!) {\n    createSearchSynonym(name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSearchSynonym($id: Int!, $name: String!) {\n    updateSearchSynonym(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateSearchSynonym($id: Int!, $name: String!) {\n    updateSearchSynonym(id: $id, name: $name) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSearchSynonym($id: Int!) {\n    deleteSearchSynonym(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteSearchSynonym($id: Int!) {\n    deleteSearchSynonym(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSearchMisses {\n    searchMisses {\n      search\n      times\n      day\n    }\n  }\n"): (typeof documents)["\n  query AdminSearchMisses {\n    searchMisses {\n      search\n      times\n      day\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TypeSatKeys {\n    types {\n      id\n      name\n      satProductKey\n      satUnitKey\n    }\n  }\n"): (typeof documents)["\n  query TypeSatKeys {\n    types {\n      id\n      name\n      satProductKey\n      satUnitKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetProductTypeSatKeys($id: Int!, $productKey: String!, $unitKey: String!) {\n    setProductTypeSatKeys(id: $id, productKey: $productKey, unitKey: $unitKey) {\n      id\n      satProductKey\n      satUnitKey\n    }\n  }\n"): (typeof documents)["\n  mutation SetProductTypeSatKeys($id: Int!, $productKey: String!, $unitKey: String!) {\n    setProductTypeSatKeys(id: $id, productKey: $productKey, unitKey: $unitKey) {\n      id\n      satProductKey\n      satUnitKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrders($search: String, $offset: Int!, $limit: Int!) {\n    orders(search: $search, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        userName\n        createdAt\n        totalCents\n        status\n        tracking\n        refund {\n          orderId\n          status\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOrders($search: String, $offset: Int!, $limit: Int!) {\n    orders(search: $search, offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        userName\n        createdAt\n        totalCents\n        status\n        tracking\n        refund {\n          orderId\n          status\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrderDetails($id: Int!) {\n    order(id: $id) {\n      id\n      status\n      tracking\n      subtotalCents\n      shippingCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      totalCents\n      refund {\n        ...AdminOrderRefundFields\n      }\n      invoice {\n        id\n        status\n        uuid\n        cancelMotive\n        cancelError\n        pdfUrl\n      }\n      cfdis {\n        id\n        kind\n        status\n        uuid\n        totalCents\n        returnId\n        cancelMotive\n        cancelError\n        skipReason\n        substitutedByUuid\n        relatedUuid\n        pdfUrl\n        xmlUrl\n      }\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        productId\n        productName\n        size\n        quantity\n        unitPriceCents\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOrderDetails($id: Int!) {\n    order(id: $id) {\n      id\n      status\n      tracking\n      subtotalCents\n      shippingCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      totalCents\n      refund {\n        ...AdminOrderRefundFields\n      }\n      invoice {\n        id\n        status\n        uuid\n        cancelMotive\n        cancelError\n        pdfUrl\n      }\n      cfdis {\n        id\n        kind\n        status\n        uuid\n        totalCents\n        returnId\n        cancelMotive\n        cancelError\n        skipReason\n        substitutedByUuid\n        relatedUuid\n        pdfUrl\n        xmlUrl\n      }\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        productId\n        productName\n        size\n        quantity\n        unitPriceCents\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrder($id: Int!, $input: UpdateOrderInput!) {\n    updateOrder(id: $id, input: $input) {\n      id\n      status\n      tracking\n      refund {\n        orderId\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrder($id: Int!, $input: UpdateOrderInput!) {\n    updateOrder(id: $id, input: $input) {\n      id\n      status\n      tracking\n      refund {\n        orderId\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOrderEmails($orderId: Int!) {\n    orderEmails(orderId: $orderId) {\n      id\n      kind\n      title\n      recipient\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      nextAttemptAt\n    }\n  }\n"): (typeof documents)["\n  query AdminOrderEmails($orderId: Int!) {\n    orderEmails(orderId: $orderId) {\n      id\n      kind\n      title\n      recipient\n      status\n      attempts\n      lastError\n      createdAt\n      sentAt\n      nextAttemptAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendOrderEmail($id: Int!) {\n    resendOrderEmail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n      sentAt\n      nextAttemptAt\n    }\n  }\n"): (typeof documents)["\n  mutation ResendOrderEmail($id: Int!) {\n    resendOrderEmail(id: $id) {\n      id\n      status\n      attempts\n      lastError\n      sentAt\n      nextAttemptAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    createdAt\n    refundedAt\n    refundedByEmail\n  }\n"): (typeof documents)["\n  fragment AdminOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    createdAt\n    refundedAt\n    refundedByEmail\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkOrderRefunded($orderId: Int!, $clabe: String!) {\n    markOrderRefunded(orderId: $orderId, clabe: $clabe) {\n      ...AdminOrderRefundFields\n    }\n  }\n"): (typeof documents)["\n  mutation MarkOrderRefunded($orderId: Int!, $clabe: String!) {\n    markOrderRefunded(orderId: $orderId, clabe: $clabe) {\n      ...AdminOrderRefundFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    description\n    special\n  }\n"): (typeof documents)["\n  fragment AdminProductFields on Product {\n    ...ProductFields\n    description\n    special\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProducts($search: String, $offset: Int!, $limit: Int!) {\n    adminProducts(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminProductFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminProducts($search: String, $offset: Int!, $limit: Int!) {\n    adminProducts(search: $search, offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminProductFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductFormLookups {\n    ...LookupLists\n  }\n"): (typeof documents)["\n  query ProductFormLookups {\n    ...LookupLists\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProduct($input: ProductInput!, $photos: [Upload!]!) {\n    createProduct(input: $input, photos: $photos) {\n      ...AdminProductFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProduct($input: ProductInput!, $photos: [Upload!]!) {\n    createProduct(input: $input, photos: $photos) {\n      ...AdminProductFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct(\n    $id: Int!\n    $input: ProductInput!\n    $photos: [Upload!]\n    $removeImageIds: [Int!]\n  ) {\n    updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $removeImageIds) {\n      ...AdminProductFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProduct(\n    $id: Int!\n    $input: ProductInput!\n    $photos: [Upload!]\n    $removeImageIds: [Int!]\n  ) {\n    updateProduct(id: $id, input: $input, photos: $photos, removeImageIds: $removeImageIds) {\n      ...AdminProductFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProduct($id: Int!) {\n    deleteProduct(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProduct($id: Int!) {\n    deleteProduct(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminReturnFields on Return {\n    id\n    orderId\n    status\n    refundCents\n    shippingRefundCents\n    refundMethod\n    clabe\n    exchangeOrderId\n    requestedAt\n    receivedAt\n    refundedAt\n    rejectedAt\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n      refundCents\n    }\n  }\n"): (typeof documents)["\n  fragment AdminReturnFields on Return {\n    id\n    orderId\n    status\n    refundCents\n    shippingRefundCents\n    refundMethod\n    clabe\n    exchangeOrderId\n    requestedAt\n    receivedAt\n    refundedAt\n    rejectedAt\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n      refundCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminReturns($offset: Int!, $limit: Int!) {\n    returns(offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminReturnFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminReturns($offset: Int!, $limit: Int!) {\n    returns(offset: $offset, limit: $limit) {\n      total\n      offset\n      limit\n      items {\n        ...AdminReturnFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateReturn($id: Int!, $input: ReturnUpdateInput!) {\n    updateReturn(id: $id, input: $input) {\n      ...AdminReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateReturn($id: Int!, $input: ReturnUpdateInput!) {\n    updateReturn(id: $id, input: $input) {\n      ...AdminReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminShopSettingsFields on AdminShopSettings {\n    name\n    legalName\n    address\n    phone\n    email\n    bank\n    holder\n    account\n    clabe\n    card\n    proofPhone\n    whatsappUrl\n    facebookUrl\n    trustUrl\n    carrier\n    trackingUrl\n    globalInvoicePeriodicity\n    ordersEmails\n  }\n"): (typeof documents)["\n  fragment AdminShopSettingsFields on AdminShopSettings {\n    name\n    legalName\n    address\n    phone\n    email\n    bank\n    holder\n    account\n    clabe\n    card\n    proofPhone\n    whatsappUrl\n    facebookUrl\n    trustUrl\n    carrier\n    trackingUrl\n    globalInvoicePeriodicity\n    ordersEmails\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminShopSettings {\n    adminShopSettings {\n      ...AdminShopSettingsFields\n    }\n  }\n"): (typeof documents)["\n  query AdminShopSettings {\n    adminShopSettings {\n      ...AdminShopSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateShopSettings($input: ShopSettingsInput!) {\n    updateShopSettings(input: $input) {\n      ...AdminShopSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateShopSettings($input: ShopSettingsInput!) {\n    updateShopSettings(input: $input) {\n      ...AdminShopSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StockDashboard {\n    stockDashboard {\n      typeId\n      typeName\n      totalUnits\n      sizes {\n        size\n        units\n      }\n      brands {\n        brandId\n        brandName\n        totalUnits\n        sizes {\n          size\n          units\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query StockDashboard {\n    stockDashboard {\n      typeId\n      typeName\n      totalUnits\n      sizes {\n        size\n        units\n      }\n      brands {\n        brandId\n        brandName\n        totalUnits\n        sizes {\n          size\n          units\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StockAlertDemand {\n    stockAlertDemand {\n      productId\n      productName\n      size\n      waiting\n      units\n    }\n  }\n"): (typeof documents)["\n  query StockAlertDemand {\n    stockAlertDemand {\n      productId\n      productName\n      size\n      waiting\n      units\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminSummary($from: String!, $to: String!, $lowStockThreshold: Int) {\n    adminSummary(from: $from, to: $to, lowStockThreshold: $lowStockThreshold) {\n      from\n      to\n      totals {\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      days {\n        day\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      bestSellersByUnits {\n        productId\n        name\n        units\n        revenueCents\n      }\n      bestSellersByRevenue {\n        productId\n        name\n        units\n        revenueCents\n      }\n      lowStockThreshold\n      lowStockTotal\n      lowStock {\n        productId\n        name\n        size\n        quantity\n      }\n      releasingTotal\n      releasingTotalCents\n      releasing {\n        orderId\n        customerName\n        totalCents\n        placedAt\n        releasesAt\n      }\n      couponUses {\n        code\n        uses\n        discountCents\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminSummary($from: String!, $to: String!, $lowStockThreshold: Int) {\n    adminSummary(from: $from, to: $to, lowStockThreshold: $lowStockThreshold) {\n      from\n      to\n      totals {\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      days {\n        day\n        orders\n        units\n        revenueCents\n        averageTicketCents\n        discountCents\n      }\n      bestSellersByUnits {\n        productId\n        name\n        units\n        revenueCents\n      }\n      bestSellersByRevenue {\n        productId\n        name\n        units\n        revenueCents\n      }\n      lowStockThreshold\n      lowStockTotal\n      lowStock {\n        productId\n        name\n        size\n        quantity\n      }\n      releasingTotal\n      releasingTotalCents\n      releasing {\n        orderId\n        customerName\n        totalCents\n        placedAt\n        releasesAt\n      }\n      couponUses {\n        code\n        uses\n        discountCents\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($offset: Int!, $limit: Int!) {\n    users(offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        role\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($offset: Int!, $limit: Int!) {\n    users(offset: $offset, limit: $limit) {\n      total\n      items {\n        id\n        name\n        email\n        role\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShopSettings {\n    shopSettings {\n      name\n      legalName\n      address\n      phone\n      email\n      whatsappUrl\n      facebookUrl\n      trustUrl\n    }\n  }\n"): (typeof documents)["\n  query ShopSettings {\n    shopSettings {\n      name\n      legalName\n      address\n      phone\n      email\n      whatsappUrl\n      facebookUrl\n      trustUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PostalAddressFields on Address {\n    id\n    firstName\n    lastName\n    street\n    number\n    withoutNumber\n    interiorNumber\n    neighborhood\n    postalCode\n    city\n    state\n    references\n    phone\n  }\n"): (typeof documents)["\n  fragment PostalAddressFields on Address {\n    id\n    firstName\n    lastName\n    street\n    number\n    withoutNumber\n    interiorNumber\n    neighborhood\n    postalCode\n    city\n    state\n    references\n    phone\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CartFields on Cart {\n    itemCount\n    notices {\n      message\n    }\n    lines {\n      id\n      size\n      quantity\n      stock\n      lineTotalCents\n      product {\n        id\n        name\n        unitPriceCents\n        images {\n          id\n          url\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment CartFields on Cart {\n    itemCount\n    notices {\n      message\n    }\n    lines {\n      id\n      size\n      quantity\n      stock\n      lineTotalCents\n      product {\n        id\n        name\n        unitPriceCents\n        images {\n          id\n          url\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Cart {\n    cart {\n      ...CartFields\n    }\n  }\n"): (typeof documents)["\n  query Cart {\n    cart {\n      ...CartFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddToCart($productId: Int!, $size: String!, $quantity: Int!) {\n    addToCart(productId: $productId, size: $size, quantity: $quantity) {\n      ...CartFields\n      addition {\n        added\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddToCart($productId: Int!, $size: String!, $quantity: Int!) {\n    addToCart(productId: $productId, size: $size, quantity: $quantity) {\n      ...CartFields\n      addition {\n        added\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductFields on Product {\n    id\n    name\n    priceCents\n    onPromotion\n    promotionPriceCents\n    brand {\n      id\n      name\n    }\n    type {\n      id\n      name\n    }\n    color {\n      id\n      name\n    }\n    sizes {\n      size\n      stock\n    }\n    images {\n      id\n      url\n    }\n  }\n"): (typeof documents)["\n  fragment ProductFields on Product {\n    id\n    name\n    priceCents\n    onPromotion\n    promotionPriceCents\n    brand {\n      id\n      name\n    }\n    type {\n      id\n      name\n    }\n    color {\n      id\n      name\n    }\n    sizes {\n      size\n      stock\n    }\n    images {\n      id\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    role\n    phone\n    googleId\n    pictureUrl\n  }\n"): (typeof documents)["\n  fragment SessionUserFields on User {\n    id\n    name\n    email\n    role\n    phone\n    googleId\n    pictureUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): (typeof documents)["\n  mutation SignOut {\n    signOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!, $code: String) {\n    signIn(email: $email, password: $password, code: $code) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation SignIn($email: String!, $password: String!, $code: String) {\n    signIn(email: $email, password: $password, code: $code) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignInWithGoogle($credential: String!, $code: String) {\n    signInWithGoogle(credential: $credential, code: $code) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation SignInWithGoogle($credential: String!, $code: String) {\n    signInWithGoogle(credential: $credential, code: $code) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      ...SessionUserFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EmailAvailable($email: String!) {\n    emailAvailable(email: $email)\n  }\n"): (typeof documents)["\n  query EmailAvailable($email: String!) {\n    emailAvailable(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GoogleSignInSettings {\n    shopSettings {\n      googleClientId\n    }\n  }\n"): (typeof documents)["\n  query GoogleSignInSettings {\n    shopSettings {\n      googleClientId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword(\n    $token: String!\n    $password: String!\n    $passwordConfirmation: String\n    $code: String\n  ) {\n    resetPassword(\n      token: $token\n      password: $password\n      passwordConfirmation: $passwordConfirmation\n      code: $code\n    ) {\n      ...SessionUserFields\n      hasPassword\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword(\n    $token: String!\n    $password: String!\n    $passwordConfirmation: String\n    $code: String\n  ) {\n    resetPassword(\n      token: $token\n      password: $password\n      passwordConfirmation: $passwordConfirmation\n      code: $code\n    ) {\n      ...SessionUserFields\n      hasPassword\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword(\n    $currentPassword: String!\n    $newPassword: String!\n    $passwordConfirmation: String\n  ) {\n    changePassword(\n      currentPassword: $currentPassword\n      newPassword: $newPassword\n      passwordConfirmation: $passwordConfirmation\n    ) {\n      id\n      hasPassword\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword(\n    $currentPassword: String!\n    $newPassword: String!\n    $passwordConfirmation: String\n  ) {\n    changePassword(\n      currentPassword: $currentPassword\n      newPassword: $newPassword\n      passwordConfirmation: $passwordConfirmation\n    ) {\n      id\n      hasPassword\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountPassword {\n    me {\n      id\n      hasPassword\n    }\n  }\n"): (typeof documents)["\n  query AccountPassword {\n    me {\n      id\n      hasPassword\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyFiscalData {\n    myFiscalData {\n      ...FiscalDataFields\n    }\n  }\n"): (typeof documents)["\n  query MyFiscalData {\n    myFiscalData {\n      ...FiscalDataFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FiscalDataFields on FiscalData {\n    userId\n    rfc\n    legalName\n    taxRegime\n    cfdiUse\n    postalCode\n  }\n"): (typeof documents)["\n  fragment FiscalDataFields on FiscalData {\n    userId\n    rfc\n    legalName\n    taxRegime\n    cfdiUse\n    postalCode\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveFiscalData($input: FiscalDataInput!) {\n    saveFiscalData(input: $input) {\n      ...FiscalDataFields\n    }\n  }\n"): (typeof documents)["\n  mutation SaveFiscalData($input: FiscalDataInput!) {\n    saveFiscalData(input: $input) {\n      ...FiscalDataFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TwoFactorStatus {\n    me {\n      id\n      twoFactorEnabled\n      twoFactorEnrolmentRequired\n    }\n  }\n"): (typeof documents)["\n  query TwoFactorStatus {\n    me {\n      id\n      twoFactorEnabled\n      twoFactorEnrolmentRequired\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTwoFactor {\n    startTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n    }\n  }\n"): (typeof documents)["\n  mutation StartTwoFactor {\n    startTwoFactor {\n      secret\n      otpauthUrl\n      qrCode\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmTwoFactor($code: String!) {\n    confirmTwoFactor(code: $code)\n  }\n"): (typeof documents)["\n  mutation ConfirmTwoFactor($code: String!) {\n    confirmTwoFactor(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n"): (typeof documents)["\n  mutation DisableTwoFactor($code: String!) {\n    disableTwoFactor(code: $code)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AddressFields on Address {\n    ...PostalAddressFields\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AddressFields on Address {\n    ...PostalAddressFields\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Addresses {\n    addresses {\n      ...AddressFields\n    }\n  }\n"): (typeof documents)["\n  query Addresses {\n    addresses {\n      ...AddressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      ...AddressFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      ...AddressFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAddress($id: Int!) {\n    deleteAddress(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAddress($id: Int!) {\n    deleteAddress(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCartLineQuantity($lineId: Int!, $quantity: Int!) {\n    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {\n      ...CartFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetCartLineQuantity($lineId: Int!, $quantity: Int!) {\n    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {\n      ...CartFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveCartLine($lineId: Int!) {\n    removeCartLine(lineId: $lineId) {\n      ...CartFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveCartLine($lineId: Int!) {\n    removeCartLine(lineId: $lineId) {\n      ...CartFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    unitPriceCents\n    totalStock\n  }\n"): (typeof documents)["\n  fragment ProductCardFields on Product {\n    ...ProductFields\n    unitPriceCents\n    totalStock\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductPageFields on ProductPage {\n    total\n    offset\n    limit\n    items {\n      ...ProductCardFields\n    }\n  }\n"): (typeof documents)["\n  fragment ProductPageFields on ProductPage {\n    total\n    offset\n    limit\n    items {\n      ...ProductCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n      facets {\n        brands {\n          value\n          count\n        }\n        types {\n          value\n          count\n        }\n        priceRanges {\n          value\n          count\n        }\n        sizes {\n          value\n          count\n        }\n        sexes {\n          value\n          count\n        }\n        colors {\n          value\n          count\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CatalogPage($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n      facets {\n        brands {\n          value\n          count\n        }\n        types {\n          value\n          count\n        }\n        priceRanges {\n          value\n          count\n        }\n        sizes {\n          value\n          count\n        }\n        sexes {\n          value\n          count\n        }\n        colors {\n          value\n          count\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductList($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n    }\n  }\n"): (typeof documents)["\n  query ProductList($filter: ProductFilter, $sort: ProductSort!, $offset: Int!, $limit: Int!) {\n    products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {\n      ...ProductPageFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NewProducts {\n    newProducts {\n      ...ProductCardFields\n    }\n  }\n"): (typeof documents)["\n  query NewProducts {\n    newProducts {\n      ...ProductCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchSuggestions($search: String!) {\n    searchSuggestions(search: $search) {\n      completions\n      didYouMean\n    }\n  }\n"): (typeof documents)["\n  query SearchSuggestions($search: String!) {\n    searchSuggestions(search: $search) {\n      completions\n      didYouMean\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LegalPage($kind: LegalTextKind!) {\n    legalPage(kind: $kind) {\n      kind\n      title\n      markdown\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query LegalPage($kind: LegalTextKind!) {\n    legalPage(kind: $kind) {\n      kind\n      title\n      markdown\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderSummary($addressId: Int!, $couponCode: String) {\n    orderSummary(addressId: $addressId, couponCode: $couponCode) {\n      couponCode\n      couponRefusal\n      couponRefusalReason\n      subtotalCents\n      shippingCents\n      discountCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      bulkUnits\n      totalCents\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        id\n        size\n        quantity\n        lineTotalCents\n        product {\n          id\n          name\n          unitPriceCents\n          onPromotion\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderSummary($addressId: Int!, $couponCode: String) {\n    orderSummary(addressId: $addressId, couponCode: $couponCode) {\n      couponCode\n      couponRefusal\n      couponRefusalReason\n      subtotalCents\n      shippingCents\n      discountCents\n      adjustments {\n        code\n        label\n        amountCents\n      }\n      bulkUnits\n      totalCents\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n      lines {\n        id\n        size\n        quantity\n        lineTotalCents\n        product {\n          id\n          name\n          unitPriceCents\n          onPromotion\n          images {\n            id\n            url\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Checkout($addressId: Int!, $idempotencyKey: String!, $couponCode: String) {\n    checkout(addressId: $addressId, idempotencyKey: $idempotencyKey, couponCode: $couponCode) {\n      id\n      status\n      couponCode\n      totalCents\n    }\n  }\n"): (typeof documents)["\n  mutation Checkout($addressId: Int!, $idempotencyKey: String!, $couponCode: String) {\n    checkout(addressId: $addressId, idempotencyKey: $idempotencyKey, couponCode: $couponCode) {\n      id\n      status\n      couponCode\n      totalCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderFields on Order {\n    id\n    status\n    paid\n    paymentSettled\n    tracking\n    trackingUrl\n    createdAt\n    holdUntil\n    subtotalCents\n    shippingCents\n    discountCents\n    adjustments {\n      code\n      label\n      amountCents\n    }\n    totalCents\n    lines {\n      cartLineId\n      productId\n      productName\n      size\n      quantity\n      unitPriceCents\n      onPromotion\n    }\n  }\n"): (typeof documents)["\n  fragment OrderFields on Order {\n    id\n    status\n    paid\n    paymentSettled\n    tracking\n    trackingUrl\n    createdAt\n    holdUntil\n    subtotalCents\n    shippingCents\n    discountCents\n    adjustments {\n      code\n      label\n      amountCents\n    }\n    totalCents\n    lines {\n      cartLineId\n      productId\n      productName\n      size\n      quantity\n      unitPriceCents\n      onPromotion\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentOrder($id: Int!) {\n    order(id: $id) {\n      ...OrderFields\n      lines {\n        cartLineId\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaymentOrder($id: Int!) {\n    order(id: $id) {\n      ...OrderFields\n      lines {\n        cartLineId\n        product {\n          id\n          images {\n            id\n            url\n          }\n        }\n      }\n      cardChargeCents\n      address {\n        ...PostalAddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentSettings {\n    shopSettings {\n      cardPaymentsEnabled\n      bankTransfer {\n        bank\n        holder\n        account\n        clabe\n        card\n        proofPhone\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaymentSettings {\n    shopSettings {\n      cardPaymentsEnabled\n      bankTransfer {\n        bank\n        holder\n        account\n        clabe\n        card\n        proofPhone\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCardPayment($orderId: Int!) {\n    createCardPayment(orderId: $orderId) {\n      id\n      initPoint\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCardPayment($orderId: Int!) {\n    createCardPayment(orderId: $orderId) {\n      id\n      initPoint\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOrders($offset: Int!, $limit: Int!) {\n    myOrders(offset: $offset, limit: $limit) {\n      total\n      items {\n        ...OrderFields\n        invoice {\n          ...InvoiceFields\n        }\n        cfdis {\n          ...CfdiFields\n        }\n        refund {\n          ...MyOrderRefundFields\n        }\n      }\n    }\n    shopSettings {\n      carrier\n    }\n  }\n"): (typeof documents)["\n  query MyOrders($offset: Int!, $limit: Int!) {\n    myOrders(offset: $offset, limit: $limit) {\n      total\n      items {\n        ...OrderFields\n        invoice {\n          ...InvoiceFields\n        }\n        cfdis {\n          ...CfdiFields\n        }\n        refund {\n          ...MyOrderRefundFields\n        }\n      }\n    }\n    shopSettings {\n      carrier\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MyOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    refundedAt\n  }\n"): (typeof documents)["\n  fragment MyOrderRefundFields on OrderRefund {\n    orderId\n    status\n    amountCents\n    clabe\n    refundedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InvoiceFields on Invoice {\n    id\n    orderId\n    status\n    uuid\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n"): (typeof documents)["\n  fragment InvoiceFields on Invoice {\n    id\n    orderId\n    status\n    uuid\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CfdiFields on Invoice {\n    id\n    kind\n    status\n    uuid\n    totalCents\n    returnId\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n"): (typeof documents)["\n  fragment CfdiFields on Invoice {\n    id\n    kind\n    status\n    uuid\n    totalCents\n    returnId\n    relatedUuid\n    pdfUrl\n    xmlUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CorrectInvoice($orderId: Int!) {\n    correctInvoice(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation CorrectInvoice($orderId: Int!) {\n    correctInvoice(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InvoiceOrder($orderId: Int!) {\n    invoiceOrder(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n"): (typeof documents)["\n  mutation InvoiceOrder($orderId: Int!) {\n    invoiceOrder(orderId: $orderId) {\n      ...InvoiceFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductDetail($id: Int!) {\n    product(id: $id) {\n      ...ProductFields\n      description\n      unitPriceCents\n      gender\n      sharePath\n      images {\n        fileName\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProductDetail($id: Int!) {\n    product(id: $id) {\n      ...ProductFields\n      description\n      unitPriceCents\n      gender\n      sharePath\n      images {\n        fileName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReturnFields on Return {\n    id\n    status\n    refundCents\n    requestedAt\n    refundedAt\n    exchangeOrderId\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n    }\n  }\n"): (typeof documents)["\n  fragment ReturnFields on Return {\n    id\n    status\n    refundCents\n    requestedAt\n    refundedAt\n    exchangeOrderId\n    lines {\n      orderLineId\n      productName\n      size\n      quantity\n      reason\n      newSize\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderReturns($orderId: Int!) {\n    orderReturns(orderId: $orderId) {\n      orderId\n      canReturn\n      deadline\n      closedReason\n      returns {\n        ...ReturnFields\n      }\n    }\n    order(id: $orderId) {\n      id\n      lines {\n        productId\n        productName\n        size\n        quantity\n        product {\n          id\n          sizes {\n            size\n            stock\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderReturns($orderId: Int!) {\n    orderReturns(orderId: $orderId) {\n      orderId\n      canReturn\n      deadline\n      closedReason\n      returns {\n        ...ReturnFields\n      }\n    }\n    order(id: $orderId) {\n      id\n      lines {\n        productId\n        productName\n        size\n        quantity\n        product {\n          id\n          sizes {\n            size\n            stock\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestReturn($orderId: Int!, $lines: [ReturnLineInput!]!) {\n    requestReturn(orderId: $orderId, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n"): (typeof documents)["\n  mutation RequestReturn($orderId: Int!, $lines: [ReturnLineInput!]!) {\n    requestReturn(orderId: $orderId, lines: $lines) {\n      ...ReturnFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestStockAlert($productId: Int!, $size: String!, $email: String) {\n    requestStockAlert(productId: $productId, size: $size, email: $email) {\n      status\n      email\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation RequestStockAlert($productId: Int!, $size: String!, $email: String) {\n    requestStockAlert(productId: $productId, size: $size, email: $email) {\n      status\n      email\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmStockAlert($token: String!) {\n    confirmStockAlert(token: $token) {\n      productId\n      productName\n      size\n      inStock\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmStockAlert($token: String!) {\n    confirmStockAlert(token: $token) {\n      productId\n      productName\n      size\n      inStock\n      message\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;