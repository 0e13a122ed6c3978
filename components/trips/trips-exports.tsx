import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import type { ExportFormat } from "@/lib/geo/export";

const FORMATS: Array<{ format: ExportFormat; label: string }> = [
  { format: "csv", label: "CSV" },
  { format: "geojson", label: "GeoJSON" },
];

/**
 * Download links for the trips as files: this page, or every page (fetched and streamed by the server), optionally
 * only the trips starting in a time window (`[from, to)`, ISO instants).
 */
export function TripsExports({
  tokenId,
  page,
  window,
}: {
  tokenId: number;
  page: number | "all";
  window?: { from: string; to: string };
}) {
  const scope = page === "all" ? (window ? "the trips in this window" : "all trips") : `page ${page}`;
  const range = window ? `&from=${encodeURIComponent(window.from)}&to=${encodeURIComponent(window.to)}` : "";
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm" role="group" aria-label={`Export ${scope}`}>
      <span className="text-muted-foreground">Export {scope}:</span>
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          href={`/api/vehicles/${tokenId}/trips/export?format=${format}&page=${page}${range}`}
          download
          data-testid={`export-${page === "all" ? "all" : "page"}-${format}`}
          className={buttonClasses("secondary", "sm")}
        >
          <Download className="size-3.5" aria-hidden />
          {label}
        </a>
      ))}
    </div>
  );
}
