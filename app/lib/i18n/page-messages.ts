/**
 * The messages a page's browser loads: only the message groups its routes
 * show (ADR 038). The messages stay one tree (one i18next namespace on the
 * server) with their keys as they are (`t("myCompany.changes.hints.iban")`);
 * each file `app/locales/<language>/<group>.json` is one top-level group of it.
 *
 * Each route module with a component names the groups its own module graph
 * shows (besides its layouts' and the root's) in its `handle`, as
 * remix-i18next names it, and loads them on a client-side navigation with the
 * `clientMiddleware` made from that handle:
 *
 *   export const handle = { i18n: ["myCompany", "form"] } satisfies MessagesHandle;
 *   export const clientMiddleware = [pageMessages(handle)];
 *
 * A page's groups are the union over its matches. The server render links
 * them (root.tsx: one preload, `/locales/<language>?v=<build>&groups=…`), the
 * client entry fetches that link's address before hydration, and a
 * navigation fetches the groups it lacks in one request while its loaders
 * run; the new page renders after both. tests/unit/page-messages.test.ts
 * holds every route's declaration against the keys its modules name.
 */
import type { BrowserTexts, Messages } from "./browser-texts.ts";
import type { MiddlewareFunction } from "react-router";

/** Every message group, as `app/locales/<language>/<group>.json` names them (the unit test compares). */
export const MESSAGE_GROUPS = [
  "access",
  "actingAsSeller",
  "activity",
  "analytics",
  "auth",
  "base",
  "catalogue",
  "catalogueCategories",
  "catalogueImages",
  "catalogueIntelligence",
  "catalogueProducts",
  "catalogueReading",
  "catalogueReturn",
  "catalogueUpdates",
  "dev",
  "errors",
  "footer",
  "form",
  "handOver",
  "home",
  "homeOverview",
  "invitations",
  "landing",
  "language",
  "layout",
  "myCompany",
  "notifications",
  "obligations",
  "onboarding",
  "recommendations",
  "results",
  "roles",
  "secondFactorReset",
  "sellerPage",
  "shell",
  "staff",
  "staffOutcome",
  "team",
  "welcome",
] as const;

export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

/** A route's `handle`: the message groups its components show, besides its layouts' and the root's. */
export type MessagesHandle = { i18n?: readonly MessageGroup[] };

/** The groups of a page: the union of its matches' `handle.i18n`, sorted (one address per set). */
export function pageGroups(matches: readonly { handle?: unknown }[]): MessageGroup[] {
  const groups = new Set<MessageGroup>();
  for (const match of matches) for (const group of (match.handle as MessagesHandle | undefined)?.i18n ?? []) groups.add(group);
  return [...groups].sort();
}

/** Where the browser fetches `groups` of `language`: cached per build (the address carries the build id). */
export function messagesHref(language: string, groups: readonly string[]): string {
  return `/locales/${language}?v=${encodeURIComponent(__BUILD_ID__)}&groups=${groups.join(",")}`;
}

/** The browser's texts (given by the entry, which makes them before hydration). */
let pageTexts: BrowserTexts | undefined;
/** The groups the browser's texts hold, and those being fetched. */
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** The browser's texts and the groups the page's HTML came with (entry.client.tsx, before hydration). */
export function messagesLoaded(texts: BrowserTexts, groups: readonly string[]): void {
  pageTexts = texts;
  for (const group of groups) loaded.add(group);
}

/**
 * Loads the groups the browser lacks in one request and merges them into the
 * page's messages; resolves at once when it has them all. A failed request is
 * forgotten, so the next navigation asks again.
 */
export function loadMessageGroups(groups: readonly string[]): Promise<void> | undefined {
  const waiting = new Set<Promise<void>>();
  const missing: string[] = [];
  for (const group of groups) {
    if (loaded.has(group)) continue;
    const pending = loading.get(group);
    if (pending) waiting.add(pending);
    else missing.push(group);
  }
  if (missing.length > 0 && pageTexts) {
    const texts = pageTexts;
    const language = texts.i18n.language;
    const request = (async () => {
      const response = await fetch(messagesHref(language, missing.sort()));
      if (!response.ok) throw new Error(`The texts of this page could not be loaded (${response.status})`);
      texts.add((await response.json()) as Messages);
      for (const group of missing) loaded.add(group);
    })();
    for (const group of missing) loading.set(group, request);
    void request
      .finally(() => {
        for (const group of missing) if (loading.get(group) === request) loading.delete(group);
      })
      .catch(() => undefined);
    waiting.add(request);
  }
  return waiting.size === 0 ? undefined : Promise.all(waiting).then(() => undefined);
}

/** A route's client middleware, made from its handle; the unit test finds the handle on it. */
export type PageMessagesMiddleware = MiddlewareFunction & { messages: MessagesHandle };

/**
 * Loads the route's groups on a client-side navigation (or a fetcher's call)
 * that reaches it without them: the request goes out beside the loaders'
 * (before `next`), and the route renders only once both have answered. A
 * failed request fails the navigation to the route's error boundary rather
 * than show message keys.
 */
export function pageMessages(handle: MessagesHandle): PageMessagesMiddleware {
  const middleware: MiddlewareFunction = async (_args, next) => {
    const ready = typeof document === "undefined" ? undefined : loadMessageGroups(handle.i18n ?? []);
    // Marked handled: a rejection waits for the loaders, and is thrown below.
    ready?.catch(() => undefined);
    const result = await next();
    await ready;
    return result;
  };
  return Object.assign(middleware, { messages: handle });
}
