"use client";

import { type PrivilegeId } from "@/lib/protocol";
import { ALL_PERMISSION_WORDS, PERMISSION_TEMPLATES, POWERTRAIN_TYPES } from "@/lib/share-links";
import { type ShareLinkSettings } from "@/lib/models/share-links";

/** The builder's groups of fields: what is asked, which vehicles and until when, and where owners come back to. */

/** What the builder's form holds, as the person typed it. */
export interface BuilderState {
  name: string;
  mode: "privileges" | "template";
  privileges: PrivilegeId[];
  templateId: string;
  makes: string;
  powertrains: string[];
  vehicles: string;
  expiryDay: string;
  onboardingOn: boolean;
  onboarding: string;
  redirectUri: string;
}

interface FieldsProps {
  state: BuilderState;
  update: (change: Partial<BuilderState>) => void;
}

const inputClass = "h-9 rounded-md border border-border bg-background px-3";
const legendClass = "mb-2 font-medium";

export function PermissionFields({ state, update }: FieldsProps) {
  const toggle = (privilege: PrivilegeId, on: boolean) =>
    update({
      privileges: on
        ? [...new Set([...state.privileges, privilege])].sort((a, b) => a - b)
        : state.privileges.filter((id) => id !== privilege),
    });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className={legendClass}>What the owner is asked</legend>
      <div className="flex flex-wrap gap-4" role="radiogroup" aria-label="Permissions or a template">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="share-access"
            data-testid="share-access-privileges"
            checked={state.mode === "privileges"}
            onChange={() => update({ mode: "privileges" })}
          />
          Choose the permissions
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="share-access"
            data-testid="share-access-template"
            checked={state.mode === "template"}
            onChange={() => update({ mode: "template" })}
          />
          Use a permission template
        </label>
      </div>
      {state.mode === "template" ? (
        <select
          data-testid="share-link-template"
          aria-label="Permission template"
          value={state.templateId}
          onChange={(event) => update({ templateId: event.target.value })}
          className={inputClass}
        >
          {PERMISSION_TEMPLATES.map((template) => (
            <option key={template.id} value={template.id}>
              {`Template ${template.id}: ${template.label}`}
            </option>
          ))}
        </select>
      ) : (
        <ul className="flex flex-col gap-2">
          {ALL_PERMISSION_WORDS.map((words) => (
            <li key={words.privilege}>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  data-testid={`share-permission-${words.privilege}`}
                  checked={state.privileges.includes(words.privilege)}
                  onChange={(event) => toggle(words.privilege, event.target.checked)}
                />
                <span>
                  <span className="font-medium">{words.label}</span>
                  <span className="text-muted-foreground">: {words.asks}.</span>
                  <span className="block text-xs text-muted-foreground">
                    {words.features.length === 0
                      ? "No page of this dashboard uses it."
                      : `In this dashboard: ${words.unlocks}.`}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function FilterFields({ state, update }: FieldsProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className={legendClass}>Which vehicles, until when</legend>
      <label className="flex flex-col gap-1">
        <span>Makes (commas between them; empty for any)</span>
        <input
          data-testid="share-link-makes"
          value={state.makes}
          onChange={(event) => update({ makes: event.target.value })}
          className={inputClass}
          placeholder="Tesla, Ford"
        />
      </label>
      <div className="flex flex-col gap-1">
        <span>Powertrain types (none ticked for any)</span>
        <div className="flex flex-wrap gap-4">
          {POWERTRAIN_TYPES.map((type) => (
            <label key={type.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                data-testid={`share-powertrain-${type.id}`}
                checked={state.powertrains.includes(type.id)}
                onChange={(event) =>
                  update({
                    powertrains: event.target.checked
                      ? [...state.powertrains, type.id]
                      : state.powertrains.filter((id) => id !== type.id),
                  })
                }
              />
              {`${type.label} (${type.id})`}
            </label>
          ))}
        </div>
      </div>
      <label className="flex flex-col gap-1">
        <span>Specific vehicles (token ids; empty for any)</span>
        <input
          data-testid="share-link-vehicles"
          value={state.vehicles}
          inputMode="numeric"
          onChange={(event) => update({ vehicles: event.target.value })}
          className={inputClass}
          placeholder="21957, 20777"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span>The grants end on (UTC)</span>
        <input
          type="date"
          data-testid="share-link-expiry"
          value={state.expiryDay}
          onChange={(event) => update({ expiryDay: event.target.value })}
          className={`${inputClass} w-48`}
        />
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          data-testid="share-link-onboarding"
          checked={state.onboardingOn}
          onChange={(event) => update({ onboardingOn: event.target.checked })}
        />
        Offer owners to connect a vehicle they have not connected to DIMO yet
      </label>
      {state.onboardingOn ? (
        <label className="flex flex-col gap-1 pl-6">
          <span>Connections offered (commas between them)</span>
          <input
            data-testid="share-link-onboarding-connections"
            value={state.onboarding}
            onChange={(event) => update({ onboarding: event.target.value })}
            className={inputClass}
          />
        </label>
      ) : null}
    </fieldset>
  );
}

export function RedirectField({ settings, state, update }: FieldsProps & { settings: ShareLinkSettings }) {
  const choices = settings.redirectUris.includes(settings.landingUrl)
    ? settings.redirectUris
    : [settings.landingUrl, ...settings.redirectUris];
  return (
    <label className="flex flex-col gap-1">
      <span className="font-medium">Where owners come back to</span>
      <span className="text-muted-foreground">
        One of the license&apos;s redirect URIs. This dashboard&apos;s landing page says which vehicles were just shared
        and records which link brought them; it drops the owner&apos;s DIMO token at once and then asks for sign-in to
        this dashboard, so it suits you and your team trying a link. Owners who are not on the team should come back to
        your own app.
      </span>
      <select
        data-testid="share-link-redirect"
        value={state.redirectUri}
        onChange={(event) => update({ redirectUri: event.target.value })}
        className={inputClass}
      >
        {choices.map((uri) => {
          const registered = settings.redirectUris.includes(uri);
          const landing = uri === settings.landingUrl;
          return (
            <option key={uri} value={uri} data-registered={registered ? "yes" : "no"}>
              {`${uri}${landing ? " (this dashboard's landing page)" : ""}${registered ? "" : " (not registered)"}`}
            </option>
          );
        })}
      </select>
    </label>
  );
}
