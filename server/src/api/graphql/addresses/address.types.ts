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

  @Field({ description: "The exterior number, digits; empty when `withoutNumber` ('S/N')." })
  number!: string;

  @Field({ description: "'Sin número': the address has no exterior number (shown 'S/N')." })
  withoutNumber!: boolean;

  @Field({ description: "The interior number ('Depto. 4', 'Int. B'); empty when there is none." })
  interiorNumber!: string;

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
export class AddressInput implements Omit<AddressValues, 'interiorNumber' | 'withoutNumber'> {
  @Field()
  firstName!: string;

  @Field()
  lastName!: string;

  @Field()
  street!: string;

  @Field({ description: "Digits only; empty when `withoutNumber` ('Sin número')." })
  number!: string;

  @Field(() => Boolean, {
    nullable: true,
    description: "'Sin número': no exterior number (then `number` is empty). False by default.",
  })
  withoutNumber?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Optional interior number ('Depto. 4', 'Int. B', '12-B'): letters, digits, spaces, - . / #, up to 20.",
  })
  interiorNumber?: string | null;

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

/** The input as the rules take it: no interior number and not 'Sin número' unless said. */
export function addressValuesOf(input: AddressInput): AddressValues {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    street: input.street,
    number: input.number,
    interiorNumber: input.interiorNumber ?? '',
    withoutNumber: input.withoutNumber ?? false,
    neighborhood: input.neighborhood,
    postalCode: input.postalCode,
    city: input.city,
    state: input.state,
    references: input.references,
    phone: input.phone,
  };
}
