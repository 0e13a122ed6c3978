import type { LicenseView } from "./license-view";
import type { LicenseCall } from "./use-license-transaction";

/** What each part of the Changes card receives: the license, whether its buttons are off, and the wallet's sender. */
export interface ChangeSectionProps {
  license: LicenseView;
  off: boolean;
  /** Runs a change with every button off until it ends. */
  run: (step: () => Promise<boolean>) => Promise<boolean>;
  send: (what: string, call: LicenseCall) => Promise<boolean>;
}
