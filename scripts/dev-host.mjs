// Where `npm run dev` listens. The dev server runs unoptimised code with detailed errors and, in sandbox mode, signs
// in anyone with the demo wallet: it stays on this machine (127.0.0.1) unless HOST says otherwise.

/** The `next dev` arguments with --hostname added, unless the caller passed -H/--hostname. */
export function nextDevArgs(env, extraArgs) {
  if (extraArgs.some((arg) => arg === "-H" || arg === "--hostname" || arg.startsWith("--hostname=")))
    return ["dev", ...extraArgs];
  const host = (env.HOST ?? "").trim() || "127.0.0.1";
  return ["dev", "--hostname", host, ...extraArgs];
}
