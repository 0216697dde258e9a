/** `value` when it is one of `values` (a URL's filter, read leniently), otherwise undefined. */
export function oneOf<Value extends string>(values: readonly Value[], value: string | null): Value | undefined {
  return values.find((known) => known === value);
}
