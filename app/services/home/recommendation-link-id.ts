/**
 * The id an in-app link in rich text gets: 8 random 32-bit values, each in
 * hexadecimal with at least 2 digits, joined by dashes.
 */
export function generateLinkId(random: (values: Uint32Array<ArrayBuffer>) => void = (values) => crypto.getRandomValues(values)): string {
  const values = new Uint32Array(8);
  random(values);
  return Array.from(values, (value) => value.toString(16).padStart(2, "0")).join("-");
}

const LINK_ID = /^[0-9a-f]{2,8}(?:-[0-9a-f]{2,8}){7}$/;

export function isLinkId(value: unknown): value is string {
  return typeof value === "string" && LINK_ID.test(value);
}
