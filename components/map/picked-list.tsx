"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format/numbers";

/**
 * The frame of what a click on a clustered map picked: a heading that says how many there are in all and, when the
 * list holds fewer, how many it shows; a close button; and the table, scrolling on its own.
 */
export function PickedList({
  label,
  heading,
  shown,
  total,
  onClose,
  testId,
  columns,
  children,
  ...data
}: {
  label: string;
  heading: string;
  shown: number;
  total: number;
  onClose: () => void;
  testId: string;
  /** The table's column headings. */
  columns: React.ReactNode;
  /** The table's rows. */
  children: React.ReactNode;
} & Record<`data-${string}`, string | number | undefined>) {
  return (
    <section className="rounded-lg border border-border" aria-label={label} data-testid={testId} {...data}>
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-sm font-medium" aria-live="polite">
          {heading}
          {shown < total ? (
            <span className="font-normal text-muted-foreground"> · the first {formatNumber(shown)} listed</span>
          ) : null}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the list" data-testid={`${testId}-close`}>
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="max-h-72 overflow-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">{columns}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}
