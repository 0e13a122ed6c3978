import { errorResponse } from "@/lib/server/responses";
import { openVehicleCsv } from "@/lib/server/vehicle-csv";

/**
 * GET `?q=&privilege=&grant=&sort=`: the license's vehicles the vehicle list's query matches, every page of them, as
 * CSV with a header row, streamed. The same query string as the list's URL; a value the list does not know is ignored
 * there and here alike.
 */

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams;
  search.delete("page");
  const result = await openVehicleCsv({ search: search.toString() }, { signal: request.signal });
  if (!result.ok) return errorResponse(result.error);
  return new Response(result.data, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="vehicles.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
