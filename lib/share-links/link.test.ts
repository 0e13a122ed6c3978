import { describe, expect, it } from "vitest";
import {
  type ShareLink,
  dayOf,
  defaultExpirationDate,
  expirationFromDay,
  nameProblems,
  parseShareLinkUrl,
  shareLinkProblems,
  shareLinkUrl,
} from "./link";

const LOGIN = "http://127.0.0.1:4455/login";
const CLIENT_ID = "0x52D52df587cB2E014Ae81495D88c71c819779923";
const LANDING = "http://localhost:3000/share/landing";
const NOW = new Date("2026-03-01T12:00:00.000Z");

const link = (overrides: Partial<ShareLink> = {}): ShareLink => ({
  clientId: CLIENT_ID,
  redirectUri: LANDING,
  access: { kind: "privileges", privileges: [1, 4] },
  vehicles: [],
  vehicleMakes: [],
  powertrainTypes: [],
  expirationDate: "2027-03-01T12:00:00.000Z",
  onboarding: [],
  ...overrides,
});

const paramsOf = (url: string) => new URL(url).searchParams;

describe("writing a share link", () => {
  it("opens DIMO's login in vehicle-manager mode for the license and its redirect URI", () => {
    const url = shareLinkUrl(LOGIN, link());
    expect(url.startsWith(`${LOGIN}/?`)).toBe(true);
    const params = paramsOf(url);
    expect(params.get("clientId")).toBe(CLIENT_ID);
    expect(params.get("redirectUri")).toBe(LANDING);
    expect(params.get("entryState")).toBe("VEHICLE_MANAGER");
    expect(params.get("permissions")).toBe("10010000");
    expect(params.has("permissionTemplateId")).toBe(false);
    expect(params.get("expirationDate")).toBe("2027-03-01T12:00:00.000Z");
  });

  it("writes {login}/? whether or not the login address ends with a slash", () => {
    expect(shareLinkUrl("https://login.dimo.org/", link()).startsWith("https://login.dimo.org/?clientId=")).toBe(true);
    expect(shareLinkUrl("https://login.dimo.org", link()).startsWith("https://login.dimo.org/?clientId=")).toBe(true);
  });

  it("writes a template instead of the bit string", () => {
    const params = paramsOf(shareLinkUrl(LOGIN, link({ access: { kind: "template", templateId: "2" } })));
    expect(params.get("permissionTemplateId")).toBe("2");
    expect(params.has("permissions")).toBe(false);
  });

  it("repeats the key for each value of a list", () => {
    const params = paramsOf(
      shareLinkUrl(
        LOGIN,
        link({
          vehicles: [12, 34],
          vehicleMakes: ["Tesla", "Land Rover"],
          powertrainTypes: ["BEV", "PHEV"],
          onboarding: ["tesla", "smartcar"],
        }),
      ),
    );
    expect(params.getAll("vehicles")).toEqual(["12", "34"]);
    expect(params.getAll("vehicleMakes")).toEqual(["Tesla", "Land Rover"]);
    expect(params.getAll("powertrainTypes")).toEqual(["BEV", "PHEV"]);
    expect(params.getAll("onboarding")).toEqual(["tesla", "smartcar"]);
  });

  it("leaves out empty lists and unset options", () => {
    const params = paramsOf(shareLinkUrl(LOGIN, link({ expirationDate: undefined })));
    for (const name of ["vehicles", "vehicleMakes", "powertrainTypes", "onboarding", "utm", "altTitle", "brandName"]) {
      expect(params.has(name), name).toBe(false);
    }
    expect(params.has("expirationDate")).toBe(false);
  });

  it("writes the name, the alternative title and the brand", () => {
    const params = paramsOf(shareLinkUrl(LOGIN, link({ utm: "Spring fleet", altTitle: true, brandName: "Acme" })));
    expect(params.get("utm")).toBe("Spring fleet");
    expect(params.get("altTitle")).toBe("true");
    expect(params.get("brandName")).toBe("Acme");
  });
});

describe("reading a share link back", () => {
  it("gives back what was written, every option set", () => {
    const full = link({
      vehicles: [7, 21957],
      vehicleMakes: ["Tesla", "Ford"],
      powertrainTypes: ["BEV"],
      onboarding: ["tesla"],
      utm: "Spring fleet: BEVs (2026)",
      altTitle: true,
      brandName: "Acme & Sons",
    });
    expect(parseShareLinkUrl(shareLinkUrl(LOGIN, full))).toEqual({ ok: true, loginUrl: LOGIN, link: full });
  });

  it("gives back a minimal link and a template link", () => {
    const minimal = link({ expirationDate: undefined, access: { kind: "privileges", privileges: [8] } });
    expect(parseShareLinkUrl(shareLinkUrl(LOGIN, minimal))).toEqual({ ok: true, loginUrl: LOGIN, link: minimal });
    const template = link({ access: { kind: "template", templateId: "1" } });
    expect(parseShareLinkUrl(shareLinkUrl(LOGIN, template))).toEqual({ ok: true, loginUrl: LOGIN, link: template });
  });

  it("prefers the template when a link holds both, as DIMO's login does", () => {
    const url = `${LOGIN}/?clientId=${CLIENT_ID}&redirectUri=${LANDING}&entryState=VEHICLE_MANAGER&permissions=1&permissionTemplateId=1`;
    const parsed = parseShareLinkUrl(url);
    expect(parsed.ok && parsed.link.access).toEqual({ kind: "template", templateId: "1" });
  });

  it("says in words what makes a URL no share link", () => {
    expect(parseShareLinkUrl("not a url")).toEqual({ ok: false, problems: ["This is not a web address."] });
    const signIn = parseShareLinkUrl(`${LOGIN}/?clientId=${CLIENT_ID}&redirectUri=${LANDING}&entryState=EMAIL_INPUT`);
    expect(signIn.ok).toBe(false);
    if (signIn.ok) return;
    expect(signIn.problems).toContain(
      "The link's entryState is EMAIL_INPUT, not VEHICLE_MANAGER: it does not ask to share vehicles.",
    );
    expect(signIn.problems).toContain("The link asks for no permissions and names no permission template.");
  });

  it("refuses a malformed permission string, a missing client id or redirect URI, and a vehicle id that is no number", () => {
    const parsed = parseShareLinkUrl(`${LOGIN}/?entryState=VEHICLE_MANAGER&permissions=12&vehicles=abc`);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      "The link names no clientId: DIMO's login would not know which license asks.",
      "The link names no redirectUri: DIMO's login would not know where to send owners back.",
      "The permissions 12 are not a string of at most sixteen 0s and 1s.",
      "The vehicle id abc is not a whole number.",
    ]);
  });
});

describe("what DIMO would refuse, in words", () => {
  const context = { now: NOW, redirectUris: [LANDING, "http://localhost:3000"] };

  it("finds nothing wrong with a sound link", () => {
    expect(shareLinkProblems(link(), context)).toEqual([]);
  });

  it("refuses a link that asks for nothing", () => {
    expect(shareLinkProblems(link({ access: { kind: "privileges", privileges: [] } }), context)).toEqual([
      "Choose at least one permission, or a permission template: a link that asks for nothing is refused.",
    ]);
  });

  it("refuses an expiry in the past, or now, and one that is no date", () => {
    const past = "The expiry is in the past: every grant would have ended before an owner could open the link.";
    expect(shareLinkProblems(link({ expirationDate: "2026-02-28T00:00:00.000Z" }), context)).toEqual([past]);
    expect(shareLinkProblems(link({ expirationDate: NOW.toISOString() }), context)).toEqual([past]);
    expect(shareLinkProblems(link({ expirationDate: "next year" }), context)).toEqual([
      "The expiry next year is not a date.",
    ]);
  });

  it("refuses a redirect URI the license has not registered, compared exactly", () => {
    const problems = shareLinkProblems(link({ redirectUri: `${LANDING}/` }), context);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^The redirect URI http:\/\/localhost:3000\/share\/landing\/ is not registered/);
  });

  it("leaves the redirect URI's registration unchecked when the list is not known, but not its form", () => {
    expect(shareLinkProblems(link({ redirectUri: "https://app.example.com/cb" }), { now: NOW })).toEqual([]);
    expect(shareLinkProblems(link({ redirectUri: "ftp://example.com" }), { now: NOW })).toEqual([
      "The redirect URI must be a web address that starts with http:// or https://.",
    ]);
  });

  it("refuses a client id that is no address, a template that is no number, and bad vehicle ids", () => {
    expect(
      shareLinkProblems(
        link({ clientId: "demo", access: { kind: "template", templateId: "all" }, vehicles: [0, 1.5] }),
        context,
      ),
    ).toEqual([
      "The client id must be the license's address: 0x and 40 hexadecimal digits.",
      "A permission template is named by its number, such as 1 or 2.",
      "Vehicle ids are whole numbers from 1 up: 0 is not one.",
      "Vehicle ids are whole numbers from 1 up: 1.5 is not one.",
    ]);
  });

  it("takes vehicle ids from 1 to 2147483647 and refuses those past either end", () => {
    expect(shareLinkProblems(link({ vehicles: [1, 2147483647] }), context)).toEqual([]);
    expect(shareLinkProblems(link({ vehicles: [0, 2147483648] }), context)).toEqual([
      "Vehicle ids are whole numbers from 1 up: 0 is not one.",
      "Vehicle ids are whole numbers from 1 up: 2147483648 is not one.",
    ]);
  });

  it("refuses an unknown powertrain type, an empty make and an empty onboarding connection", () => {
    expect(
      shareLinkProblems(link({ powertrainTypes: ["EV"], vehicleMakes: [" "], onboarding: [""] }), context),
    ).toEqual([
      "A make cannot be empty.",
      "The powertrain types are BEV, PHEV, HEV, ICE, FCEV: EV is not one.",
      "An onboarding connection cannot be empty.",
    ]);
  });

  it("refuses a name DIMO's login would read as parameters", () => {
    expect(shareLinkProblems(link({ utm: "utm_campaign=spring" }), context)).toEqual([
      'A link\'s name cannot hold "=" or "&": DIMO\'s login would read it as parameters, not as the name.',
    ]);
    expect(nameProblems("")).toEqual(["Give the link a name: it says which link brought which vehicle."]);
    expect(nameProblems("Spring fleet")).toEqual([]);
  });

  it("takes a name of up to 80 characters and refuses one of 81, as a name and as a link's utm", () => {
    expect(nameProblems("x".repeat(80))).toEqual([]);
    expect(nameProblems("x".repeat(81))).toEqual(["A link's name is at most 80 characters long."]);
    expect(shareLinkProblems(link({ utm: "x".repeat(80) }), context)).toEqual([]);
    expect(shareLinkProblems(link({ utm: "x".repeat(81) }), context)).toEqual([
      "A link's name is at most 80 characters long.",
    ]);
  });
});

describe("the expiry", () => {
  it("defaults to one year after now", () => {
    expect(defaultExpirationDate(NOW)).toBe("2027-03-01T12:00:00.000Z");
  });

  it("ends at the last second of a chosen day, in UTC", () => {
    expect(expirationFromDay("2027-01-31")).toBe("2027-01-31T23:59:59.000Z");
    expect(dayOf("2027-01-31T23:59:59.000Z")).toBe("2027-01-31");
  });

  it("is null for a day that does not exist or is not written YYYY-MM-DD", () => {
    for (const day of ["2027-02-30", "2027-13-01", "31/01/2027", ""]) expect(expirationFromDay(day), day).toBeNull();
  });
});
