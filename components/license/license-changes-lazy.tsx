"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The Changes card, with wagmi, loaded only once the License page shows: no other page's first load carries it. */
export const LicenseChangesLazy = dynamic(() => import("./license-changes"), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full" />,
});
