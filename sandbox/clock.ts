/**
 * The sandbox's notion of "now": the wall clock plus an offset that tests move forward (or back) to expire challenge
 * states, JWTs, grants and offer sets without waiting. Every expiry decision in the sandbox reads this clock.
 */
export class SandboxClock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
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
  }

  /** What the control surface answers: the offset and the sandbox's current time. */
  snapshot(): { offsetSeconds: number; now: string } {
    return { offsetSeconds: this.offsetSeconds, now: this.now().toISOString() };
  }
}
