import { GraphQLError } from "graphql";

/** Relay-style paging as the identity API does it: cursors are base64 of a decimal key, lists sorted by key, descending. */
export const MAX_PAGE_SIZE = 100;

export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Connection<T> {
  totalCount: number;
  edges: { node: T; cursor: string }[];
  nodes: T[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasPreviousPage: boolean; hasNextPage: boolean };
}

export const encodeCursor = (key: number) => Buffer.from(String(key)).toString("base64");

function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, "base64").toString("utf8");
  if (!/^-?[0-9]{1,15}$/.test(text) || encodeCursor(Number(text)) !== cursor) {
    throw new GraphQLError("invalid cursor");
  }
  return Number(text);
}

/** The page size: exactly one of `first` and `last`, not negative, at most 100 (the real service's messages). */
function validateFirstLast(args: PageArgs): { size: number; fromEnd: boolean } {
  const { first, last } = args;
  if (first !== undefined && first !== null) {
    if (last !== undefined && last !== null) throw new GraphQLError("pass `first` or `last`, but not both");
    if (first < 0) throw new GraphQLError("the value for `first` cannot be negative");
    if (first > MAX_PAGE_SIZE)
      throw new GraphQLError(`the value ${first} for \`first\` exceeds the limit ${MAX_PAGE_SIZE}`);
    return { size: first, fromEnd: false };
  }
  if (last === undefined || last === null) throw new GraphQLError("provide `first` or `last`");
  if (last < 0) throw new GraphQLError("the value for `last` cannot be negative");
  if (last > MAX_PAGE_SIZE) throw new GraphQLError(`the value ${last} for \`last\` exceeds the limit ${MAX_PAGE_SIZE}`);
  return { size: last, fromEnd: true };
}

/**
 * One page of `items` (sorted by `keyOf`, descending). `after` keeps keys below the cursor's, `before` keys above it;
 * `first` takes from the front of what is left, `last` from its back. As the real service reports them, hasNextPage is
 * true when `before` was given or `first` left items over, hasPreviousPage when `after` was given or `last` left
 * items over.
 */
export function paginate<T>(items: readonly T[], keyOf: (item: T) => number, args: PageArgs): Connection<T> {
  const { size, fromEnd } = validateFirstLast(args);
  const afterKey = args.after ? decodeCursor(args.after) : undefined;
  const beforeKey = args.before ? decodeCursor(args.before) : undefined;

  let windowStart = 0;
  let windowEnd = items.length;
  if (afterKey !== undefined) {
    while (windowStart < windowEnd && keyOf(items[windowStart] as T) >= afterKey) windowStart++;
  }
  if (beforeKey !== undefined) {
    while (windowEnd > windowStart && keyOf(items[windowEnd - 1] as T) <= beforeKey) windowEnd--;
  }
  const pageStart = fromEnd ? Math.max(windowStart, windowEnd - size) : windowStart;
  const pageEnd = fromEnd ? windowEnd : Math.min(windowEnd, windowStart + size);
  const nodes = items.slice(pageStart, pageEnd);
  const edges = nodes.map((node) => ({ node, cursor: encodeCursor(keyOf(node)) }));

  return {
    totalCount: items.length,
    edges,
    nodes,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
      hasPreviousPage: afterKey !== undefined || (fromEnd && pageStart > windowStart),
      hasNextPage: beforeKey !== undefined || (!fromEnd && pageEnd < windowEnd),
    },
  };
}

/** Lists in their own order (oldest first, say) keyed by position counted from the end, so the paging above applies. */
export function pageByPosition<T, U>(items: readonly T[], args: PageArgs, toNode: (item: T) => U): Connection<U> {
  const keyed = items.map((item, i) => ({ item, key: items.length - i }));
  return mapConnection(
    paginate(keyed, (entry) => entry.key, args),
    (entry) => toNode(entry.item),
  );
}

/** The same page with every node turned into what the schema returns. */
export function mapConnection<T, U>(page: Connection<T>, toNode: (item: T) => U): Connection<U> {
  return {
    ...page,
    nodes: page.nodes.map(toNode),
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toNode(edge.node) })),
  };
}

/** A connection with nothing in it, after the same checks of `first` and `last` a full one makes. */
export function emptyConnection(args: PageArgs): Connection<never> {
  return paginate<never>([], () => 0, args);
}
