import type { EntityManager } from '@mikro-orm/postgresql';
import {
  EMAIL_MAX_LENGTH,
  normalizeEmail,
  STOCK_ALERT_MESSAGES,
  stockAlertEmailProblem,
} from '@tienda/rules';
import { type Actor, checkAccess } from '../accounts/access.js';
import { newSessionToken, tokenHash } from '../accounts/session-store.js';
import { visibleProduct } from '../catalog/product-rules.js';
import { lockStock, stockKey } from '../catalog/stock.js';
import type { MailQueue } from '../mail/outbox.js';
import { badInput, conflict, notFound, refusal } from '../shared/errors.js';
import { RateLimiter, type RateLimitRule } from '../shared/rate-limit.js';
import { withTransaction } from '../shared/transaction.js';

/**
 * 'Avísame cuando llegue' (issue 26 item 3): requests to hear when a sold-out size comes back,
 * the `stock_alert` table's one owner. The e-mail itself is queued by the `product_stock`
 * trigger of Migration20261127110000StockAlerts, in the transaction of whoever writes the units,
 * so every writer of stock sends it and no instance can send it twice.
 */

/** Counted in PostgreSQL for every instance, like the password reset's. */
export const STOCK_ALERT_RATE_LIMITS = {
  /** A visitor's requests from one address (any product, any e-mail). */
  requestPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** A signed-in shopper's requests (they can only subscribe themselves). */
  requestPerUser: { limit: 60, windowSeconds: 60 * 60 },
  /**
   * Confirmation e-mails to one address, from anywhere. Never a refusal: past it a request
   * answers the same sentence and queues nothing, so strangers cannot flood a mailbox with
   * confirmations (the earlier link still confirms).
   */
  confirmationMailPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  /** Tries of a confirmation link from one address. */
  confirmPerAddress: { limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type StockAlertStatus = 'SUBSCRIBED' | 'CONFIRMATION_SENT';

export interface StockAlertRequest {
  /** SUBSCRIBED: a signed-in shopper, waiting now; CONFIRMATION_SENT: a visitor's link is sent. */
  status: StockAlertStatus;
  /** Where the e-mail will go (the account's address, or the one the visitor wrote). */
  email: string;
  message: string;
}

export interface StockAlertConfirmation {
  productId: number;
  productName: string;
  size: string;
  /** The size came back before the link was opened: no e-mail will follow, it is there now. */
  inStock: boolean;
  message: string;
}

/** The confirmed requests still waiting for one size (the stock dashboard). */
export interface StockAlertDemand {
  productId: number;
  productName: string;
  size: string;
  /** People waiting for this size. */
  waiting: number;
  /** Its units now (0 while sold out; a hidden product's requests wait too). */
  units: number;
}

/** At most this many sizes on the dashboard, most awaited first. */
export const DEMAND_LIMIT = 200;

export class StockAlertService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly actor: Actor,
    private readonly deps: { mail: MailQueue; rateLimits: boolean },
  ) {
    this.limiter = new RateLimiter(em, deps.rateLimits);
  }

  /**
   * Asks for an e-mail when this sold-out size comes back. Signed in: the account's address,
   * waiting at once (`email` is ignored: a shopper subscribes only themselves). A visitor: the
   * address written, waiting once its owner opens the link we send there; asking again sends a
   * new link (up to `confirmationMailPerEmail`), and the answer never tells whether the address
   * already waits. One open request per person and size: asking twice changes nothing.
   */
  async request(
    productId: number,
    sizeIn: string,
    emailIn?: string | null,
  ): Promise<StockAlertRequest> {
    const user = this.actor.user;
    const size = sizeIn.trim();
    if (user) {
      await this.limiter.consume(
        `stock-alert:user:${user.id}`,
        STOCK_ALERT_RATE_LIMITS.requestPerUser,
      );
    } else {
      await this.limiter.consume(
        `stock-alert:ip:${this.actor.ip}`,
        STOCK_ALERT_RATE_LIMITS.requestPerAddress,
      );
      const problem = stockAlertEmailProblem(emailIn ?? '');
      if (problem) throw refusal(problem);
    }
    const email = user ? user.email : normalizeEmail(emailIn ?? '').slice(0, EMAIL_MAX_LENGTH);
    const send =
      !user &&
      (await this.limiter.allow(
        `stock-alert-mail:email:${email}`,
        STOCK_ALERT_RATE_LIMITS.confirmationMailPerEmail,
      ));

    return withTransaction(this.em, async (tx) => {
      const productName = await this.soldOutSize(tx, productId, size);
      if (user) {
        await tx.execute(
          `insert into stock_alert (product_id, size, user_id, confirmed_at)
           values (?, ?, ?, now())
           on conflict (product_id, size, user_id) where notified_at is null and user_id is not null
           do nothing`,
          [productId, size, user.id],
        );
        return {
          status: 'SUBSCRIBED' as const,
          email,
          message: STOCK_ALERT_MESSAGES.subscribed(email, size),
        };
      }
      const token = newSessionToken();
      const hash = tokenHash(token);
      // A new link replaces an unconfirmed one only when its e-mail is sent (else the link in
      // the mailbox must stay the valid one); a confirmed request keeps waiting as it is.
      const [row] = await tx.execute<{ id: string; fresh: boolean }[]>(
        `insert into stock_alert (product_id, size, email, confirm_token_hash)
         values (?, ?, ?, ?)
         on conflict (product_id, size, email) where notified_at is null and email is not null
         do update set confirm_token_hash = case
             when stock_alert.confirmed_at is null and ? then excluded.confirm_token_hash
             else stock_alert.confirm_token_hash end
         returning id, (confirmed_at is null and confirm_token_hash = ?) as fresh`,
        [productId, size, email, hash, send, hash],
      );
      if (row?.fresh && send) {
        await this.deps.mail.enqueue(tx, [
          {
            eventKey: `stock-alert-confirm:${row.id}:${hash.subarray(0, 8).toString('hex')}`,
            recipient: email,
            message: {
              kind: 'stock-alert-confirm',
              props: { productId, productName, size, token: '' },
            },
            secretProps: { token },
          },
        ]);
      }
      return {
        status: 'CONFIRMATION_SENT' as const,
        email,
        message: STOCK_ALERT_MESSAGES.confirmationSent(email),
      };
    });
  }

  /**
   * Confirms a visitor's request with the token of the link we sent (again and again until its
   * e-mail goes out). Opened after the size came back, the request ends here: the answer says
   * the size is there (`inStock`), as no 0-to-units change will come to send the e-mail.
   */
  async confirm(token: string): Promise<StockAlertConfirmation> {
    await this.limiter.consume(
      `stock-alert-confirm:ip:${this.actor.ip}`,
      STOCK_ALERT_RATE_LIMITS.confirmPerAddress,
    );
    const invalid = () => badInput(STOCK_ALERT_MESSAGES.invalidToken, 'token', 'INVALID_TOKEN');
    return withTransaction(this.em, async (tx) => {
      const [alert] = await tx.execute<
        { id: string; product_id: number; size: string; name: string }[]
      >(
        `select a.id, a.product_id, a.size, p.name
           from stock_alert a join product p on p.id = a.product_id
          where a.confirm_token_hash = ? and a.notified_at is null`,
        [tokenHash(token)],
      );
      if (!alert) throw invalid();
      const where = { productId: alert.product_id, size: alert.size };
      // The size's row first, as the restock trigger takes it (then the request's): no cycle.
      const units = (await lockStock(tx, [where])).get(stockKey(where)) ?? 0;
      const inStock = units > 0;
      const [updated] = await tx.execute<{ id: string }[]>(
        inStock
          ? `update stock_alert set notified_at = now(), confirmed_at = coalesce(confirmed_at, now())
              where id = ? and notified_at is null returning id`
          : `update stock_alert set confirmed_at = coalesce(confirmed_at, now())
              where id = ? and notified_at is null returning id`,
        [alert.id],
      );
      if (!updated) throw invalid();
      return {
        productId: alert.product_id,
        productName: alert.name,
        size: alert.size,
        inStock,
        message: inStock
          ? STOCK_ALERT_MESSAGES.confirmedInStock(alert.name, alert.size)
          : STOCK_ALERT_MESSAGES.confirmed(alert.name, alert.size),
      };
    });
  }

  /** Admin: the sizes people wait for (confirmed, not yet told), most awaited first. */
  async demand(): Promise<StockAlertDemand[]> {
    checkAccess(this.actor.user, 'admin');
    const rows = await this.em.execute<
      { product_id: number; name: string; size: string; waiting: number; units: number }[]
    >(
      `select a.product_id, p.name, a.size, count(*)::int as waiting,
              coalesce(s.quantity, 0) as units
         from stock_alert a
         join product p on p.id = a.product_id
         left join product_stock s on s.product_id = a.product_id and s.size = a.size
        where a.notified_at is null and a.confirmed_at is not null
        group by a.product_id, p.name, a.size, s.quantity
        order by waiting desc, p.name, a.product_id, a.size
        limit ?`,
      [DEMAND_LIMIT],
    );
    return rows.map((r) => ({
      productId: r.product_id,
      productName: r.name,
      size: r.size,
      waiting: r.waiting,
      units: r.units,
    }));
  }

  /**
   * The product's name when this size of a product shoppers see is sold out, its stock row
   * locked (the order the restock trigger takes: the size's row, then the requests); refuses
   * otherwise.
   */
  private async soldOutSize(tx: EntityManager, productId: number, size: string): Promise<string> {
    const [product] = await tx.execute<{ name: string }[]>(
      `select p.name from product p where p.id = ? and ${visibleProduct('p')}`,
      [productId],
    );
    if (!product) throw notFound(STOCK_ALERT_MESSAGES.unknownProduct);
    const where = { productId, size };
    const units = (await lockStock(tx, [where])).get(stockKey(where));
    if (units === undefined)
      throw badInput(STOCK_ALERT_MESSAGES.unknownSize, 'size', 'UNKNOWN_SIZE');
    if (units > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock, 'size', 'IN_STOCK');
    return product.name;
  }
}
