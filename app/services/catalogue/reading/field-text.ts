/**
 * A row's fields where they lie in a line's text (the bytes as Latin-1
 * characters, see row-checks.ts): blank, a record code, a GTIN's number, a
 * price's decimal style, read from the characters without making a string.
 * What the row checks' hot path reads; the pure-string forms are in values.ts.
 */

export function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 160 || code === 10 || code === 13;
}

/** Trims only when there is something to trim (most cells have nothing). */
export function trimmed(value: string): string {
  if (value.length === 0) return value;
  return isWhitespace(value.charCodeAt(0)) || isWhitespace(value.charCodeAt(value.length - 1)) ? value.trim() : value;
}

export function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0;
}

/** Whether the field at `start`–`end` is the record type `code` (spaces around allowed). */
export function codeAt(text: string, start: number, end: number, code: string): boolean {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return end - start === code.length && text.startsWith(code, start);
}

/** Whether `text` holds only spaces from `start` to `end`. */
export function blankAt(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (!isSpace(text.charCodeAt(index))) return false;
  return true;
}

/** A valid GTIN's number from its digits at `start`–`end` (spaces around allowed), or -1: what `validGtinValue` does, in place. */
export function gtinAt(text: string, start: number, end: number): number {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const length = end - start;
  if (length !== 8 && length !== 12 && length !== 13 && length !== 14) return -1;
  let sum = 0;
  let value = 0;
  // Weight 3 for the digit next to the check digit, then alternating.
  for (let index = start, weight = length % 2 === 0 ? 3 : 1; index < end - 1; index++, weight = 4 - weight) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
    sum += digit * weight;
  }
  const check = text.charCodeAt(end - 1) - 48;
  if (check < 0 || check > 9 || (10 - (sum % 10)) % 10 !== check) return -1;
  return value * 10 + check;
}

/** `simplePriceStyle` in place. */
export function simplePriceStyleAt(text: string, start: number, end: number): "comma" | "point" | null | undefined {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const length = end - start;
  if (length === 0 || length > 12) return undefined;
  let separator = -1;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) continue;
    const position = index - start;
    if ((code === 44 || code === 46) && separator === -1 && position > 0 && position >= length - 3 && position < length - 1) {
      separator = code;
      continue;
    }
    return undefined;
  }
  return separator === -1 ? null : separator === 44 ? "comma" : "point";
}

export function isBlank(value: string): boolean {
  return value.length === 0 || trimmed(value).length === 0;
}
