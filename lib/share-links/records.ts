import { z } from "zod";
import { isPrivilegeId } from "@/lib/protocol";
import { type ShareRecord, type ShareRecordInput } from "./history";
import { type SavedShareLink, type SavedShareLinkView, savedShareLinkView } from "./saved";

/**
 * Reading kept share links and share records back from the store, on the server. Not exported from the module's
 * index: the browser imports that index for the types and the date rules, and zod in a browser bundle probes for
 * `eval`, which the Content-Security-Policy refuses and reports.
 */

const shareRecordSchema: z.ZodType<ShareRecord, ShareRecordInput> = z.object({
  kind: z.enum(["shared", "revoked"]),
  tokenId: z.number().int().positive(),
  link: z.string().nullable(),
  at: z.string(),
  title: z.string(),
  privileges: z.array(z.number()).transform((ids) => ids.filter(isPrivilegeId)),
  expiresAt: z.string().nullable(),
});

const savedShareLinkSchema: z.ZodType<SavedShareLink> = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});

/** Each kept value that still reads as JSON of the schema; one that no longer does is skipped, not fatal. */
function readEach<T>(values: readonly string[], schema: z.ZodType<T, unknown>): T[] {
  const read: T[] = [];
  for (const value of values) {
    let json: unknown;
    try {
      json = JSON.parse(value);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) read.push(parsed.data);
  }
  return read;
}

/** The newest record of each vehicle, from records kept oldest first. */
export function latestShareRecords(values: readonly string[]): Map<number, ShareRecord> {
  return new Map(readEach(values, shareRecordSchema).map((record) => [record.tokenId, record]));
}

/** Kept links, newest first. */
export function readSavedShareLinks(values: readonly string[]): SavedShareLinkView[] {
  return readEach(values, savedShareLinkSchema).map(savedShareLinkView).reverse();
}
