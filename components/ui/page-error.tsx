"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { type AppError } from "@/lib/result";
import { ErrorNotice } from "./error-notice";

/**
 * A page whose data DIMO could not give, inside the app's frame: the error as everywhere else, and, when another try
 * can help, a retry that renders the page's server part again (no full reload, the session and the frame stay).
 */
export function PageError({ error, title }: { error: AppError; title: string }) {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  return (
    <ErrorNotice
      error={error}
      title={title}
      testId="page-error"
      onRetry={() => startRetry(() => router.refresh())}
      retrying={retrying}
    />
  );
}
