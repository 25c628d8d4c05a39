import { Field, InputType, ObjectType } from 'type-graphql';
import type { ShopSettingsInput } from '../../../modules/settings/settings.service.js';

@ObjectType('BankTransferSettings', { simpleResolvers: true })
export class BankTransferSettingsObject {
  @Field()
  bank!: string;

  @Field({ description: 'Account holder.' })
  holder!: string;

  @Field()
  account!: string;

  @Field({ description: '18 digits.' })
  clabe!: string;

  @Field({ description: 'For transfers to a card and OXXO deposits.' })
  card!: string;

  @Field({ description: 'WhatsApp number (10 digits) for the proof of payment.' })
  proofPhone!: string;
}

@ObjectType('ShopSettings', {
  description:
    "The shop's public settings (Ajustes over the environment's defaults): never the orders' notification addresses.",
})
export class ShopSettingsObject {
  @Field({ description: "The shop's name (footer, e-mails, share pages)." })
  name!: string;

  @Field({ description: 'Razón social; empty when not given.' })
  legalName!: string;

  @Field({ description: 'Empty when not given.' })
  address!: string;

  @Field({ description: '10 digits; empty when not given.' })
  phone!: string;

  @Field({ description: 'Contact e-mail; empty when not given.' })
  email!: string;

  @Field()
  whatsappUrl!: string;

  @Field()
  facebookUrl!: string;

  @Field()
  trustUrl!: string;

  @Field({ description: "The carrier's name ('Estafeta')." })
  carrier!: string;

  @Field({ description: "The carrier's tracking page; {guia} stands for the tracking number." })
  trackingUrl!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Google Identity Services client id; null when Google sign-in is off.',
  })
  googleClientId!: string | null;

  @Field({ description: 'Whether card payments (Mercado Pago) are on.' })
  cardPaymentsEnabled!: boolean;

  @Field(() => BankTransferSettingsObject, {
    description: 'Bank transfer and OXXO deposit details for the payment page.',
  })
  bankTransfer!: BankTransferSettingsObject;
}

/**
 * Every setting of the Ajustes screen: one class for the admin's read (`AdminShopSettings`) and
 * write (`ShopSettingsInput`, replaced as a whole), so the two cannot drift apart.
 */
@ObjectType('AdminShopSettings', {
  description: 'Every setting of the Ajustes screen (admins only).',
  simpleResolvers: true,
})
@InputType('ShopSettingsInput', {
  description:
    'Every setting, replaced as a whole; checked by the rules of @tienda/rules (shop-settings.ts).',
})
export class ShopSettingsFields implements ShopSettingsInput {
  @Field()
  name!: string;

  @Field()
  legalName!: string;

  @Field()
  address!: string;

  @Field()
  phone!: string;

  @Field()
  email!: string;

  @Field()
  bank!: string;

  @Field()
  holder!: string;

  @Field()
  account!: string;

  @Field({ description: '18 digits with a valid check digit.' })
  clabe!: string;

  @Field({ description: '16 digits, grouped by 4 or not.' })
  card!: string;

  @Field({ description: '10 digits.' })
  proofPhone!: string;

  @Field({ description: 'https:// only.' })
  whatsappUrl!: string;

  @Field({ description: 'https:// only.' })
  facebookUrl!: string;

  @Field({ description: 'https:// only.' })
  trustUrl!: string;

  @Field()
  carrier!: string;

  @Field({ description: 'https:// with {guia} where the tracking number goes.' })
  trackingUrl!: string;

  @Field(() => String, {
    nullable: true,
    description:
      "The global invoice's periodicity: 'day', 'week' or 'month' (always answered; in the input, absent keeps the shop's).",
  })
  globalInvoicePeriodicity?: string | null;

  @Field(() => [String], {
    description: 'Who hears of new and paid orders; empty: every active admin account.',
  })
  ordersEmails!: string[];
}
