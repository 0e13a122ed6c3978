import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

/** The license has no vehicles yet: how one gets shared with it. */
export function NoVehicles({ clientId }: { clientId: string }) {
  return (
    <EmptyState title="No vehicles are shared with this license yet">
      <p>
        A vehicle appears here once its owner shares it with your Developer License: in the DIMO app, the owner grants
        the license (client id <span className="font-mono break-all">{clientId}</span>) a set of privileges, such as
        location history for trips or non-location history for valuations, until a date they choose.
      </p>
      <p className="mt-2">
        <Link href="/share" className="font-medium text-primary hover:underline">
          Build a share link
        </Link>{" "}
        for owners to open: DIMO&apos;s login asks them for what the link names, and sends them back here. Grants that
        expire or are revoked leave this list; those that came through a link stay listed as ended.
      </p>
    </EmptyState>
  );
}
