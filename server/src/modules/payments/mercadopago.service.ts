import {
  InvalidWebhookSignatureError,
  MercadoPagoConfig,
  Payment,
  Preference,
  WebhookSignatureValidator,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { AWAITING_PAYMENT_STATUS, CANCELLED_STATUS, pesosAmount } from '@tienda/rules';
import type { OrderService } from '../orders/order.service.js';
import { holdDeadline } from '../orders/unpaid-orders.js';
import { cardChargeCents } from '../pricing/pricing.js';
import { badInput, DomainError, unauthenticated } from '../shared/errors.js';

export const PAYMENT_MESSAGES = {
  cardsOff: 'Los pagos con tarjeta no están disponibles por ahora',
  notPending: 'Este pedido ya no está pendiente de pago',
  badSignature: 'Firma no válida',
  providerFailed: 'No se pudo iniciar el pago con tarjeta. Intenta de nuevo en unos minutos.',
} as const;

/** How old a notification's signed timestamp may be. */
const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export interface MercadoPagoSettings {
  accessToken?: string;
  webhookSecret?: string;
  /** Overrides the SDK's fixed https://api.mercadopago.com (a local stub in tests). */
  apiBase?: string;
}

export interface CardCheckout {
  /** The preference's id. */
  id: string;
  /** Where the shopper pays (Mercado Pago's Checkout Pro page). */
  initPoint: string;
}

export interface WebhookNotification {
  /** `data.id` from the query string (what Mercado Pago signs). */
  dataId: string | undefined;
  type: string | undefined;
  xSignature: string | undefined;
  xRequestId: string | undefined;
}

export type WebhookOutcome = 'paid' | 'ignored';

/**
 * Card payments through Mercado Pago Checkout Pro: a preference built on the server from the
 * order (amount = the card charge), and the webhook that marks an approved payment's order
 * 'Pagado por mercadopago', verified by its signature and re-read from Mercado Pago.
 */
/**
 * The app's Mercado Pago client, made once at start: null without an access token (card
 * payments off). `apiBase` replaces the SDK's fixed https://api.mercadopago.com (its static
 * `AppConfig.BASE_URL` is the one switch; a local stub in tests).
 */
export function createMercadoPagoClient(settings: MercadoPagoSettings): MercadoPagoConfig | null {
  if (settings.apiBase) (AppConfig as { BASE_URL: string }).BASE_URL = settings.apiBase;
  return settings.accessToken
    ? new MercadoPagoConfig({ accessToken: settings.accessToken, options: { timeout: 10_000 } })
    : null;
}

export class MercadoPagoService {
  constructor(
    private readonly orders: OrderService,
    private readonly client: MercadoPagoConfig | null,
    private readonly webhookSecret: string | undefined,
    /** An unpaid order is released after this; its card checkout closes at the same moment. */
    private readonly holdHours: number,
    private readonly log: (message: string) => void = () => {},
  ) {}

  get enabled(): boolean {
    return this.client !== null;
  }

  /** A Checkout Pro preference for one of the shopper's unpaid orders. */
  async createPreference(orderId: number, shopUrl: string): Promise<CardCheckout> {
    // Whose order comes first: another customer's is FORBIDDEN whether or not cards are on.
    const order = await this.orders.get(orderId);
    if (!this.client) throw badInput(PAYMENT_MESSAGES.cardsOff);
    if (order.status !== AWAITING_PAYMENT_STATUS) {
      throw badInput(PAYMENT_MESSAGES.notPending, undefined, 'ORDER_NOT_PENDING');
    }
    // The card charge (spec: floor(total × 1.0349 + 4) in pesos, computed in centavos by
    // cardChargeCents), in pesos exact to the centavo: never rounded again here.
    const amount = pesosAmount(cardChargeCents(order.totalCents));
    let created;
    try {
      created = await new Preference(this.client).create({
        body: {
          items: [
            {
              id: String(order.id),
              title: `Pedido ${order.id} - Tienda`,
              quantity: 1,
              unit_price: amount,
              currency_id: 'MXN',
            },
          ],
          external_reference: String(order.id),
          // Payable until the unpaid-order sweep would release the order's units.
          expires: true,
          expiration_date_to: holdDeadline(order.createdAt, this.holdHours).toISOString(),
          back_urls: {
            success: `${shopUrl}/#/mis-pedidos`,
            pending: `${shopUrl}/#/mis-pedidos`,
            failure: `${shopUrl}/#/mis-pedidos`,
          },
          auto_return: 'approved',
          notification_url: `${shopUrl}/api/mercadopago/webhook`,
        },
      });
    } catch (error) {
      this.log(`Mercado Pago no creó la preferencia del pedido ${order.id}: ${String(error)}`);
      throw new DomainError('CONFLICT', PAYMENT_MESSAGES.providerFailed);
    }
    if (!created.id || !created.init_point) {
      throw new DomainError('CONFLICT', PAYMENT_MESSAGES.providerFailed);
    }
    return { id: created.id, initPoint: created.init_point };
  }

  /**
   * A payment notification. Refused (UNAUTHENTICATED) unless its `x-signature` is Mercado Pago's
   * HMAC of `id:{data.id};request-id:{x-request-id};ts:{ts};` with our secret, fresh. The payment
   * is then read from Mercado Pago itself; an approved one whose amount is the order's card
   * charge settles the order once (its payment id is recorded; a replay changes nothing).
   */
  async handleWebhook(notification: WebhookNotification): Promise<WebhookOutcome> {
    const secret = this.webhookSecret;
    if (!secret) throw unauthenticated(PAYMENT_MESSAGES.badSignature, 'INVALID_SIGNATURE');
    const dataId = notification.dataId?.toLowerCase();
    try {
      WebhookSignatureValidator.validate({
        xSignature: notification.xSignature,
        xRequestId: notification.xRequestId,
        dataId,
        secret,
        toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      });
    } catch (error) {
      if (error instanceof InvalidWebhookSignatureError) {
        this.log(`Webhook de Mercado Pago rechazado: ${error.reason}`);
        throw unauthenticated(PAYMENT_MESSAGES.badSignature, 'INVALID_SIGNATURE');
      }
      throw error;
    }
    if (notification.type !== 'payment' || !dataId || !this.client) return 'ignored';

    const payment = await new Payment(this.client).get({ id: dataId });
    const orderId = Number(payment.external_reference);
    if (payment.status !== 'approved' || !Number.isSafeInteger(orderId)) return 'ignored';
    const totalCents = await this.orders.totalCentsOf(orderId);
    const paidCents = Math.round((payment.transaction_amount ?? 0) * 100);
    if (totalCents === undefined || paidCents !== cardChargeCents(totalCents)) {
      this.log(`Pago ${dataId} no corresponde al pedido ${orderId} (monto ${paidCents})`);
      return 'ignored';
    }
    // Through the order service's one status method, with the order's row locked. An order still
    // waiting becomes paid. So does one the unpaid-order sweep cancelled before this payment
    // arrived (the shopper paid late, but paid): its units are taken again, when they are still
    // there; when they are not, nothing changes and the log says so, for a refund by hand.
    let settled: boolean;
    try {
      settled = await this.orders.changeStatus(orderId, {
        status: 'Pagado por mercadopago',
        payment: { method: 'mercadopago', providerRef: String(payment.id ?? dataId) },
        when: (o) => o.status === AWAITING_PAYMENT_STATUS || o.status === CANCELLED_STATUS,
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
      this.log(
        `Pago ${dataId} aprobado para el pedido cancelado ${orderId}, sin existencias para ` +
          `reactivarlo: revisar y reembolsar. ${error.message}`,
      );
      return 'ignored';
    }
    if (!settled) {
      this.log(`Pago ${dataId}: el pedido ${orderId} ya no estaba en espera de pago`);
      return 'ignored';
    }
    return 'paid';
  }
}
