import type { GraphQLSchema } from 'graphql';
import { type AuthCheckerFn, Authorized, Extensions } from 'type-graphql';
import { ACCESS_RULES, type Access, checkAccess } from '../../modules/accounts/access.js';
import type { RequestContext } from '../../http/request-context.js';

/**
 * Declares who may call a query or mutation. Every root field carries one (the schema refuses to
 * build otherwise); non-public rules are enforced by the authChecker below.
 */
export function Access(rule: Access): MethodDecorator {
  return (target, key, descriptor) => {
    (Extensions({ access: rule }) as MethodDecorator)(target, key, descriptor);
    if (rule !== 'public') (Authorized<Access>(rule) as MethodDecorator)(target, key, descriptor);
  };
}

/** type-graphql's authChecker: the same `checkAccess` the REST facade uses. */
export const authChecker: AuthCheckerFn<RequestContext, Access> = ({ context }, rules) => {
  for (const rule of rules) checkAccess(context.user, rule);
  return true;
};

/** The access rule of every query and mutation, by name (`Query.products` → 'public'). */
export function rootAccessRules(schema: GraphQLSchema): Map<string, Access | undefined> {
  const rules = new Map<string, Access | undefined>();
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const access = field.extensions.access;
      rules.set(
        `${type!.name}.${field.name}`,
        ACCESS_RULES.includes(access as Access) ? (access as Access) : undefined,
      );
    }
  }
  return rules;
}

/** Fails closed: an operation that does not say who may use it stops the server from starting. */
export function assertEveryOperationHasAccess(schema: GraphQLSchema): void {
  const missing = [...rootAccessRules(schema)].filter(([, rule]) => !rule).map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(`Operaciones GraphQL sin regla de acceso (@Access): ${missing.join(', ')}`);
  }
}
