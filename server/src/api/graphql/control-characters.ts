import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, visit, type ASTNode, type DocumentNode } from 'graphql';
import {
  controlCharacterMessage,
  findControlCharacter,
  hasControlCharacters,
} from '../../http/control-characters.js';

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

/** The name of the first string literal in `document` holding a control character. */
export function findControlCharacterLiteral(document: DocumentNode): string | undefined {
  let found: string | undefined;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      if (found === undefined && hasControlCharacters(node.value)) {
        found = literalName(parent ? [...ancestors, parent] : ancestors);
      }
    },
  });
  return found;
}

/**
 * GraphQL: refuses an operation whose variables or string literals hold a control character
 * (see http/control-characters.ts) with a 400 naming the field, before it runs.
 */
export function controlCharactersPlugin<TContext extends object>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const field =
            findControlCharacter(request.variables ?? {}) ?? findControlCharacterLiteral(document);
          if (field !== undefined) {
            throw new GraphQLError(controlCharacterMessage(field || null), {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
