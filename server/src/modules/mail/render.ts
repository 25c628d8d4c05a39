import { createElement, type ReactElement } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { MailMessage, RenderedMail, ShopBrand } from './messages.js';
import { OrderCancelledMail } from './templates/order-cancelled.js';
import { OrderReceivedMail } from './templates/order-received.js';
import { OrderShippedMail } from './templates/order-shipped.js';
import { PasswordChangedMail } from './templates/password-changed.js';
import { PasswordResetMail } from './templates/password-reset.js';
import { PaymentConfirmedMail } from './templates/payment-confirmed.js';
import { PaymentReminderMail } from './templates/payment-reminder.js';
import { ShopNewOrderMail } from './templates/shop-new-order.js';
import { BackInStockMail, StockAlertConfirmMail } from './templates/stock-alerts.js';
import { ReturnUpdateMail } from './templates/return-update.js';
import { CreditNoteIssuedMail } from './templates/credit-note-issued.js';
import { OrderRefundMail } from './templates/order-refund.js';
import { InvoiceIssuedMail } from './templates/invoice-issued.js';
import { mailSubject } from './templates/subjects.js';

export { mailSubject };

/**
 * The React element of a message: its kind's template with its props and the shop's brand.
 * Every value a person reads goes through React's escaping (customer and product names are
 * user input), never through dangerouslySetInnerHTML.
 */
export function mailElement(message: MailMessage, brand: ShopBrand): ReactElement {
  switch (message.kind) {
    case 'order-received':
      return createElement(OrderReceivedMail, { ...message.props, brand });
    case 'payment-confirmed':
      return createElement(PaymentConfirmedMail, { ...message.props, brand });
    case 'order-shipped':
      return createElement(OrderShippedMail, { ...message.props, brand });
    case 'payment-reminder':
      return createElement(PaymentReminderMail, { ...message.props, brand });
    case 'order-cancelled':
      return createElement(OrderCancelledMail, { ...message.props, brand });
    case 'shop-new-order':
      return createElement(ShopNewOrderMail, { ...message.props, brand });
    case 'password-reset':
      return createElement(PasswordResetMail, { ...message.props, brand });
    case 'password-changed':
      return createElement(PasswordChangedMail, { ...message.props, brand });
    case 'stock-alert-confirm':
      return createElement(StockAlertConfirmMail, { ...message.props, brand });
    case 'back-in-stock':
      return createElement(BackInStockMail, { ...message.props, brand });
    case 'return-update':
      return createElement(ReturnUpdateMail, { ...message.props, brand });
    case 'invoice-issued':
      return createElement(InvoiceIssuedMail, { ...message.props, brand });
    case 'credit-note-issued':
      return createElement(CreditNoteIssuedMail, { ...message.props, brand });
    case 'order-refund':
      return createElement(OrderRefundMail, { ...message.props, brand });
  }
}

/**
 * A message ready for the transport: its subject, the HTML part and a plain-text part made from
 * that HTML (each link written out after its text as an absolute URL).
 */
export async function renderMail(message: MailMessage, brand: ShopBrand): Promise<RenderedMail> {
  // React separates adjacent text with '<!-- -->' for hydration, which a message never needs.
  const html = (await render(mailElement(message, brand))).replaceAll('<!-- -->', '');
  const text = toPlainText(html, {
    selectors: [
      // Headings as they are: html-to-text upper-cases them by default.
      ...(['h1', 'h2', 'h3'] as const).map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
    ],
  }).trim();
  return { subject: mailSubject(message), html, text };
}
