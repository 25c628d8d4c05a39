import { Field, ObjectType } from 'type-graphql';

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

@ObjectType('ShopSettings')
export class ShopSettingsObject {
  @Field()
  whatsappUrl!: string;

  @Field()
  facebookUrl!: string;

  @Field()
  trustUrl!: string;

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
