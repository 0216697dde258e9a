/**
 * A page's browser gets only the message groups its routes declare (ADR 038): every route's declaration (its
 * `handle.i18n`, with its layouts' and the root's) covers every group its modules name, read from the source
 * (tests/support/message-keys.ts), and every route that declares groups loads them on a client-side navigation.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, describe, expect, it, vi } from "vitest";
import routes from "#app/routes.ts";
import { browserTexts } from "#app/lib/i18n/browser-texts.ts";
import { messages, type Messages } from "#app/locales/resources.ts";
import {
  loadMessageGroups,
  MESSAGE_GROUPS,
  messagesHref,
  messagesLoaded,
  pageGroups,
  type MessagesHandle,
  type PageMessagesMiddleware,
} from "#app/lib/i18n/page-messages.ts";
import { loader as localesLoader } from "#app/routes/shell/locales.ts";
import { groupsNamed, moduleGraph, moduleTexts, ROOT } from "../support/message-keys.ts";

const routeModules = import.meta.glob(["../../app/routes/*/*.tsx", "../../app/routes/shell/layouts/*.tsx"]);

type RouteModule = { handle?: MessagesHandle; clientMiddleware?: Partial<PageMessagesMiddleware>[]; default?: unknown };
type PageRoute = { id: string; file: string; layouts: string[] };

/** Every route with a component, with the files of the layouts around it (outermost first). */
function pageRoutes(entries: RouteConfigEntry[], layouts: string[] = []): PageRoute[] {
  return entries.flatMap((entry) => {
    if (!entry.file.endsWith(".tsx")) return [];
    const own = { id: entry.id ?? entry.file, file: entry.file, layouts };
    return [own, ...(entry.children ? pageRoutes(entry.children, [...layouts, entry.file]) : [])];
  });
}

async function load(file: string): Promise<RouteModule> {
  const loadModule = routeModules[`../../app/${file}`];
  expect(loadModule, `${file} exists`).toBeDefined();
  return (await loadModule!()) as RouteModule;
}

const declared = (module: { handle?: MessagesHandle }) => module.handle?.i18n ?? [];

describe("message groups", () => {
  it("are the locale files' groups", () => {
    expect([...MESSAGE_GROUPS].sort()).toEqual(Object.keys(messages.en).sort());
    expect([...MESSAGE_GROUPS].sort()).toEqual(Object.keys(messages.de).sort());
  });

  it("are read from the source: keys, key prefixes and template literals' opening texts", () => {
    const named = groupsNamed(moduleGraph(path.join(ROOT, "app/routes/home/my-company.tsx")), MESSAGE_GROUPS);
    expect([...named.keys()]).toEqual(expect.arrayContaining(["myCompany", "team"]));
    expect(moduleTexts(path.join(ROOT, "app/components/notifications/notifications-view.tsx")).prefixes).toContain("notifications.changes.");
    // The server's modules are not the browser's.
    expect(moduleGraph(path.join(ROOT, "app/root.tsx")).filter((file) => file.includes(".server."))).toEqual([]);
  });

  it("of the shell are the root's: everything its module graph names", async () => {
    const root = (await import("#app/root.tsx")) as RouteModule;
    const missing = [...groupsNamed(moduleGraph(path.join(ROOT, "app/root.tsx")), MESSAGE_GROUPS)].filter(
      ([group]) => !declared(root).includes(group as never),
    );
    expect(missing.map(([group, example]) => `${group} (${example})`)).toEqual([]);
  });

  describe("each page route declares what its modules show (with its layouts' and the root's)", async () => {
    const root = (await import("#app/root.tsx")) as RouteModule;
    for (const route of pageRoutes(routes as RouteConfigEntry[])) {
      it(`${route.id}`, async () => {
        const module = await load(route.file);
        const layouts = await Promise.all(route.layouts.map(load));
        const known = new Set<string>([...declared(root), ...layouts.flatMap(declared), ...declared(module)]);
        const named = groupsNamed(moduleGraph(path.join(ROOT, "app", route.file)), MESSAGE_GROUPS);
        const missing = [...named].filter(([group]) => !known.has(group)).map(([group, example]) => `${group} (${example})`);
        expect(missing, `${route.file} shows groups it does not declare: add them to its handle.i18n`).toEqual([]);
        for (const group of declared(module)) expect(MESSAGE_GROUPS, `${route.file} declares an unknown group`).toContain(group);
        // A route that adds groups loads them when a client-side navigation reaches it.
        if (declared(module).length > 0) {
          const loads = module.clientMiddleware?.some((middleware) => middleware.messages === module.handle);
          expect(loads, `${route.file}: export const clientMiddleware = [pageMessages(handle)]`).toBe(true);
        }
      });
    }
  });
});

describe("a page's messages", () => {
  it("are the union of its matches' groups, in one order", () => {
    expect(pageGroups([{ handle: { i18n: ["shell", "base"] } }, { handle: undefined }, { handle: { pageWidth: "wide", i18n: ["form", "base"] } }])).toEqual([
      "base",
      "form",
      "shell",
    ]);
    expect(messagesHref("de", ["base", "form"])).toBe("/locales/de?v=test-build&groups=base,form");
  });

  const ask = (search: string, lng = "en") =>
    Promise.resolve()
      .then(() => localesLoader({ params: { lng }, request: new Request(`http://localhost/locales/${lng}${search}`) } as never))
      .catch((thrown: unknown) => thrown as { init?: { status?: number } });

  it("are served for the groups asked, and the whole language without a list", async () => {
    const some = (await ask("?v=x&groups=base,form", "de")) as Response;
    expect(await some.json()).toEqual({ base: messages.de.base, form: messages.de.form });
    expect(some.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(Object.keys(await ((await ask("?v=x")) as Response).json()).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it("are refused for an unknown group or language", async () => {
    expect(((await ask("?groups=base,nope")) as { init?: { status?: number } }).init?.status).toBe(404);
    expect(((await ask("?groups=__proto__")) as { init?: { status?: number } }).init?.status).toBe(404);
    expect(((await ask("?groups=base", "fr")) as { init?: { status?: number } }).init?.status).toBe(404);
  });
});

describe("the browser's messages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are fetched for the groups missing, once, in one request; a failed request is asked again", async () => {
    const texts = browserTexts("de", { shell: structuredClone(messages.de.shell) } as Messages, () => undefined);
    messagesLoaded(texts, ["shell"]);
    const asked: string[] = [];
    let fail = true;
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      const groups = new URL(url, "http://localhost").searchParams.get("groups")!.split(",");
      if (fail) return new Response("", { status: 503 });
      return Response.json(Object.fromEntries(groups.map((group) => [group, messages.de[group]])));
    });

    await expect(loadMessageGroups(["shell", "team"])).rejects.toThrow("503");
    fail = false;
    // Two routes asking at once (a layout and its page): one request each for what the other is not fetching yet.
    await Promise.all([loadMessageGroups(["shell", "team", "form"]), loadMessageGroups(["team", "form"])]);
    expect(asked).toEqual([messagesHref("de", ["team"]), messagesHref("de", ["form", "team"])]);
    expect(texts.t("team.title")).toBe((messages.de.team as Record<string, string>).title);
    expect(texts.t("form.choose")).toBe("Bitte auswählen");
    expect(texts.t("shell.environment.summary")).not.toBe("shell.environment.summary");
    expect(loadMessageGroups(["shell", "team", "form"])).toBeUndefined();
  });
});
