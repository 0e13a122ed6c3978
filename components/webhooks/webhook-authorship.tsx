import { LocalTime } from "@/components/trips/local-time";
import { type AuthorStamp, type WebhookAuthorship, type WebhookChange } from "@/lib/models/webhook-authors";

const CHANGE_WORDS: Record<WebhookChange, string> = {
  created: "created",
  edited: "edited",
  enabled: "enabled",
  disabled: "disabled",
  subscribed: "subscribed vehicles",
  unsubscribed: "unsubscribed a vehicle",
  kept: "kept after its author left",
};

/** Who, as the record says: the wallet, how it signed in and the role it held, then when. */
function Stamp({ stamp }: { stamp: AuthorStamp }) {
  const how = stamp.signedInWith === "dimo" ? `DIMO login${stamp.email ? `, ${stamp.email}` : ""}` : "wallet";
  return (
    <>
      <span className="font-mono break-all">{stamp.address}</span> ({stamp.role}, {how}) on{" "}
      <LocalTime iso={new Date(stamp.atMs).toISOString()} />
    </>
  );
}

/** The list's lines on who made a webhook and who last changed it; one line when it was made outside the dashboard. */
export function AuthorshipLines({ authorship }: { authorship: WebhookAuthorship | null }) {
  return (
    <>
      <dt>Made by</dt>
      <dd data-testid="webhook-author">
        {authorship?.createdBy ? (
          <Stamp stamp={authorship.createdBy} />
        ) : (
          "Outside the dashboard (with the license's API key): no author is recorded"
        )}
      </dd>
      {authorship ? (
        <>
          <dt>Last change</dt>
          <dd data-testid="webhook-last-change">
            {CHANGE_WORDS[authorship.lastChange.change]} by <Stamp stamp={authorship.lastChange} />
          </dd>
        </>
      ) : null}
    </>
  );
}
