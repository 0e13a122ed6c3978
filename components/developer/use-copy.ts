"use client";

import { useEffect, useState } from "react";

export type CopyState = { state: "idle" | "working" | "copied" } | { state: "failed"; message: string };

/**
 * Copies text that may first have to be fetched (a token asked of the server), and says how it went for a moment.
 * `produce` returns the text, or an error message to show instead.
 */
export function useCopy(): {
  copy: (produce: () => Promise<string | { error: string }>) => Promise<void>;
  status: CopyState;
} {
  const [status, setStatus] = useState<CopyState>({ state: "idle" });
  useEffect(() => {
    if (status.state !== "copied") return;
    const timer = setTimeout(() => setStatus({ state: "idle" }), 2_000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy(produce: () => Promise<string | { error: string }>) {
    setStatus({ state: "working" });
    let text: string | { error: string };
    try {
      text = await produce();
    } catch {
      setStatus({ state: "failed", message: "The dashboard's server could not be reached. Try again." });
      return;
    }
    if (typeof text !== "string") {
      setStatus({ state: "failed", message: text.error });
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setStatus({ state: "copied" });
    } catch {
      setStatus({ state: "failed", message: "The browser refused access to the clipboard." });
    }
  }

  return { copy, status };
}
