import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type {
  StockAlertConfirmation,
  StockAlertDemand,
  StockAlertRequest,
  StockAlertStatus,
} from '../../../modules/stock/stock-alerts.js';

const STOCK_ALERT_STATUS: { [K in StockAlertStatus]: K } = {
  SUBSCRIBED: 'SUBSCRIBED',
  CONFIRMATION_SENT: 'CONFIRMATION_SENT',
};

registerEnumType(STOCK_ALERT_STATUS, {
  name: 'StockAlertStatus',
  description: "Where an 'Avísame cuando llegue' request stands.",
  valuesConfig: {
    SUBSCRIBED: { description: "A signed-in shopper's: waiting now, for the account's address." },
    CONFIRMATION_SENT: {
      description: "A visitor's: waiting once the link sent to the address is opened.",
    },
  },
});

@ObjectType('StockAlertRequest', { simpleResolvers: true })
export class StockAlertRequestObject implements StockAlertRequest {
  @Field(() => STOCK_ALERT_STATUS)
  status!: StockAlertStatus;

  @Field({ description: 'Where the e-mail will go.' })
  email!: string;

  @Field({ description: 'What the shopper reads (Spanish).' })
  message!: string;
}

@ObjectType('StockAlertConfirmation', { simpleResolvers: true })
export class StockAlertConfirmationObject implements StockAlertConfirmation {
  @Field(() => Int)
  productId!: number;

  @Field()
  productName!: string;

  @Field()
  size!: string;

  @Field({
    description:
      'The size came back before the link was opened: the request ends, no e-mail follows.',
  })
  inStock!: boolean;

  @Field({ description: 'What the visitor reads (Spanish).' })
  message!: string;
}

@ObjectType('StockAlertDemand', {
  simpleResolvers: true,
  description: 'Confirmed back-in-stock requests still waiting for one size of one product.',
})
export class StockAlertDemandObject implements StockAlertDemand {
  @Field(() => Int)
  productId!: number;

  @Field()
  productName!: string;

  @Field()
  size!: string;

  @Field(() => Int, { description: 'People waiting.' })
  waiting!: number;

  @Field(() => Int, { description: 'Units of the size now.' })
  units!: number;
}
