import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatStableUtc } from "@/lib/format/time";
import { privilegeInfo } from "@/lib/protocol";
import { type SavedShareLinkView } from "@/lib/share-links";

/** The license's kept links, newest first: what each asks, until when, and the link to copy again. */
export function ShareLinkList({
  links,
  brought,
}: {
  links: SavedShareLinkView[];
  /** Vehicles each link brought, by name, as far as the dashboard's landing page saw them come; null if unknown. */
  brought: Readonly<Record<string, number>> | null;
}) {
  return (
    <Card>
      <CardHeader title="Kept links" description="Each link's name comes back with the vehicles shared through it." />
      {links.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No link kept yet">Build one above, name it and keep it to find it here.</EmptyState>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b border-border">
                <th className="px-5 py-2 font-medium">Name</th>
                <th className="px-3 py-2 font-medium">Created</th>
                <th className="px-3 py-2 font-medium">Permissions</th>
                <th className="px-3 py-2 font-medium">Grants end</th>
                <th className="px-3 py-2 font-medium">Vehicles</th>
                <th className="px-3 py-2 font-medium">Brought</th>
                <th className="px-5 py-2 font-medium">
                  <span className="sr-only">Copy</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} data-testid="share-link-row" className="border-b border-border last:border-0">
                  <td className="px-5 py-3 font-medium">{link.name}</td>
                  <td className="px-3 py-3 whitespace-nowrap">{formatStableUtc(link.createdAt, "date")}</td>
                  <td className="px-3 py-3">
                    <div className="flex flex-wrap gap-1">
                      {link.templateId ? <Badge tone="primary">{`Template ${link.templateId}`}</Badge> : null}
                      {link.privileges.map((id) => (
                        <Badge key={id}>{privilegeInfo(id).label}</Badge>
                      ))}
                    </div>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap">
                    {link.expirationDate ? formatStableUtc(link.expirationDate, "date") : "Not given"}
                  </td>
                  <td className="px-3 py-3 text-muted-foreground">{link.filters.join("; ")}</td>
                  <td className="px-3 py-3 whitespace-nowrap" data-testid="share-link-brought">
                    {brought === null ? (
                      <span className="text-muted-foreground">unknown</span>
                    ) : brought[link.name] ? (
                      <Link
                        href={`/vehicles?${new URLSearchParams({ q: link.name }).toString()}`}
                        className="text-primary hover:underline"
                      >
                        {brought[link.name] === 1 ? "1 vehicle" : `${brought[link.name]} vehicles`}
                      </Link>
                    ) : (
                      <span className="text-muted-foreground">none seen</span>
                    )}
                  </td>
                  <td className="px-5 py-3 text-right">
                    <CopyButton value={link.url} label={`Copy the link ${link.name}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
