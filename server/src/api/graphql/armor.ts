import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, type GraphQLFormattedError, type ValidationRule } from 'graphql';

/**
 * Limits on what one GraphQL request may ask, checked before anything runs. Chosen from the
 * storefront's real operations (client/src/**\/api.ts, measured with these very rules; see
 * test/graphql-limits.test.ts, which fails when an operation outgrows them):
 *
 * | operation     | depth | cost | aliases | directives | tokens |
 * |---------------|-------|------|---------|------------|--------|
 * | CatalogPage   | 4     | 149  | 0       | 0          | 128    |
 * | ProductList   | 4     | 79   | 0       | 0          | 95     |
 * | ProductDetail | 3     | 55   | 0       | 0          | 54     |
 * | NewProducts   | 3     | 46   | 0       | 0          | 56     |
 *
 * Depth and cost count fields, not fragment wrappers (`flattenFragments`), so sharing fragments
 * costs a client nothing. Abuse measured the same way: 500 aliases = 3,002 tokens, cost 1,773;
 * a 7 KB query of 43 aliased `products(search:…)` with facets = 1,808 tokens, 43 aliases, cost
 * 1,571.
 */
export interface GraphQLLimits {
  maxDepth: number;
  maxCost: number;
  maxAliases: number;
  maxDirectives: number;
  maxTokens: number;
}

export const GRAPHQL_LIMITS: Readonly<GraphQLLimits> = {
  /** Nested fields: the deepest real operation has 4. */
  maxDepth: 7,
  /** armor's cost (object 2, scalar 1, ×1.5 a level): the costliest real operation is 149. */
  maxCost: 1000,
  /** None of the real operations uses an alias; a few stay allowed for tools and new screens. */
  maxAliases: 10,
  maxDirectives: 10,
  /** Lexical tokens: the longest real operation has 128. */
  maxTokens: 1000,
};

const rejected = (message: string) => (context: { reportError(e: GraphQLError): void } | null) =>
  context?.reportError(
    new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
  );

/**
 * graphql-armor's depth, cost, alias and directive rules (with Spanish messages), its field
 * suggestion mask when `hideSuggestions`, and a token limit. The token limit is graphql-js's own
 * `maxTokens` parse option, applied in the one parse Apollo does anyway: armor's Apollo token
 * plugin would lex every document a second time through a Proxy, with the same limit.
 */
export function graphqlArmor(options: { hideSuggestions: boolean; limits?: GraphQLLimits }): {
  plugins: ApolloServerPlugin[];
  validationRules: ValidationRule[];
  parseOptions: { maxTokens: number };
} {
  const limits = options.limits ?? GRAPHQL_LIMITS;
  const common = { propagateOnRejection: false, exposeLimits: false } as const;
  const armor = new ApolloArmor({
    maxDepth: {
      ...common,
      n: limits.maxDepth,
      flattenFragments: true,
      onReject: [
        rejected(`La consulta es demasiado profunda: como máximo ${limits.maxDepth} niveles`),
      ],
    },
    costLimit: {
      ...common,
      maxCost: limits.maxCost,
      flattenFragments: true,
      onReject: [
        rejected(`La consulta es demasiado costosa: como máximo ${limits.maxCost} puntos`),
      ],
    },
    maxAliases: {
      ...common,
      n: limits.maxAliases,
      onReject: [rejected(`La consulta tiene demasiados alias: como máximo ${limits.maxAliases}`)],
    },
    maxDirectives: {
      ...common,
      n: limits.maxDirectives,
      onReject: [
        rejected(`La consulta tiene demasiadas directivas: como máximo ${limits.maxDirectives}`),
      ],
    },
    maxTokens: { enabled: false },
    // Suggestions are removed in formatError (translateLimitErrors), which also covers enum
    // values and input fields; armor's mask would leave '[Suggestion hidden]?' behind.
    blockFieldSuggestion: { enabled: false },
  });
  const { plugins, validationRules } = armor.protect();
  return {
    plugins: plugins as ApolloServerPlugin[],
    validationRules,
    parseOptions: { maxTokens: limits.maxTokens },
  };
}

// graphql-js 16 writes 'more that N tokens'.
const TOO_MANY_TOKENS = /Document contains more th(?:an|at) \d+ tokens/;
const SUGGESTION = / *Did you mean [^?]*\?/g;

/**
 * For formatError: the token limit's English parse error becomes Spanish, and, when
 * `hideSuggestions`, every 'Did you mean …?' is removed (graphql-js also suggests enum values and
 * input fields, which armor's mask does not catch).
 */
export function translateLimitErrors(
  formatted: GraphQLFormattedError,
  options: { hideSuggestions: boolean },
): GraphQLFormattedError {
  if (TOO_MANY_TOKENS.test(formatted.message)) {
    return {
      message: `La consulta es demasiado larga: como máximo ${GRAPHQL_LIMITS.maxTokens} símbolos`,
      extensions: formatted.extensions,
    };
  }
  if (options.hideSuggestions) {
    const message = formatted.message.replace(SUGGESTION, '');
    if (message !== formatted.message) return { ...formatted, message };
  }
  return formatted;
}
