/**
 * The sandbox's notion of "now": the wall clock plus an offset that tests move forward (or back) to expire challenge
 * states, JWTs, grants and offer sets without waiting. Every expiry decision and the rate limits read this clock.
 * Frozen, it stands still until moved, so a test of timing (requests a second) does not depend on how fast a busy
 * machine delivers them.
 */
export class SandboxClock {
  private offsetMs = 0;
  private frozenAtMs: number | null = null;

  nowMs(): number {
    return (this.frozenAtMs ?? Date.now()) + this.offsetMs;
  }

  get frozen(): boolean {
    return this.frozenAtMs !== null;
  }

  /** Stops the clock where it is (true) or lets it run on from there (false). */
  freeze(frozen: boolean): void {
    if (frozen === this.frozen) return;
    if (frozen) {
      this.frozenAtMs = Date.now();
    } else {
      this.offsetMs += (this.frozenAtMs ?? Date.now()) - Date.now();
      this.frozenAtMs = null;
    }
  }

  /** Whole seconds since the epoch, the unit of JWT `iat` and `exp`. */
  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds)) throw new RangeError("advanceSeconds must be a finite number");
    this.offsetMs += Math.round(seconds * 1000);
  }

  reset(): void {
    this.offsetMs = 0;
    this.frozenAtMs = null;
  }

  /** What the control surface answers: the offset, whether the clock stands still and the sandbox's current time. */
  snapshot(): { offsetSeconds: number; frozen: boolean; now: string } {
    return { offsetSeconds: this.offsetSeconds, frozen: this.frozen, now: this.now().toISOString() };
  }
}
