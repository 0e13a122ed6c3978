// The clock hooks are shared with the developer tools; they live in lib/hooks now.
export { useHydrated, useNow } from "@/lib/hooks/use-now";
