import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, visit, type ASTNode, type DocumentNode } from 'graphql';
import {
  findUnacceptableText,
  textFault,
  textFaultMessage,
  type FoundText,
} from '../../http/acceptable-text.js';

/** The argument and input-field names leading to a literal, e.g. `filter.search`. */
function literalName(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string {
  const names: string[] = [];
  for (const node of ancestors) {
    if (Array.isArray(node) || !('kind' in node)) continue;
    const n = node as ASTNode;
    if (n.kind === Kind.ARGUMENT || n.kind === Kind.OBJECT_FIELD) names.push(n.name.value);
    if (n.kind === Kind.VARIABLE_DEFINITION) names.push(n.variable.name.value);
  }
  return names.join('.');
}

/** The first string literal in `document` whose text is not acceptable (http/acceptable-text.ts). */
export function findUnacceptableLiteral(document: DocumentNode): FoundText | undefined {
  let found: FoundText | undefined;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      const fault = found === undefined ? textFault(node.value) : undefined;
      if (fault) found = { field: literalName(parent ? [...ancestors, parent] : ancestors), fault };
    },
  });
  return found;
}

/**
 * GraphQL: refuses an operation whose variables, operation name or string literals hold text
 * that is not acceptable (a control character, a lone surrogate: see http/acceptable-text.ts)
 * with a 400 naming the field and the reason (CONTROL_CHARACTERS, MALFORMED_TEXT), before it
 * runs. A POST body is checked for malformed text before this too (rejectMalformedGraphQLBody);
 * this also covers a GET's variables and the literals.
 */
export function acceptableTextPlugin<TContext extends object>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const found =
            findUnacceptableText(request.variables ?? {}) ??
            findUnacceptableText(request.operationName ?? '') ??
            findUnacceptableLiteral(document);
          if (found !== undefined) {
            throw new GraphQLError(textFaultMessage(found.fault, found.field || null), {
              extensions: { code: 'BAD_USER_INPUT', reason: found.fault, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
