import { Arg, Ctx, Field, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { Access } from '../access.js';
import type { RequestContext } from '../../../http/request-context.js';
import type { CardCheckout } from '../../../modules/payments/mercadopago.service.js';

@ObjectType('CardCheckout', { simpleResolvers: true })
export class CardCheckoutObject implements CardCheckout {
  @Field({ description: 'The Mercado Pago preference id.' })
  id!: string;

  @Field({ description: "Mercado Pago's payment page: send the shopper there." })
  initPoint!: string;
}

@Resolver()
export class PaymentResolver {
  @Mutation(() => CardCheckoutObject, {
    description: 'A card payment (Mercado Pago Checkout Pro) for one of your unpaid orders.',
  })
  @Access('signedIn')
  createCardPayment(@Arg('orderId', () => Int) orderId: number, @Ctx() ctx: RequestContext) {
    return ctx.services.payments.createPreference(orderId, ctx.shopUrl);
  }
}
