import "server-only";
import { type ChangeKind, type ChangeRecord, isChangeKind } from "@/lib/models/audit";

/**
 * The record page's filters, from its URL (`?person=0x…&kind=webhook.create&page=2`): the page and the CSV export
 * read the same string the same way. A value the page does not know is ignored, as the vehicle list does.
 */

export const RECORD_PAGE_SIZE = 50;

export interface RecordQuery {
  person: `0x${string}` | null;
  kind: ChangeKind | null;
  /** 1-based. */
  page: number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function parseRecordQuery(search: URLSearchParams): RecordQuery {
  const person = search.get("person")?.trim() ?? "";
  const kind = search.get("kind")?.trim() ?? "";
  const page = Number(search.get("page"));
  return {
    person: ADDRESS.test(person) ? (person.toLowerCase() as `0x${string}`) : null,
    kind: isChangeKind(kind) ? kind : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export const matchesRecordQuery = (query: RecordQuery) => (entry: ChangeRecord) =>
  (query.person === null || entry.actor === query.person) && (query.kind === null || entry.kind === query.kind);
