import "server-only";
import type { ChangeRole } from "@/lib/models/audit";
import { type ChangeInput, recordChange } from "./record";

/** Sign-ins and sign-outs in the record, from the places sessions are made and ended (lib/auth). */

interface SessionPerson {
  address: `0x${string}`;
  role: ChangeRole;
  signedInWith: NonNullable<ChangeInput["actor"]["signedInWith"]>;
}

const method = (person: SessionPerson) =>
  person.signedInWith.via === "dimo" ? "Login with DIMO" : "a wallet's signature";

export const recordSignIn = (person: SessionPerson) =>
  recordChange({
    actor: person,
    role: person.role,
    kind: "session.sign-in",
    detail: `Signed in with ${method(person)} as ${person.role}`,
  });

export const recordSignOut = (person: SessionPerson) =>
  recordChange({ actor: person, role: person.role, kind: "session.sign-out", detail: "Signed out" });
