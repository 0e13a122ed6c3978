/** A minimal cookie jar for one simulated browser: names and values only, which is all a same-origin client sends. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response; a cookie set to expire in the past is removed. */
  store(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = "", ...attributes] = header.split(";");
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=").map((part) => part.trim());
        if (/^max-age$/i.test(key)) return Number(raw) <= 0;
        if (/^expires$/i.test(key)) return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** name/value pairs, e.g. to hand to a browser context. */
  entries(): [string, string][] {
    return [...this.cookies];
  }
}
