import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type SandboxContext } from "./context";
import { CONTROL_PREFIX, controlRoutes } from "./control/routes";
import { rpcRoutes } from "./chain/rpc-route";
import { SANDBOX_RPC_PATH } from "@/lib/chain/sandbox-chain";
import { countRequests, injectFaults, limitRate } from "./http/middleware";
import { ATTESTATION_PREFIX, attestationRoutes } from "./services/attestation/routes";
import { AUTH_PREFIX, authRoutes } from "./services/auth/routes";
import { FETCH_PREFIX, fetchRoutes } from "./services/fetch/routes";
import { CREDIT_TRACKER_PREFIX, creditTrackerRoutes } from "./services/credit-tracker/routes";
import { IDENTITY_PREFIX, identityRoutes } from "./services/identity/routes";
import { type ListeningAddress } from "./services/login/page-guard";
import { LOGIN_PREFIX, loginRoutes } from "./services/login/routes";
import { STREETS_PREFIX, streetsRoutes } from "./services/streets/routes";
import { TELEMETRY_PREFIX, telemetryRoutes } from "./services/telemetry/routes";
import { TOKEN_EXCHANGE_PREFIX, tokenExchangeRoutes } from "./services/token-exchange/routes";
import { TRIPS_PREFIX, tripsRoutes } from "./services/trips/routes";
import { VALUATIONS_PREFIX, valuationsRoutes } from "./services/valuations/routes";
import { VEHICLE_TRIGGERS_PREFIX, vehicleTriggersRoutes } from "./services/vehicle-triggers/routes";

const MAX_BODY_BYTES = 64 * 1024;

/** Answers 405 on every service path for the methods it does not serve. */
function addMethodNotAllowed(app: Hono): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    const methods = methodsByPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    methodsByPath.set(route.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods].join(", ");
    app.all(path, (c) => c.json({ code: 405, message: "Method Not Allowed" }, 405, { Allow: allow }));
  }
}

/**
 * The whole sandbox: every service under its prefix, the control surface, and the shared middleware. `address` is
 * where it listens: the login page answers only there.
 */
export function createApp(ctx: SandboxContext, address: ListeningAddress): Hono {
  const app = new Hono();

  app.use("*", countRequests(ctx));
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ code: 413, message: "Request body is larger than 64 KiB." }, 413),
    }),
  );
  // After the body limit: a fault on a GraphQL field reads the body.
  app.use("*", injectFaults(ctx));
  app.use("*", limitRate(ctx));

  app.route(AUTH_PREFIX, authRoutes(ctx));
  app.route(TOKEN_EXCHANGE_PREFIX, tokenExchangeRoutes(ctx));
  app.route(IDENTITY_PREFIX, identityRoutes(ctx));
  app.route(TRIPS_PREFIX, tripsRoutes(ctx));
  app.route(VALUATIONS_PREFIX, valuationsRoutes(ctx));
  app.route(TELEMETRY_PREFIX, telemetryRoutes(ctx));
  app.route(ATTESTATION_PREFIX, attestationRoutes(ctx));
  app.route(FETCH_PREFIX, fetchRoutes(ctx));
  app.route(STREETS_PREFIX, streetsRoutes(ctx));
  app.route(VEHICLE_TRIGGERS_PREFIX, vehicleTriggersRoutes(ctx));
  app.route(CREDIT_TRACKER_PREFIX, creditTrackerRoutes(ctx));
  app.route(CONTROL_PREFIX, controlRoutes(ctx));
  app.route(SANDBOX_RPC_PATH, rpcRoutes(ctx.chain));
  // DIMO's login page is addressed as `{login}/?clientId=...`: with and without the slash.
  const login = loginRoutes(ctx, address);
  app.route(LOGIN_PREFIX, login);
  app.route(`${LOGIN_PREFIX}/`, login);
  addMethodNotAllowed(app);

  app.notFound((c) => c.json({ code: 404, message: "Not Found" }, 404));
  app.onError((error, c) => {
    // Messages of unexpected errors carry no request data; the stack stays in this log only.
    console.error(`sandbox: ${c.req.method} ${c.req.path} failed:`, error);
    return c.json({ code: 500, message: "Internal Server Error" }, 500);
  });
  return app;
}
