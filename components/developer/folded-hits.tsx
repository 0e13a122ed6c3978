import { Button } from "@/components/ui/button";

/**
 * The cache hits a view folds away (a cached token or grant served them: no request was sent), as a count and a
 * button that shows them as rows. Nothing when there are none.
 */
export function FoldedHits({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
      data-testid="folded-hits"
      data-count={count}
    >
      <span>
        {count} cache {count === 1 ? "hit" : "hits"} folded (no request sent).
      </span>
      <Button size="sm" variant="ghost" onClick={onShow} data-testid="show-cache-hits">
        Show them
      </Button>
    </p>
  );
}
