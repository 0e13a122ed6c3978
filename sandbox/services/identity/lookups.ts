import { GraphQLError } from "graphql";

/** Argument checks and errors in the real identity API's words. */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The `Address` scalar's rule, applied where an address comes in. Lowercase, as the stores keep addresses. */
export function parseAddress(value: unknown, argument: string): string {
  if (typeof value !== "string" || !ADDRESS.test(value)) {
    throw new GraphQLError(`${argument}: not a valid address`, { extensions: { code: "BAD_USER_INPUT" } });
  }
  return value.toLowerCase();
}

export const notFound = (message: string) => new GraphQLError(message, { extensions: { code: "NOT_FOUND" } });

/** What the real service answers when a lookup by a unique key finds no row (it passes the database error on). */
export const noRows = () => new GraphQLError("sql: no rows in result set");

const DID = /^did:erc721:(\d+):(0x[0-9a-fA-F]{40}):(\d+)$/;

/** The token id of an ERC-721 DID. Like the real vehicle lookup, only the token id decides which vehicle it names. */
export function tokenIdOfDid(did: string, errorPrefix: string): number {
  const match = DID.exec(did);
  if (!match?.[3]) throw new GraphQLError(`${errorPrefix}: invalid DID`);
  const tokenId = Number(match[3]);
  if (!Number.isSafeInteger(tokenId)) throw new GraphQLError("token id is too large");
  return tokenId;
}

export const isGiven = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** An optional address argument: undefined when absent, lowercase when valid. */
export const optionalAddress = (value: unknown, argument: string) =>
  isGiven(value) ? parseAddress(value, argument) : undefined;
