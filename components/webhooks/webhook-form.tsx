"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { createWebhookAction, updateWebhookAction } from "@/lib/actions/webhooks";
import { toAppError, unwrap } from "@/lib/result";
import { CONDITION_EXAMPLES, valueTypeOf } from "@/lib/webhooks-metrics";
import { TRIAL_MAX_VEHICLES } from "@/lib/models/webhook-trial";
import { type WebhookRow } from "@/lib/models/webhooks";
import { GeofenceHelper } from "./geofence-helper";
import { HistoryTrial } from "./history-trial";
import { MetricPicker, metricKey, parseMetric } from "./metric-picker";
import { conditionQuery, formDefaultsQuery } from "./webhooks-queries";
import { TestTargetButton } from "./test-target-button";
import { useRefreshWebhooks } from "./use-refresh-webhooks";

const FIELD = "h-10 w-full rounded-md border border-border bg-background px-3 text-sm";

/**
 * The create and edit form: a metric picker grouped as the Overview groups signals, a condition checked on the server
 * as it is typed (with examples for the metric's value type), a cooldown, and a target that starts as this dashboard's
 * inbox. Editing keeps the service and metric, which DIMO fixes at creation, and needs no new verification.
 */
export function WebhookForm({ editing }: { editing?: WebhookRow }) {
  const router = useRouter();
  const refresh = useRefreshWebhooks();
  const defaults = useQuery(formDefaultsQuery());
  const [name, setName] = useState(editing?.displayName ?? "");
  const [metric, setMetric] = useState(metricKey(editing?.service ?? "signals", editing?.metricName ?? "vss.speed"));
  const [condition, setCondition] = useState(editing?.condition ?? "valueNumber > 55");
  const [coolDown, setCoolDown] = useState(String(editing?.coolDownPeriod ?? 0));
  const [customTarget, setCustomTarget] = useState<string | null>(editing?.targetUrl ?? null);
  const [customToken, setCustomToken] = useState("");

  const { service, metricName } = parseMetric(metric);
  const valueType = service === "events" ? "event" : valueTypeOf(metricName);
  const target = customTarget ?? defaults.data?.inboxUrl ?? "";
  const toInbox = defaults.data !== undefined && target === defaults.data.inboxUrl;
  const token = toInbox ? (defaults.data?.inboxToken ?? "") : customToken;

  // The check runs on the server once typing settles to the deferred value; each distinct text is asked once.
  const checked = useDeferredValue(condition.trim());
  const check = useQuery({ ...conditionQuery(service, metricName, checked), enabled: checked !== "" });

  const save = useMutation({
    mutationFn: async () =>
      editing
        ? unwrap(
            await updateWebhookAction({
              id: editing.id,
              displayName: name,
              condition,
              coolDownPeriod: Number(coolDown),
              targetUrl: target,
            }),
          )
        : unwrap(
            await createWebhookAction({
              displayName: name,
              service,
              metricName,
              condition,
              coolDownPeriod: Number(coolDown),
              targetUrl: target,
              verificationToken: token,
              status: "enabled",
            }),
          ),
    onSuccess: async () => {
      await refresh();
      router.push("/webhooks");
    },
  });

  const submitError = save.error ? toAppError(save.error).message : null;
  const conditionRefusal =
    submitError && /CEL condition|output type/i.test(submitError)
      ? submitError
      : check.data?.error && checked === condition.trim()
        ? check.data.error
        : null;

  return (
    <Card>
      <CardHeader
        title={editing ? `Edit ${editing.displayName}` : "New webhook"}
        description={
          editing
            ? "The signal or event stays as created: DIMO does not change it. Saving resets the failure count."
            : 'DIMO checks the target first: it POSTs {"verification": "test"} and needs the token back.'
        }
      />
      <form
        className="flex flex-col gap-4 px-5 py-4"
        data-testid={editing ? "webhook-edit-form" : "webhook-create-form"}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          Name
          <input className={FIELD} name="displayName" value={name} onChange={(e) => setName(e.target.value)} required />
        </label>

        <fieldset className="flex flex-col gap-1 text-sm">
          <legend>Signal or event</legend>
          <MetricPicker value={metric} onChange={setMetric} disabled={editing !== undefined} />
          <span className="text-muted-foreground">
            Value type in conditions: <span className="font-mono">{valueType}</span>
          </span>
        </fieldset>

        <label className="flex flex-col gap-1 text-sm">
          Condition (CEL)
          <input
            className={`${FIELD} font-mono`}
            name="condition"
            value={condition}
            onChange={(e) => setCondition(e.target.value)}
            aria-invalid={conditionRefusal ? true : undefined}
            required
          />
        </label>
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="text-muted-foreground">Examples:</span>
          {CONDITION_EXAMPLES[valueType].map((example) => (
            <Button
              key={example.condition}
              type="button"
              size="sm"
              variant="ghost"
              title={example.says}
              onClick={() => setCondition(example.condition)}
            >
              <span className="font-mono">{example.condition}</span>
            </Button>
          ))}
        </div>
        {valueType === "vss.Location" ? (
          <GeofenceHelper onCondition={setCondition} mapStyleUrl={defaults.data?.mapStyleUrl} />
        ) : null}
        {conditionRefusal ? (
          <p className="text-sm text-danger" role="alert" data-testid="webhook-condition-error">
            {conditionRefusal}
          </p>
        ) : check.data && check.data.error === null && checked === condition.trim() ? (
          <p className="text-sm text-success" data-testid="webhook-condition-ok">
            The condition compiles for this metric.
          </p>
        ) : null}

        <label className="flex flex-col gap-1 text-sm">
          Cooldown (seconds between deliveries for one vehicle; 0 for none)
          <input
            className={FIELD}
            name="coolDownPeriod"
            type="number"
            min={0}
            step={1}
            value={coolDown}
            onChange={(e) => setCoolDown(e.target.value)}
            required
          />
        </label>

        <HistoryTrial
          request={{
            service,
            metricName,
            condition: condition.trim(),
            coolDownPeriod: Number(coolDown),
            // An edit tries the vehicles the webhook watches; a new one, the first the metric can be read on.
            tokenIds: editing?.vehicles.slice(0, TRIAL_MAX_VEHICLES) ?? [],
          }}
          disabled={conditionRefusal !== null || condition.trim() === "" || !/^\d+$/.test(coolDown.trim())}
        />

        <label className="flex flex-col gap-1 text-sm">
          Target URL
          <input
            className={`${FIELD} font-mono`}
            name="targetUrl"
            value={target}
            onChange={(e) => {
              setCustomTarget(e.target.value);
              if (customToken === "") setCustomToken(crypto.randomUUID());
            }}
            required
          />
          <span className="text-muted-foreground">
            {toInbox
              ? "This dashboard's inbox: it answers the verification itself and shows each delivery."
              : editing
                ? "DIMO sends the next deliveries here; an update is not verified again."
                : "Your receiver must answer the verification POST with status 200 and this token as the body."}
          </span>
        </label>
        {editing ? null : (
          <div className="flex items-center gap-2 text-sm">
            <span>Verification token:</span>
            <span className="font-mono break-all" data-testid="webhook-verification-token">
              {token || "…"}
            </span>
            {token ? <CopyButton value={token} label="Copy verification token" /> : null}
          </div>
        )}

        <TestTargetButton
          request={{ targetUrl: target, service, metricName, condition, displayName: name }}
          disabled={target === ""}
        />

        {submitError && !conditionRefusal ? (
          <p className="text-sm text-danger" role="alert" data-testid="webhook-create-error">
            {submitError}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={save.isPending || target === "" || (!editing && token === "")}>
            {editing ? (save.isPending ? "Saving…" : "Save changes") : save.isPending ? "Creating…" : "Create webhook"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
