import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** Newer / older pages of the record, as links that keep the filters; nothing when one page holds it all. */
export function RecordPager({
  page,
  pageCount,
  total,
  pageSize,
  search,
}: {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  search: string;
}) {
  if (pageCount <= 1) return null;
  const hrefOf = (target: number) => {
    const next = new URLSearchParams(search);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const link = (target: number, label: string, testId: string, enabled: boolean) =>
    enabled ? (
      <Link href={hrefOf(target)} scroll={false} className={buttonClasses("secondary", "sm")} data-testid={testId}>
        {label}
      </Link>
    ) : (
      <span aria-disabled className={buttonClasses("secondary", "sm", "opacity-60")} data-testid={testId}>
        {label}
      </span>
    );
  return (
    <nav
      className="flex items-center justify-end gap-2 text-sm"
      aria-label="Pages of changes"
      data-testid="record-pager"
      data-page={page}
      data-pages={pageCount}
    >
      <span className="text-muted-foreground tabular-nums">
        {first}–{last} of {total}
      </span>
      {link(page - 1, "Newer", "record-newer", page > 1)}
      {link(page + 1, "Older", "record-older", page < pageCount)}
    </nav>
  );
}
