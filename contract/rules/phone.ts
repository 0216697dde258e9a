/**
 * Phone numbers in E.164: "+", a country code and at most 15 digits in all.
 * Spaces, hyphens, slashes, dots and brackets are how people write them and
 * are dropped; a leading 00 is the same as "+".
 */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s\-/.()]+/g, "");
  return compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
}

export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(normalizePhone(value));
}
