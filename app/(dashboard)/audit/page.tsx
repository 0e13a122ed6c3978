import type { Metadata } from "next";
import { Suspense } from "react";
import { ChangeRecord } from "@/components/audit/change-record";
import { PageError } from "@/components/ui/page-error";
import { RECORD_CAP } from "@/lib/server/audit/record";
import { RECORD_PAGE_SIZE } from "@/lib/server/audit/query";
import { readChangeRecord } from "@/lib/server/audit/read";
import { pageResult } from "@/lib/server/page-data";

export const metadata: Metadata = { title: "Record of changes" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The record's filters as the query string the read and the export take (a repeated parameter: its first value). */
function queryString(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(name, first);
  }
  return search.toString();
}

/** Who changed what through the dashboard, for every role to read; filters in the URL, and the same rows as CSV. */
export default async function RecordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const search = queryString(await searchParams);
  const result = pageResult(await readChangeRecord({ search }));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Record of changes</h1>
        <p className="text-sm text-muted-foreground">
          Every change made through this dashboard, with who made it and when: offers, webhooks, share links,
          attestations, license changes, the team, sign-ins and sign-outs. The newest {RECORD_CAP.toLocaleString("en")}{" "}
          are kept; it holds no key, token or secret.
        </p>
      </div>
      {result.ok ? (
        <Suspense>
          <ChangeRecord view={result.data} search={search} pageSize={RECORD_PAGE_SIZE} />
        </Suspense>
      ) : (
        <PageError error={result.error} title="The record of changes could not be loaded." />
      )}
    </div>
  );
}
