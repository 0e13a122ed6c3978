import { buttonClasses } from "@/components/ui/button";

/**
 * Sign in with DIMO: a plain link to the route that starts DIMO's login (a redirect), so it works on any device, with
 * no wallet and no script. DIMO's page takes an email, Google, GitHub or a passkey; the person comes back signed in.
 */
export function DimoSignIn({ callbackPath, invitation }: { callbackPath: string; invitation?: string }) {
  const carried = invitation ? `&invitation=${encodeURIComponent(invitation)}` : "";
  const href = `/api/sign-in/dimo?callbackUrl=${encodeURIComponent(callbackPath)}${carried}`;
  return (
    <div className="flex flex-col gap-2">
      <a href={href} className={buttonClasses("primary", "md", "w-full")} data-testid="sign-in-with-dimo">
        Sign in with DIMO
      </a>
      <p className="text-center text-xs text-muted-foreground">
        Your DIMO account: email, Google, GitHub or a passkey. Smart accounts too.
      </p>
    </div>
  );
}
