"use client";

import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";

interface TripsPagerProps {
  page: number;
  totalPages: number;
  hrefFor: (change: { page: number; trip: null }) => string;
  onPage: (page: number) => void;
}

/**
 * First, previous, next, last and a page number field. The links are real links (open in a new tab works); a plain
 * click stays on the page and only swaps the data.
 */
export function TripsPager({ page, totalPages, hrefFor, onPage }: TripsPagerProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const last = Math.max(1, totalPages);

  const go = (target: number) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setTyped(null);
    onPage(target);
  };

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = (typed ?? String(page)).trim();
    const target = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(target) || target < 1 || target > last) {
      setProblem(`Enter a page from 1 to ${last}.`);
      return;
    }
    setProblem(null);
    setTyped(null);
    onPage(target);
  }

  const link = (target: number, label: string, icon: React.ReactNode, enabled: boolean, testId: string) =>
    enabled ? (
      <a
        href={hrefFor({ page: target, trip: null })}
        onClick={go(target)}
        aria-label={label}
        title={label}
        data-testid={testId}
        className={buttonClasses("secondary", "sm", "px-2")}
      >
        {icon}
      </a>
    ) : (
      <span
        aria-label={label}
        aria-disabled="true"
        role="link"
        data-testid={testId}
        className={cn(buttonClasses("secondary", "sm", "px-2"), "pointer-events-none opacity-40")}
      >
        {icon}
      </span>
    );

  return (
    <nav aria-label="Trip pages" className="flex flex-wrap items-center gap-2">
      {link(1, "First page", <ChevronFirst className="size-4" aria-hidden />, page > 1, "page-first")}
      {link(
        Math.min(page - 1, last),
        "Previous page",
        <ChevronLeft className="size-4" aria-hidden />,
        page > 1,
        "page-previous",
      )}
      <form onSubmit={submit} className="flex items-center gap-1.5 text-sm">
        <label htmlFor="trips-page-input" className="sr-only">
          Page number
        </label>
        <input
          id="trips-page-input"
          data-testid="page-input"
          inputMode="numeric"
          value={typed ?? String(page)}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? "trips-page-problem" : undefined}
          className="h-8 w-16 rounded-md border border-border bg-card px-2 text-center tabular-nums"
        />
        <span className="text-muted-foreground">of {totalPages}</span>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Go
        </button>
      </form>
      {link(page + 1, "Next page", <ChevronRight className="size-4" aria-hidden />, page < totalPages, "page-next")}
      {link(last, "Last page", <ChevronLast className="size-4" aria-hidden />, page < totalPages, "page-last")}
      {problem ? (
        <p id="trips-page-problem" role="alert" data-testid="page-input-problem" className="w-full text-xs text-danger">
          {problem}
        </p>
      ) : null}
    </nav>
  );
}
