/**
 * The marketplace's calendar as the sandbox keeps it: the real time moved by an offset that tests set through the
 * control interface (POST /__sandbox/clock), so that a test moves the marketplace's days (what is due, what is past
 * due, which reminders go out) and never the portal's. Tokens, sessions and every other time stay real.
 */
export type SandboxClock = { offsetMs: number };

export function sandboxNow(clock: SandboxClock, real = Date.now()): Date {
  return new Date(real + clock.offsetMs);
}

/** The marketplace's today (UTC) as YYYY-MM-DD. */
export function sandboxToday(clock: SandboxClock, real = Date.now()): string {
  return sandboxNow(clock, real).toISOString().slice(0, 10);
}
