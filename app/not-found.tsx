import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center" data-testid="not-found">
      <p className="font-mono text-sm text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        There is nothing here, or it is not shared with this Developer License.
      </p>
      <Link href="/vehicles" className={buttonClasses("secondary")}>
        Back to vehicles
      </Link>
    </main>
  );
}
