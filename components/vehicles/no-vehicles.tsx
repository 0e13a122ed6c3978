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
        Send owners your app&apos;s sign-in link, or ask them to share the vehicle with the client id above. Grants that
        expire or are revoked disappear from this list.
      </p>
    </EmptyState>
  );
}
