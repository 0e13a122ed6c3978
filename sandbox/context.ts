import type Database from "better-sqlite3";
import { SandboxClock } from "./clock";
import { FaultRegistry } from "./control/faults";
import { RateLimiter } from "./control/rate-limit";
import { RequestStats } from "./control/stats";
import { loadSigningKey, type SigningKey } from "./keys/signing-keys";
import { TokenVerifier } from "./keys/tokens";
import { ChallengeStore } from "./store/challenge-store";
import { AttestationStore } from "./store/attestation-store";
import { DriveStore } from "./store/drive-store";
import { OfferStore } from "./store/offer-store";
import { VehicleStore } from "./store/vehicle-store";
import { WebhookStore } from "./store/webhook-store";
import { TriggerEngine } from "./services/vehicle-triggers/engine";
import { LiveVehicles } from "./live/live-vehicles";
import { type SandboxProfile } from "./profile";
import { LicenseReader } from "./chain/license-reader";
import { type SandboxChain } from "./chain/local-chain";
import { CreditLedger } from "./services/credit-tracker/ledger";

export interface SandboxSettings {
  /** Default `default`. */
  profile?: SandboxProfile;
  /** How long an instant-offer request takes. */
  instantOfferDelayMs: number;
  /** The `--rate-limit` option: per-token limits with Retry-After (the realistic profile has its own). */
  rateLimit: boolean;
  /** Whether the live vehicles drive in real time (sandbox/live/). Default true. */
  live?: boolean;
}

/** Timers that requests wait on, cancelled together when the sandbox closes. */
export class Delays {
  private readonly pending = new Set<() => void>();
  private closed = false;

  /** Resolves true after `ms`, or false as soon as the sandbox closes (at once when it has closed already). */
  wait(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const cancel = () => {
        clearTimeout(timer);
        this.pending.delete(cancel);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.pending.delete(cancel);
        resolve(true);
      }, ms);
      this.pending.add(cancel);
    });
  }

  /**
   * Cancels every wait, and every wait asked for afterwards: a request still on its way in when the sandbox closes
   * must not wait out its delay and then write to the closed store.
   */
  close(): void {
    this.closed = true;
    for (const cancel of [...this.pending]) cancel();
  }
}

/** Everything the services and the control surface share. */
export interface SandboxContext {
  clock: SandboxClock;
  /** The local chain, with the license contract the services obey. */
  chain: SandboxChain;
  /** The licenses as the chain has them. */
  licenses: LicenseReader;
  vehicles: VehicleStore;
  /** What each trip's telemetry is regenerated from. */
  drives: DriveStore;
  /** The attestation service's credentials and its signing key. */
  attestations: AttestationStore;
  offers: OfferStore;
  challenges: ChallengeStore;
  /** The Vehicle Triggers service's webhooks, subscriptions, deliveries and injected samples. */
  webhooks: WebhookStore;
  /** Evaluates samples and events against the webhooks and delivers them. */
  vehicleTriggers: TriggerEngine;
  /** The vehicles that drive in real time: their drives as the clock reaches them, and what they send to webhooks. */
  readonly live: LiveVehicles;
  keys: { auth: SigningKey; tokenExchange: SigningKey };
  developerTokens: TokenVerifier;
  vehicleTokens: TokenVerifier;
  /** The credit tracker's grants and operations. */
  credits: CreditLedger;
  stats: RequestStats;
  faults: FaultRegistry;
  rateLimiter: RateLimiter;
  delays: Delays;
  settings: SandboxSettings;
  /** Back to the seeded state of everything requests change, the chain too; trips and keys stay. */
  reset(): Promise<void>;
}

export const VEHICLE_JWT_AUDIENCE = "dimo.zone";

export function createContext(db: Database.Database, settings: SandboxSettings, chain: SandboxChain): SandboxContext {
  const clock = new SandboxClock();
  const keys = { auth: loadSigningKey(db, "auth"), tokenExchange: loadSigningKey(db, "token-exchange") };
  const vehicles = new VehicleStore(db);
  const webhooks = new WebhookStore(db);
  // Made once the context exists, since the live vehicles read through it.
  const made: { live?: LiveVehicles } = {};
  const context: SandboxContext = {
    clock,
    chain,
    licenses: new LicenseReader(chain),
    vehicles,
    drives: new DriveStore(db),
    attestations: new AttestationStore(db),
    offers: new OfferStore(db),
    challenges: new ChallengeStore(db),
    webhooks,
    // DIMO's production marks a webhook failed after 10 failures in a row, its chart's default after 5.
    vehicleTriggers: new TriggerEngine({
      store: webhooks,
      clock,
      vehicles,
      maxFailures: settings.profile === "realistic" ? 10 : 5,
    }),
    keys,
    developerTokens: new TokenVerifier(keys.auth, clock),
    vehicleTokens: new TokenVerifier(keys.tokenExchange, clock, VEHICLE_JWT_AUDIENCE),
    credits: new CreditLedger(db, clock),
    stats: new RequestStats(),
    faults: new FaultRegistry(),
    rateLimiter: new RateLimiter(),
    delays: new Delays(),
    settings,
    get live() {
      if (!made.live) throw new Error("the live vehicles are made with the context");
      return made.live;
    },
    async reset() {
      await chain.reset();
      context.offers.clear();
      context.challenges.clear();
      context.attestations.clear();
      context.webhooks.clear();
      context.vehicleTriggers.reset();
      // Shares and revocations made through share links go too: back to the seeded grants.
      context.vehicles.restoreSeededGrants();
      clock.reset();
      context.credits.reset();
      // The live vehicles' drives follow the clock back; nothing they sent before the reset reaches a webhook.
      context.live.catchUp();
      context.live.restartFeed();
      context.faults.clear();
      context.stats.reset();
      context.rateLimiter.reset();
    },
  };
  made.live = new LiveVehicles(context, db, settings.live ?? true);
  return context;
}
