"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorNotice } from "@/components/ui/error-notice";
import { toAppError, unwrap } from "@/lib/result";
import { describeTokensAction, refreshDeveloperTokenAction, refreshVehicleTokenAction } from "@/lib/actions/developer";
import { useHydrated, useNow } from "@/lib/hooks/use-now";
import type { TokenOverview } from "@/lib/models";
import { TokenCopyAllowed } from "./copy-token-button";
import { DeveloperTokenCard } from "./developer-token-card";
import { VehicleTokensTable } from "./vehicle-tokens-table";

export const TOKENS_QUERY_KEY = ["developer", "tokens"] as const;

/**
 * The token inspector: the Developer JWT's and every cached Vehicle JWT's claims with live countdowns (one clock for
 * the whole page), and the buttons that refresh or copy them. The page never holds a raw token unless one is copied.
 */
export function TokenInspector({ initial, canCopyTokens }: { initial: TokenOverview; canCopyTokens: boolean }) {
  const queryClient = useQueryClient();
  const now = useNow(1_000);
  const hydrated = useHydrated();
  const overview = useQuery({
    queryKey: TOKENS_QUERY_KEY,
    queryFn: async () => unwrap(await describeTokensAction()),
    initialData: initial,
    // A visit after a while shows the server's list, then looks again at once.
    staleTime: 5_000,
    // The list changes whenever another page gets a token; look again now and then while the inspector is open.
    refetchInterval: 10_000,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY });
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
