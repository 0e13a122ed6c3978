"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ChangeSectionProps } from "./change-section";

/** The license's name: at most 32 bytes and unique across licenses, which the contract itself enforces. */
export function RenameLicense({ license, off, run, send }: ChangeSectionProps) {
  const [alias, setAlias] = useState(license.alias);
  const unchanged = alias.trim() === "" || alias === license.alias;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => send("Rename", { functionName: "setLicenseAlias", args: [alias] }));
      }}
    >
      <label htmlFor="license-alias-input" className="text-sm font-medium">
        Name
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="license-alias-input"
          className="h-10 min-w-64 flex-1 rounded-md border border-border bg-background px-3 text-sm"
          value={alias}
          onChange={(event) => setAlias(event.target.value)}
          disabled={off}
        />
        <Button type="submit" disabled={off || unchanged}>
          Rename
        </Button>
      </div>
    </form>
  );
}
