const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a redirect URI cannot be added (https, or http on this machine only); undefined when it can. */
export function redirectUriProblem(input: string, enabled: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return "Enter a whole URL, such as https://app.example.com/callback.";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname))) {
    return "A redirect URI must use https (http only on localhost).";
  }
  if (url.username || url.password) return "A redirect URI carries no user name or password.";
  if (enabled.includes(input)) return "This redirect URI is already enabled.";
  return undefined;
}
