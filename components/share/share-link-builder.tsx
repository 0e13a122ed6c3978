"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { ReadOnlyReason, useReadOnlyReason } from "@/components/team/read-only";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { LinkQr } from "@/components/ui/link-qr";
import { saveShareLinkAction } from "@/lib/actions/share-links";
import { toAppError } from "@/lib/result";
import {
  PERMISSION_TEMPLATES,
  type ShareLink,
  dayOf,
  expirationFromDay,
  nameProblems,
  parseVehicleIds,
  shareLinkProblems,
  shareLinkUrl,
  sharePreview,
  splitList,
} from "@/lib/share-links";
import { type ShareLinkSettings } from "@/lib/models/share-links";
import { ShareLinkPreview } from "./share-link-preview";
import { type BuilderState, FilterFields, PermissionFields, RedirectField } from "./share-link-fields";

/**
 * The share link builder: the form, the link it makes (checked as DIMO's login would check it, in words, before
 * anyone opens it), its QR code, the preview of what the owner is asked, and keeping it with its name. The server
 * builds and checks the kept link again from the same values.
 */

function linkOf(state: BuilderState, settings: ShareLinkSettings): { link: ShareLink; problems: string[] } {
  const vehicles = parseVehicleIds(state.vehicles);
  const expirationDate = expirationFromDay(state.expiryDay);
  const name = state.name.trim();
  const link: ShareLink = {
    clientId: settings.clientId,
    redirectUri: state.redirectUri,
    access:
      state.mode === "template"
        ? { kind: "template", templateId: state.templateId }
        : { kind: "privileges", privileges: state.privileges },
    vehicles: vehicles.ids,
    vehicleMakes: splitList(state.makes),
    powertrainTypes: state.powertrains,
    ...(expirationDate ? { expirationDate } : {}),
    onboarding: state.onboardingOn ? splitList(state.onboarding) : [],
    ...(name ? { utm: name } : {}),
  };
  const problems = [...vehicles.problems];
  if (!expirationDate) problems.push("Choose the day the grants end.");
  return { link, problems };
}

export function ShareLinkBuilder({
  settings,
  defaultExpiration,
  now,
}: {
  settings: ShareLinkSettings;
  /** One year from the page's render, as an ISO date. */
  defaultExpiration: string;
  /** The page's render time: the expiry is checked against it, so the server's and the browser's words agree. */
  now: string;
}) {
  const router = useRouter();
  const readOnly = useReadOnlyReason();
  const [state, setState] = useState<BuilderState>({
    name: "",
    mode: "privileges",
    privileges: [1],
    templateId: PERMISSION_TEMPLATES[0].id,
    makes: "",
    powertrains: [],
    vehicles: "",
    expiryDay: dayOf(defaultExpiration),
    onboardingOn: false,
    onboarding: "tesla",
    redirectUri: settings.landingUrl,
  });
  const [saving, startSaving] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const update = (change: Partial<BuilderState>) => {
    setOutcome(null);
    setState((current) => ({ ...current, ...change }));
  };

  const { link, problems, url, preview } = useMemo(() => {
    const built = linkOf(state, settings);
    const all = [
      ...built.problems,
      ...shareLinkProblems(built.link, { now: new Date(now), redirectUris: settings.redirectUris }),
    ];
    return {
      link: built.link,
      problems: all,
      url: all.length === 0 ? shareLinkUrl(settings.loginUrl, built.link) : null,
      preview: sharePreview(built.link, settings.licenseName),
    };
  }, [state, settings, now]);

  const save = () =>
    startSaving(async () => {
      const refused = nameProblems(state.name);
      if (refused.length > 0) return setOutcome({ ok: false, message: refused.join(" ") });
      try {
        const result = await saveShareLinkAction({
          name: state.name,
          redirectUri: link.redirectUri,
          access:
            link.access.kind === "template" ? link.access : { ...link.access, privileges: [...link.access.privileges] },
          vehicles: [...link.vehicles],
          vehicleMakes: [...link.vehicleMakes],
          powertrainTypes: [...link.powertrainTypes],
          expirationDate: link.expirationDate ?? "",
          onboarding: [...link.onboarding],
        });
        if (!result.ok) return setOutcome({ ok: false, message: result.error.message });
        setOutcome({ ok: true, message: `Kept as ${result.data.name}.` });
        router.refresh();
      } catch (error) {
        setOutcome({ ok: false, message: toAppError(error).message });
      }
    });

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Card>
        <CardHeader
          title="Build a share link"
          description="Owners who open it sign in to DIMO, choose vehicles and share them with this license."
        />
        <form
          data-testid="share-link-form"
          className="flex flex-col gap-6 px-5 py-4 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <label className="flex flex-col gap-1">
            <span className="font-medium">Name of the link</span>
            <span className="text-muted-foreground">
              It comes back with every vehicle shared through the link (as its utm), so name the campaign or customer.
            </span>
            <input
              data-testid="share-link-name"
              value={state.name}
              maxLength={200}
              onChange={(event) => update({ name: event.target.value })}
              className="h-9 rounded-md border border-border bg-background px-3"
              placeholder="Spring pilot, BEVs"
            />
          </label>
          <PermissionFields state={state} update={update} />
          <FilterFields state={state} update={update} />
          <RedirectField settings={settings} state={state} update={update} />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={saving || url === null || readOnly !== null}
              title={readOnly ?? undefined}
              data-testid="share-link-save"
            >
              {saving ? "Keeping…" : "Keep this link"}
            </Button>
            <ReadOnlyReason />
            {outcome ? (
              <p
                role={outcome.ok ? "status" : "alert"}
                data-testid="share-link-outcome"
                className={outcome.ok ? "text-success" : "text-danger"}
              >
                {outcome.message}
              </p>
            ) : null}
          </div>
        </form>
      </Card>

      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader title="The link" />
          <div className="flex flex-col gap-4 px-5 py-4 text-sm">
            {url === null ? (
              <div role="alert" data-testid="share-link-problems" className="flex flex-col gap-1 text-danger">
                <p className="font-medium">DIMO&apos;s login would refuse this link:</p>
                <ul className="list-disc pl-5">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            ) : (
              <>
                <div className="flex items-start gap-1">
                  <code data-testid="share-link-url" className="min-w-0 flex-1 font-mono text-xs break-all">
                    {url}
                  </code>
                  <CopyButton value={url} label="Copy link" />
                </div>
                <LinkQr
                  url={url}
                  label="QR code of the share link"
                  testId="share-link-qr"
                  className="mx-auto w-full max-w-64"
                />
              </>
            )}
          </div>
        </Card>
        <ShareLinkPreview preview={preview} />
      </div>
    </div>
  );
}
