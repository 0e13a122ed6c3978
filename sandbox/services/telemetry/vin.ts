import { createPrng } from "../../seed/prng";

/**
 * A valid-looking VIN per vehicle: the make's world manufacturer identifier, six seeded characters, the North
 * American check digit, the model year's code, a plant letter and a six-digit serial.
 */
const WMI: Record<string, string> = {
  Tesla: "5YJ",
  Ford: "1FT",
  Toyota: "4T1",
  Honda: "2HG",
  BMW: "5UX",
  Chevrolet: "1G1",
  Hyundai: "KM8",
  Volkswagen: "1V2",
  Subaru: "4S4",
  Kia: "KND",
  Mazda: "JM3",
  Nissan: "1N4",
  Jeep: "1C4",
  Porsche: "WP0",
};
const ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

function charValue(ch: string): number {
  return /[0-9]/.test(ch) ? Number(ch) : (VALUES[ch] ?? 0);
}

export function vinOf(tokenId: number, make: string, year: number): string {
  const rng = createPrng(`vin:${tokenId}`);
  const wmi = WMI[make] ?? "1HG";
  let vds = "";
  for (let i = 0; i < 5; i++) vds += ALPHABET.charAt(rng.int(0, ALPHABET.length - 1));
  const yearCode = YEAR_CODES.charAt((((year - 2010) % 30) + 30) % 30);
  const plant = ALPHABET.charAt(rng.int(0, 22));
  const serial = String(rng.int(100000, 999999));
  const draft = `${wmi}${vds}X${yearCode}${plant}${serial}`;
  const sum = [...draft].reduce((total, ch, i) => total + charValue(ch) * (WEIGHTS[i] ?? 0), 0);
  const check = sum % 11 === 10 ? "X" : String(sum % 11);
  return `${draft.slice(0, 8)}${check}${draft.slice(9)}`;
}
