/** Money in its currency and the runtime's locale, without cents for whole amounts: `$23,450`. */
export function formatMoney(amount: number, currency = "USD", locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    // An unknown currency code from upstream: still show the number.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
  }
}

// Building a NumberFormat costs far more than using one; views that count up live call this every frame.
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, locale?: string): string {
  const key = locale ?? "";
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A distance given in kilometres, shown in km and miles: `12.3 km (7.6 mi)`. */
export function formatDistanceKm(km: number): string {
  if (!Number.isFinite(km) || km < 0) return "unknown";
  const miles = km / 1.609344;
  const digits = km < 10 ? 1 : 0;
  return `${km.toFixed(digits)} km (${miles.toFixed(digits)} mi)`;
}
