import type { Metadata } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import { headers } from "next/headers";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "DIMO Developer Dashboard", template: "%s · DIMO Developer Dashboard" },
  description: "Vehicles, trips, valuations and tokens of your DIMO Developer License.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The proxy's per-request script nonce (see proxy.ts). Reading it renders every page per request, which a nonce
  // needs: a page prerendered at build time would carry no nonce and its scripts would be blocked.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // next-themes sets the theme class before hydration, so the server's markup differs by design.
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`} suppressHydrationWarning>
      <body className="min-h-screen font-sans antialiased">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
