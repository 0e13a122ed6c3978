import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ChangeRecordPage } from "@/lib/models/audit";
import { RecordFilters } from "./record-filters";
import { RecordPager } from "./record-pager";
import { RecordTable } from "./record-table";

/** The record page's body: filters and the export, the table of one page, the pager. */
export function ChangeRecord({ view, search, pageSize }: { view: ChangeRecordPage; search: string; pageSize: number }) {
  const exportQuery = new URLSearchParams(search);
  exportQuery.delete("page");
  const exportHref = `/api/audit/export${exportQuery.size > 0 ? `?${exportQuery}` : ""}`;
  return (
    <section className="flex flex-col gap-4" aria-label="Record of changes" data-testid="change-record">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RecordFilters people={view.people} />
        <a href={exportHref} download className={buttonClasses("secondary", "sm")} data-testid="record-export">
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      </div>
      {view.total === 0 ? (
        <EmptyState title="No changes to show">
          {view.people.length === 0
            ? "Changes made through the dashboard appear here, with who made them and when."
            : "No recorded change matches these filters."}
        </EmptyState>
      ) : (
        <>
          <RecordTable entries={view.entries} />
          <RecordPager
            page={view.page}
            pageCount={view.pageCount}
            total={view.total}
            pageSize={pageSize}
            search={search}
          />
        </>
      )}
    </section>
  );
}
