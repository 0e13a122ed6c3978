import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo } from "node:net";

/**
 * An "internal service" on this machine for tests of the outbound guard: it answers a secret, and counts every
 * connection made to it, so a test can show that a refused target was never even connected to.
 */

/**
 * A self-signed certificate naming secret-internal.corp and 127.0.0.1, so a test can check that no answer repeats the
 * names a certificate carries. A test fixture: it guards nothing. Valid until 2126.
 */
const INTERNAL_TLS = {
  cert: `-----BEGIN CERTIFICATE-----
MIIBvDCCAWKgAwIBAgIUe+4OJompufSS1YBYvkBtVTurHk4wCgYIKoZIzj0EAwIw
HzEdMBsGA1UEAwwUc2VjcmV0LWludGVybmFsLmNvcnAwIBcNMjYxMTI4MjI0MjEw
WhgPMjEyNjExMDQyMjQyMTBaMB8xHTAbBgNVBAMMFHNlY3JldC1pbnRlcm5hbC5j
b3JwMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEGJPmeOcF6ZcIiNUUxg8rQrXu
MQBzoKCt3AIZ99sJgqKSFDR2VWbnjHX898F2iohqk+TR85l8K/z8IX3XrTeUHqN6
MHgwHQYDVR0OBBYEFK9T8eYF3SWvnDFJryighZnJ1CUkMB8GA1UdIwQYMBaAFK9T
8eYF3SWvnDFJryighZnJ1CUkMA8GA1UdEwEB/wQFMAMBAf8wJQYDVR0RBB4wHIIU
c2VjcmV0LWludGVybmFsLmNvcnCHBH8AAAEwCgYIKoZIzj0EAwIDSAAwRQIgPhR5
cwSXmitrlhNK3lN1rJ5YYYbOVvS1bTAFvx2XegICIQDYS6UospcpB4V+i1DTN8xp
DccmucbOak9oCSvITxR5WA==
-----END CERTIFICATE-----`,
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgGl3jMJvJfVko+TP0
x7v6ictAlztWlXnZr5GKzYOVOAahRANCAAQYk+Z45wXplwiI1RTGDytCte4xAHOg
oK3cAhn32wmCopIUNHZVZueMdfz3wXaKiGqT5NHzmXwr/PwhfdetN5Qe
-----END PRIVATE KEY-----`,
} as const;

export const INTERNAL_SECRET = "internal-service-secret-body";

export interface InternalService {
  /** `https://127.0.0.1:<port>` (or http), without a path. */
  origin: string;
  port: number;
  /** Connections accepted so far, TLS handshakes that failed included. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startInternalService(
  protocol: "https" | "http",
  handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    response.end(INTERNAL_SECRET),
): Promise<InternalService> {
  const server =
    protocol === "https"
      ? createHttpsServer({ cert: INTERNAL_TLS.cert, key: INTERNAL_TLS.key }, handle)
      : createHttpServer(handle);
  let connections = 0;
  server.on("connection", () => {
    connections += 1;
  });
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${protocol}://127.0.0.1:${port}`,
    port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
