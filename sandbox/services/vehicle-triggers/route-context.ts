import { type SandboxContext } from "../../context";
import { type SandboxProfile } from "../../profile";
import { type WebhookStore } from "../../store/webhook-store";

/** What every group of the Vehicle Triggers API's routes works with. */
export interface TriggersRouteContext {
  ctx: SandboxContext;
  store: WebhookStore;
  /** The sandbox clock's now, ms since the epoch. */
  now: () => number;
  /** The sandbox's profile: the default one also takes a loopback http target, for local receivers. */
  profile: SandboxProfile;
}
