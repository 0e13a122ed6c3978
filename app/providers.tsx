"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { ClientTimeProvider } from "@/lib/hooks/use-time-zone";
import { getQueryClient } from "@/lib/query-client";

/** Client providers for every page. The wallet stack (wagmi) is not here: it loads on the sign-in page only. */
export function Providers({ children, nonce }: { children: React.ReactNode; nonce: string | undefined }) {
  const queryClient = getQueryClient();
  return (
    <ThemeProvider nonce={nonce} attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      <QueryClientProvider client={queryClient}>
        <ClientTimeProvider>{children}</ClientTimeProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
