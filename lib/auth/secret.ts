import "server-only";

/** The secret that signs session cookies: the server's one secret (lib/config/server-secret.ts). */
export { getServerSecret as getAuthSecret } from "@/lib/config/server-secret";
