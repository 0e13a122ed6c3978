/** A map keyed by webhook id and vehicle DID, without building a key string per lookup on the hot path. */
export class PairMap<V> {
  private readonly outer = new Map<string, Map<string, V>>();
  get(webhookId: string, assetDid: string): V | undefined {
    return this.outer.get(webhookId)?.get(assetDid);
  }
  has(webhookId: string, assetDid: string): boolean {
    return this.outer.get(webhookId)?.has(assetDid) ?? false;
  }
  set(webhookId: string, assetDid: string, value: V): void {
    let inner = this.outer.get(webhookId);
    if (!inner) {
      inner = new Map();
      this.outer.set(webhookId, inner);
    }
    inner.set(assetDid, value);
  }
  delete(webhookId: string, assetDid: string): void {
    this.outer.get(webhookId)?.delete(assetDid);
  }
  clear(): void {
    this.outer.clear();
  }
}
