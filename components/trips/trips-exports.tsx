import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import type { ExportFormat } from "@/lib/geo/export";

const FORMATS: Array<{ format: ExportFormat; label: string }> = [
  { format: "csv", label: "CSV" },
  { format: "geojson", label: "GeoJSON" },
];

/** Download links for the trips as files: this page, or every page (fetched and streamed by the server). */
export function TripsExports({ tokenId, page }: { tokenId: number; page: number | "all" }) {
  const scope = page === "all" ? "all trips" : `page ${page}`;
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-sm" role="group" aria-label={`Export ${scope}`}>
      <span className="text-muted-foreground">Export {scope}:</span>
      {FORMATS.map(({ format, label }) => (
        <a
          key={format}
          href={`/api/vehicles/${tokenId}/trips/export?format=${format}&page=${page}`}
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
