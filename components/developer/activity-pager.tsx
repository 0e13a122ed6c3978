import { Button } from "@/components/ui/button";

/** Newer / older pages of a list of `total` rows, `size` at a time; nothing when one page holds them all. */
export function ActivityPager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil(total / size);
  if (pages <= 1) return null;
  const first = page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return (
    <nav
      className="flex items-center justify-end gap-2 text-sm"
      aria-label="Pages of calls"
      data-testid="activity-pager"
      data-page={page}
      data-pages={pages}
    >
      <span className="text-muted-foreground tabular-nums">
        {first}–{last} of {total}
      </span>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onPage(page - 1)}
        disabled={page === 0}
        data-testid="activity-newer"
      >
        Newer
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages - 1}
        data-testid="activity-older"
      >
        Older
      </Button>
    </nav>
  );
}
