import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { AddressValues } from '@tienda/rules';

@ObjectType('Address', { simpleResolvers: true })
export class AddressObject implements AddressValues {
  @Field(() => Int)
  id!: number;

  @Field({ description: "The spec's nombre (nombres)." })
  firstName!: string;

  @Field({ description: "The spec's apellido (apellidos)." })
  lastName!: string;

  @Field()
  street!: string;

  @Field()
  number!: string;

  @Field({ description: "The spec's colonia." })
  neighborhood!: string;

  @Field()
  postalCode!: string;

  @Field({ description: "The spec's ciudad_municipio." })
  city!: string;

  @Field()
  state!: string;

  @Field()
  references!: string;

  @Field()
  phone!: string;

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;
}

@InputType('AddressInput')
export class AddressInput implements AddressValues {
  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field()
  street!: string;

  @Field({ description: 'Digits only.' })
  number!: string;

  @Field()
  neighborhood!: string;

  @Field({ description: '5 digits.' })
  postalCode!: string;

  @Field()
  city!: string;

  @Field()
  state!: string;

  @Field()
  references!: string;

  @Field({ description: '10 digits.' })
  phone!: string;
}
