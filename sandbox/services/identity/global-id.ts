import { GraphQLError } from "graphql";

/**
 * Node ids as the real identity API writes them: `<prefix>_` + base64 of a MessagePack array holding the token id,
 * the integer in its shortest MessagePack form (vehicle 1 is `V_kQE=`). `node(id:)` reads them back.
 */
export type NodePrefix = "V" | "AD" | "M" | "D" | "S";

function packUint(value: number): number[] {
  if (value <= 0x7f) return [value];
  if (value <= 0xff) return [0xcc, value];
  if (value <= 0xffff) return [0xcd, value >> 8, value & 0xff];
  return [0xce, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

export function globalId(prefix: NodePrefix, tokenId: number): string {
  return `${prefix}_${Buffer.from([0x91, ...packUint(tokenId)]).toString("base64")}`;
}

/** The prefix and token id of a node id; the real service's words when it cannot read one. */
export function parseGlobalId(id: string): { prefix: string; tokenId: number } {
  const separator = id.indexOf("_");
  if (separator < 0) throw new GraphQLError("could not decode global id: invalid token");
  const bytes = Buffer.from(id.slice(separator + 1), "base64");
  const [arrayHeader, head, ...rest] = bytes;
  if (arrayHeader !== 0x91 || head === undefined) {
    throw new GraphQLError("could not decode global id: error decoding token id");
  }
  const widths: Record<number, number> = { 0xcc: 1, 0xcd: 2, 0xce: 4 };
  const width = head <= 0x7f ? 0 : widths[head];
  if (width === undefined || rest.length < width) {
    throw new GraphQLError("could not decode global id: error decoding token id");
  }
  const tokenId = width === 0 ? head : rest.slice(0, width).reduce((acc, byte) => acc * 256 + byte, 0);
  return { prefix: id.slice(0, separator), tokenId };
}
