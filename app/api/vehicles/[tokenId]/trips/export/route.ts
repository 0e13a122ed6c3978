import { getSession } from "@/lib/auth/session";
import { failureResponse, invalidInput, UNAUTHENTICATED_RESPONSE } from "@/lib/server/route-errors";
import { allTripsExportStream, tripsPageExport } from "@/lib/server/trip-streams";
import { parsePageParam, parseTokenId } from "@/lib/server/vehicle-params";
import { EXPORT_MEDIA_TYPES, type ExportFormat, exportFileName } from "@/lib/geo/export";

/**
 * GET `?format=csv|geojson&page=N|all`: a vehicle's trips as a file to download, one page or all of them (streamed
 * while the pages are fetched).
 */

const isFormat = (value: string | null): value is ExportFormat => value === "csv" || value === "geojson";

export async function GET(request: Request, { params }: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  if ((await getSession()) === null) return UNAUTHENTICATED_RESPONSE();
  const tokenId = parseTokenId((await params).tokenId);
  if (tokenId === null) return invalidInput("tokenId must be a positive whole number");
  const query = new URL(request.url).searchParams;
  const format = query.get("format");
  if (!isFormat(format)) return invalidInput("format must be csv or geojson");
  const pageText = query.get("page") ?? "1";
  const page = pageText === "all" ? null : parsePageParam(pageText);
  if (page !== null && !page.ok) return invalidInput("page must be a positive whole number or all");

  const headers = {
    "Content-Type": EXPORT_MEDIA_TYPES[format],
    "Content-Disposition": `attachment; filename="${exportFileName(tokenId, page === null ? "all" : page.page, format)}"`,
    "Cache-Control": "no-store",
  };
  try {
    const body = page === null ? await allTripsExportStream(tokenId, format, request.signal) : await tripsPageExport(tokenId, page.page, format);
    return new Response(body, { headers });
  } catch (error) {
    return failureResponse(error, "trips export");
  }
}
