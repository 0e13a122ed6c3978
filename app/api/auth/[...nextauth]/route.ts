import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/options";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (session, csrf, callback, sign-out). Sign-in is the SIWE credentials provider.
async function handler(request: Request, context: RouteContext) {
  return NextAuth(request as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
