import { type DocumentNode, GraphQLError, type GraphQLSchema, parse, validate } from "graphql";
import { LRUCache } from "lru-cache";

/**
 * Parsed and validated queries, kept by their text in an LRU, as gqlgen's `NewDefaultServer` keeps them: a client
 * sends the same few queries again and again, and parsing and validating them is most of a small query's cost. No
 * answer changes: a kept document is the one the same text would parse to.
 */

export type CheckedDocument =
  { ok: true; document: DocumentNode } | { ok: false; stage: "parse" | "validate"; errors: readonly GraphQLError[] };

const QUERY_CACHE_SIZE = 1000;

export function documentCache(schema: GraphQLSchema, size = QUERY_CACHE_SIZE): (query: string) => CheckedDocument {
  const cache = new LRUCache<string, CheckedDocument>({ max: size });
  return (query) => {
    const cached = cache.get(query);
    if (cached) return cached;
    const checked = check(schema, query);
    // As in gqlgen, only queries that passed are kept: a refused one is checked again, and fills no memory.
    if (!checked.ok) return checked;
    cache.set(query, checked);
    return checked;
  };
}

function check(schema: GraphQLSchema, query: string): CheckedDocument {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return { ok: false, stage: "parse", errors: [error] };
  }
  const invalid = validate(schema, document);
  return invalid.length > 0 ? { ok: false, stage: "validate", errors: invalid } : { ok: true, document };
}
