"use client";

import { Loader2, RefreshCw } from "lucide-react";
import { useReadOnlyReason } from "@/components/team/read-only";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import type { VehicleTokenInfo } from "@/lib/models";
import { type AppError } from "@/lib/result";
import { privilegeInfo } from "@/lib/protocol";
import { ApiCallsDrawer } from "./api-calls-drawer";
import { CopyTokenButton } from "./copy-token-button";
import { Countdown, TokenTime } from "./token-times";

interface VehicleTokensTableProps {
  tokens: VehicleTokenInfo[];
  now: number;
  hydrated: boolean;
  refreshingId: number | null;
  onRefresh: (tokenId: number) => void;
  /** Why the last re-exchange failed, and for which vehicle. */
  error: { tokenId: number | null; error: AppError } | null;
}

const COLUMNS = ["Vehicle", "Privileges", "Issued", "Expires", "Time left", "Actions"];

/** A cell's label where the rows are cards (below `md`): the column headings are hidden there. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="block text-xs text-muted-foreground md:hidden">{children}</span>;
}

/** Every cached Vehicle JWT, soonest expiry first, with re-exchange, copy and the vehicle's API calls. */
export function VehicleTokensTable({ tokens, now, hydrated, refreshingId, onRefresh, error }: VehicleTokensTableProps) {
  const readOnly = useReadOnlyReason();
  return (
    <Card>
      <CardHeader
        title="Vehicle JWTs"
        description="Exchanged per vehicle with the privileges its grant allows; kept until a minute before they expire (10 minutes)."
      />
      {tokens.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground" data-testid="no-vehicle-tokens">
          No Vehicle JWT is cached. Open a vehicle&apos;s trips or value page and its token appears here.
        </p>
      ) : (
        // Below `md` the rows are stacked cards (the same DOM, headings hidden, each cell labelled); at 1280 px and up
        // the table fits its card without scrolling: the actions wrap rather than widen the last column.
        <div>
          <table className="block w-full text-left text-sm md:table" data-testid="vehicle-tokens">
            <thead className="hidden border-b border-border text-xs text-muted-foreground md:table-header-group">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-5 py-2 font-medium whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {tokens.map((token) => {
                const expired = token.exp * 1000 <= now;
                return (
                  <tr
                    key={`${token.tokenId}:${token.privileges.join(",")}`}
                    data-testid="vehicle-token-row"
                    data-token-id={token.tokenId}
                    className="grid grid-cols-2 gap-x-4 gap-y-2 border-b border-border px-5 py-3 last:border-0 md:table-row md:p-0"
                  >
                    <td className="col-span-2 font-mono md:px-5 md:py-3">
                      <CellLabel>Vehicle</CellLabel>
                      <Link href={`/vehicles/${token.tokenId}/trips`} className="text-primary hover:underline">
                        {token.tokenId}
                      </Link>
                    </td>
                    <td className="col-span-2 md:px-5 md:py-3">
                      <ul className="flex flex-wrap gap-1" aria-label="Privileges" data-testid="token-privileges">
                        {token.privileges.map((id) => (
                          <li key={id}>
                            <Badge
                              tone="primary"
                              title={`${privilegeInfo(id).permission}: ${privilegeInfo(id).description}`}
                              data-privilege={id}
                            >
                              {privilegeInfo(id).label}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="md:px-5 md:py-3 md:whitespace-nowrap">
                      <CellLabel>Issued</CellLabel>
                      <TokenTime seconds={token.iat} hydrated={hydrated} />
                    </td>
                    <td className="md:px-5 md:py-3 md:whitespace-nowrap">
                      <CellLabel>Expires</CellLabel>
                      <TokenTime seconds={token.exp} hydrated={hydrated} />
                    </td>
                    <td className="col-span-2 md:px-5 md:py-3">
                      <CellLabel>Time left</CellLabel>
                      <Countdown exp={token.exp} now={now} hydrated={hydrated} testId="vehicle-token-countdown" />
                    </td>
                    <td className="col-span-2 md:px-5 md:py-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <Button
                          size="sm"
                          variant={expired ? "primary" : "secondary"}
                          disabled={refreshingId === token.tokenId || readOnly !== null}
                          title={readOnly ?? undefined}
                          onClick={() => onRefresh(token.tokenId)}
                          data-testid="refresh-vehicle-token"
                        >
                          {refreshingId === token.tokenId ? (
                            <Loader2 className="size-3.5 animate-spin" aria-hidden />
                          ) : (
                            <RefreshCw className="size-3.5" aria-hidden />
                          )}
                          Re-exchange
                        </Button>
                        <CopyTokenButton
                          choice={{ kind: "vehicle", tokenId: token.tokenId }}
                          testId="copy-vehicle-token"
                        />
                        <ApiCallsDrawer tokenId={token.tokenId} />
                      </div>
                      {error && error.tokenId === token.tokenId ? (
                        <ErrorNotice
                          variant="line"
                          error={error.error}
                          title="The Vehicle JWT could not be exchanged."
                          testId="vehicle-token-error"
                          className="mt-2"
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {error && !tokens.some((token) => token.tokenId === error.tokenId) ? (
        <ErrorNotice
          variant="line"
          error={error.error}
          title="The Vehicle JWT could not be exchanged."
          testId="vehicle-token-error"
          className="border-t border-border px-5 py-3"
        />
      ) : null}
    </Card>
  );
}
