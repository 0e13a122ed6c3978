/** The range and the vehicle search, as a plain GET form: the page reads them from its address. */
export function UsageRangeForm({ from, to, vehicle }: { from: string; to: string; vehicle: string }) {
  const field = "rounded-md border border-border bg-background px-2 py-1 text-sm";
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Usage range">
      <label className="flex flex-col gap-1">
        <span className="text-xs text-muted-foreground">From (UTC)</span>
        <input type="date" name="from" defaultValue={from} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-muted-foreground">To (UTC)</span>
        <input type="date" name="to" defaultValue={to} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-xs text-muted-foreground">Vehicle (token id)</span>
        <input
          type="search"
          name="vehicle"
          inputMode="numeric"
          pattern="[0-9]*"
          defaultValue={vehicle}
          placeholder="any"
          className={field}
        />
      </label>
      <button type="submit" className="rounded-md border border-border px-3 py-1 hover:bg-muted">
        Show
      </button>
    </form>
  );
}
