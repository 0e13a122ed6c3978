"use client";

import { Badge } from "@/components/ui/badge";
import { formatMoney, formatNumber } from "@/lib/format/numbers";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type Valuation } from "@/lib/models";
import { odometerMeasurement } from "./odometer-measurement";

/** The valuation's numbers, formatted in the viewer's locale: render only in the browser (see useHydrated). */

function money(amount: number | null, currency: string | null): string {
  if (amount === null) return "not given";
  return currency ? formatMoney(amount, currency) : formatNumber(amount);
}

function Amount({
  label,
  amount,
  average,
  currency,
  testId,
}: {
  label: string;
  amount: number | null;
  average: number | null;
  currency: string | null;
  testId: string;
}) {
  return (
    <div className="rounded-md bg-muted/60 px-4 py-3">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId} data-amount={amount ?? ""}>
        {money(amount, currency)}
      </p>
      {average !== null ? (
        <p className="text-xs text-muted-foreground">Market average {money(average, currency)}</p>
      ) : null}
    </div>
  );
}

function Fact({ term, testId, children }: { term: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-2 last:border-b-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function OdometerReading({ valuation }: { valuation: Valuation }) {
  const { odometer, odometerUnit, odometerMeasurementType: type } = valuation;
  const measurement = type ? odometerMeasurement(type) : undefined;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <span className="tabular-nums">
        {odometer === null ? "not given" : `${formatNumber(odometer)} ${odometerUnit ?? ""}`.trim()}
      </span>
      {type ? (
        <Badge
          tone={measurement?.tone ?? "neutral"}
          title={measurement?.explanation}
          data-testid="odometer-measurement"
        >
          {measurement?.label}
        </Badge>
      ) : null}
    </span>
  );
}

export function ValuationFigures({ valuation }: { valuation: Valuation }) {
  const { format: formatDateTime } = useTimeFormat();
  const { currency } = valuation;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="rounded-md border border-primary/30 bg-primary/5 px-4 py-3">
          <p className="text-xs font-medium text-primary uppercase">Estimated value</p>
          <p
            className="mt-1 text-3xl font-semibold tracking-tight tabular-nums"
            data-testid="valuation-display-price"
            data-amount={valuation.userDisplayPrice ?? ""}
          >
            {money(valuation.userDisplayPrice, currency)}
          </p>
          <p className="text-xs text-muted-foreground">Between trade-in and retail</p>
        </div>
        <Amount
          label="Retail"
          amount={valuation.retail}
          average={valuation.retailAverage}
          currency={currency}
          testId="valuation-retail"
        />
        <Amount
          label="Trade-in"
          amount={valuation.tradeIn}
          average={valuation.tradeInAverage}
          currency={currency}
          testId="valuation-trade-in"
        />
      </div>
      <dl className="text-sm">
        <Fact term="Odometer" testId="valuation-odometer">
          <OdometerReading valuation={valuation} />
        </Fact>
        {/* Mileage only when it says something the odometer row does not (most valuations give the same number twice). */}
        {valuation.mileage !== null && valuation.mileage !== valuation.odometer ? (
          <Fact term="Mileage" testId="valuation-mileage">
            {formatNumber(valuation.mileage)}
          </Fact>
        ) : null}
        <Fact term="Vendor" testId="valuation-vendor">
          {valuation.vendor ?? "not given"}
        </Fact>
        <Fact term="Currency" testId="valuation-currency">
          {currency ?? "not given"}
        </Fact>
        {valuation.zipCode ? (
          <Fact term="ZIP code" testId="valuation-zip">
            {valuation.zipCode}
          </Fact>
        ) : null}
        <Fact term="Updated" testId="valuation-updated">
          {valuation.updated ? (
            <time dateTime={valuation.updated}>{formatDateTime(valuation.updated)}</time>
          ) : (
            "not given"
          )}
        </Fact>
      </dl>
    </div>
  );
}
