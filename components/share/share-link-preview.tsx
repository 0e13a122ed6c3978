import { type SharePreview } from "@/lib/share-links";

/** What the owner who opens the link will be asked, as DIMO's login puts it to them, and what the dashboard then lacks. */
export function ShareLinkPreview({ preview }: { preview: SharePreview }) {
  return (
    <section
      data-testid="share-link-preview"
      aria-label="What the owner will be asked"
      className="flex flex-col gap-3 rounded-md border border-border bg-muted/40 p-4 text-sm"
    >
      <h2 className="font-medium">{preview.title}</h2>
      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Permissions</h3>
        <ul className="mt-1 list-disc pl-5">
          {preview.asks.map((ask) => (
            <li key={ask}>{ask}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">For how long</h3>
        <p className="mt-1" data-testid="share-preview-expiry">
          {preview.expiry}
        </p>
      </div>
      <div>
        <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Which vehicles</h3>
        <ul className="mt-1 list-disc pl-5">
          {preview.filters.map((filter) => (
            <li key={filter}>{filter}</li>
          ))}
        </ul>
      </div>
      {preview.without.length > 0 ? (
        <div>
          <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            What this dashboard cannot show with it
          </h3>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {preview.without.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
