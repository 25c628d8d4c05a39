import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { SessionUser } from '../../../modules/accounts/access.js';
import type { Registration } from '@tienda/rules';
import type { Role } from '../../../modules/accounts/user.entity.js';

export enum RoleValue {
  admin = 'admin',
  user = 'user',
}
registerEnumType(RoleValue, { name: 'Role' });

/** A user as GraphQL shows it: never a password or its hash. */
@ObjectType('User', { simpleResolvers: true })
export class UserObject implements SessionUser {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field()
  email!: string;

  @Field(() => RoleValue)
  role!: Role;

  @Field(() => String, { nullable: true, description: 'null for Google accounts.' })
  phone!: string | null;

  @Field(() => String, { nullable: true, description: 'null for password accounts.' })
  googleId!: string | null;

  @Field(() => String, { nullable: true, description: 'Google profile picture.' })
  pictureUrl!: string | null;

  @Field({ description: "The spec's estado; a deactivated account cannot sign in." })
  active!: boolean;

  @Field({ description: 'False for accounts that only sign in with Google.' })
  hasPassword!: boolean;

  @Field({ description: 'Whether the account signs in with a second factor (TOTP) too.' })
  twoFactorEnabled!: boolean;

  @Field(() => DateTimeISOResolver)
  createdAt!: Date;
}

/** What an admin scans to turn two-factor sign-in on; the secret is never answered again. */
@ObjectType('TwoFactorEnrolment', { simpleResolvers: true })
export class TwoFactorEnrolmentObject {
  @Field({ description: 'The TOTP secret in base32, for typing into the app by hand.' })
  secret!: string;

  @Field({ description: 'otpauth://totp/… (what the QR code holds).' })
  otpauthUrl!: string;

  @Field({ description: 'The otpauth URL as a QR code: an SVG image as a data: URL.' })
  qrCode!: string;
}

@ObjectType('UserPage', { simpleResolvers: true })
export class UserPage {
  @Field(() => [UserObject])
  items!: UserObject[];

  @Field(() => Int)
  total!: number;
}

@InputType('RegisterInput')
export class RegisterInput implements Registration {
  @Field()
  name!: string;

  @Field({ description: 'Exactly 10 digits.' })
  phone!: string;

  @Field()
  email!: string;

  @Field({
    description: 'At least 8 characters with a digit, a lower-case and an upper-case letter.',
  })
  password!: string;

  @Field(() => String, { nullable: true, description: 'When given, must equal password.' })
  passwordConfirmation?: string | null;
}
