// Per-token rate limit of the MCP endpoint: a bucket of `perMinute` requests per token, refilled evenly. In this
// process's memory: several server processes each allow as much (documented); the buckets of tokens idle for a
// minute are full again and dropped, so the map holds only active tokens.
export class TokenRate {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request for the token: 0 when allowed, else the seconds until one is. */
  take(tokenId: number): number {
    const now = this.now();
    const refill = this.perMinute / 60_000;
    const bucket = this.buckets.get(tokenId) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * refill);
    bucket.at = now;
    this.buckets.set(tokenId, bucket);
    if (this.buckets.size > 10_000) this.prune(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / refill / 1000);
  }

  private prune(now: number): void {
    for (const [id, bucket] of this.buckets) if (now - bucket.at > 60_000) this.buckets.delete(id);
  }
}
