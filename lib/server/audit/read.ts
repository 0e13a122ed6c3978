import "server-only";
import { z } from "zod";
import type { ChangeRecordPage } from "@/lib/models/audit";
import { guarded } from "@/lib/server/guard";
import { changeCsvHeader, changeCsvRow } from "./csv";
import { RECORD_PAGE_SIZE, matchesRecordQuery, parseRecordQuery } from "./query";
import { readChanges } from "./record";

/** The record of changes, for every role: one page of it for the page, every matching row for the CSV. */

const recordInput = z.object({ search: z.string().max(2_000).default("") }, { error: "the input must be an object" });

export const readChangeRecord = guarded(recordInput, async function readChangeRecord({ search }) {
  const query = parseRecordQuery(new URLSearchParams(search));
  const kept = await readChanges();
  const matching = kept.filter(matchesRecordQuery(query));
  const pageCount = Math.max(1, Math.ceil(matching.length / RECORD_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const start = (page - 1) * RECORD_PAGE_SIZE;
  return {
    entries: matching.slice(start, start + RECORD_PAGE_SIZE),
    total: matching.length,
    page,
    pageCount,
    people: [...new Set(kept.map((entry) => entry.actor))].sort(),
  } satisfies ChangeRecordPage;
});

/** Rows go out in batches: the export neither waits for its last row nor builds one large string. */
const CSV_BATCH = 500;

/** Every change the filters match (the page number aside), newest first, as a CSV stream with a header row. */
export const openChangeCsv = guarded(recordInput, async function openChangeCsv({ search }) {
  const rows = (await readChanges()).filter(matchesRecordQuery(parseRecordQuery(new URLSearchParams(search))));
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(changeCsvHeader()));
    },
    pull(controller) {
      const batch = rows.slice(next, next + CSV_BATCH);
      next += batch.length;
      if (batch.length > 0) controller.enqueue(encoder.encode(batch.map(changeCsvRow).join("")));
      if (next >= rows.length) controller.close();
    },
  });
});
