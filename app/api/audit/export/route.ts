import { openChangeCsv } from "@/lib/server/audit/read";
import { errorResponse } from "@/lib/server/responses";

/**
 * GET `?person=&kind=`: the record of changes those filters match, every page of it, newest first, as CSV with a
 * header row, streamed. The same query string as the record page's URL.
 */

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams;
  search.delete("page");
  const result = await openChangeCsv({ search: search.toString() }, { signal: request.signal });
  if (!result.ok) return errorResponse(result.error);
  return new Response(result.data, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="record-of-changes.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
