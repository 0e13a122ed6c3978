"use client";

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { ErrorNotice } from "@/components/ui/error-notice";
import { toAppError, unwrap } from "@/lib/result";
import { refreshDeveloperTokenAction, refreshVehicleTokenAction } from "@/lib/actions/developer";
import { useHydrated, useNow } from "@/lib/hooks/use-now";
import { TokenCopyAllowed } from "./copy-token-button";
import { DeveloperTokenCard } from "./developer-token-card";
import { tokenKeys, tokensQuery } from "./developer-queries";
import { VehicleTokensTable } from "./vehicle-tokens-table";

/**
 * The token inspector: the Developer JWT's and every cached Vehicle JWT's claims with live countdowns (one clock for
 * the whole page), and the buttons that refresh or copy them. The page never holds a raw token unless one is copied.
 * The list arrives prefetched by the page, so it is there from the first render.
 */
export function TokenInspector({ canCopyTokens }: { canCopyTokens: boolean }) {
  const queryClient = useQueryClient();
  const now = useNow(1_000);
  const hydrated = useHydrated();
  // A read through a GET route, not an action: Next runs one page's actions one at a time, so a poll through an
  // action would hold a click on Re-exchange or Copy token behind it.
  const overview = useSuspenseQuery(tokensQuery());
  const reload = () => queryClient.invalidateQueries({ queryKey: tokenKeys.overview() });
  const refreshDeveloper = useMutation({
    mutationFn: async () => unwrap(await refreshDeveloperTokenAction()),
    onSuccess: reload,
  });
  const refreshVehicle = useMutation({
    mutationFn: async (tokenId: number) => unwrap(await refreshVehicleTokenAction({ tokenId })),
    onSuccess: reload,
  });

  return (
    <TokenCopyAllowed.Provider value={canCopyTokens}>
      <div className="flex flex-col gap-6" data-testid="token-inspector" data-hydrated={hydrated}>
        <DeveloperTokenCard
          token={overview.data.developer}
          now={now}
          hydrated={hydrated}
          refreshing={refreshDeveloper.isPending}
          onRefresh={() => refreshDeveloper.mutate()}
          error={refreshDeveloper.isError ? toAppError(refreshDeveloper.error) : null}
        />
        <VehicleTokensTable
          tokens={overview.data.vehicles}
          now={now}
          hydrated={hydrated}
          refreshingId={refreshVehicle.isPending ? (refreshVehicle.variables ?? null) : null}
          onRefresh={(tokenId) => refreshVehicle.mutate(tokenId)}
          error={
            refreshVehicle.isError
              ? { tokenId: refreshVehicle.variables ?? null, error: toAppError(refreshVehicle.error) }
              : null
          }
        />
        {overview.isError ? (
          <ErrorNotice
            variant="line"
            error={toAppError(overview.error)}
            title="The token list could not be updated."
            testId="token-list-error"
          />
        ) : null}
      </div>
    </TokenCopyAllowed.Provider>
  );
}
