import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { FiscalValues } from '@tienda/rules';

@ObjectType('FiscalData', {
  simpleResolvers: true,
  description: "A customer's fiscal data: the receiver of their CFDI, as on their Constancia.",
})
export class FiscalDataObject implements FiscalValues {
  @Field(() => Int)
  userId!: number;

  @Field({ description: 'RFC: 12 characters a persona moral, 13 a persona física; uppercase.' })
  rfc!: string;

  @Field({ description: 'Name or company name, uppercase, without the regime suffix.' })
  legalName!: string;

  @Field({ description: 'Régimen fiscal, a code of the SAT catalogue c_RegimenFiscal.' })
  taxRegime!: string;

  @Field({ description: 'Uso del CFDI, a code of c_UsoCFDI valid for the régimen.' })
  cfdiUse!: string;

  @Field({ description: 'Fiscal postal code, 5 digits.' })
  postalCode!: string;

  @Field(() => DateTimeISOResolver)
  updatedAt!: Date;
}

@InputType('FiscalDataInput')
export class FiscalDataInput implements FiscalValues {
  @Field({
    description: '12 or 13 characters with the SAT check digit; blanks and dashes ignored.',
  })
  rfc!: string;

  @Field({ description: 'As on the Constancia, without "S.A. de C.V." or another regime suffix.' })
  legalName!: string;

  @Field({ description: 'c_RegimenFiscal code for the RFC’s kind (física or moral).' })
  taxRegime!: string;

  @Field({ description: 'c_UsoCFDI code valid for the régimen.' })
  cfdiUse!: string;

  @Field({ description: '5 digits.' })
  postalCode!: string;
}

export const fiscalValuesOf = (input: FiscalDataInput): FiscalValues => ({
  rfc: input.rfc,
  legalName: input.legalName,
  taxRegime: input.taxRegime,
  cfdiUse: input.cfdiUse,
  postalCode: input.postalCode,
});
