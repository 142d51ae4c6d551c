/**
 * Fixed-window counters in memory. Each API instance counts on its own, so with N instances an
 * attacker gets at most N times the budget; the limits are set low enough for that to stay small.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it still has budget. */
  blockedFor(key: string): number {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= this.now()) return 0;
    return w.count >= this.max ? Math.ceil((w.resetAt - this.now()) / 1000) : 0;
  }

  /** Counts one attempt; returns the seconds to wait if that used up the budget, else 0. */
  hit(key: string): number {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size >= this.maxKeys) this.evict(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private evict(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    // still full: drop the oldest entries (Map keeps insertion order)
    for (const k of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}
