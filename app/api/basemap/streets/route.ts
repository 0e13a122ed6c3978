import { errorResponse } from "@/lib/server/responses";
import { getSandboxStreets } from "@/lib/server/basemap-streets";

/**
 * GET `?bbox=west,south,east,north`: the sandbox cities' streets, rivers and names in the box, as GeoJSON, for the
 * built-in basemap (sandbox mode only; 404 otherwise). They never change, so the browser may keep them for a day.
 */
export async function GET(request: Request): Promise<Response> {
  const bbox = new URL(request.url).searchParams.get("bbox") ?? "";
  const result = await getSandboxStreets({ bbox }, { signal: request.signal });
  if (!result.ok) return errorResponse(result.error);
  return new Response(result.data, {
    headers: { "Content-Type": "application/geo+json", "Cache-Control": "private, max-age=86400" },
  });
}
