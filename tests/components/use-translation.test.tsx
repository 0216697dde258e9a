// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { i18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getRenderI18n, i18nextMiddleware } from "#app/services/i18n/i18n.server.ts";
import { useTranslation, type Translation } from "#app/lib/i18n/use-translation.ts";
import { createTestI18n } from "./i18n-test-setup";

let english: i18n;
let german: i18n;
beforeAll(async () => {
  english = await createTestI18n({ layout: { skipToContent: "Skip to content", greeting: "Hello {{name}}" } });
  // German texts under the test setup's one language.
  german = await createTestI18n({ layout: { skipToContent: "Zum Inhalt springen", greeting: "Hallo {{name}}" } });
});

afterEach(cleanup);

/** Renders two components that each ask for their texts, and hands back what each was given. */
function renderAsking(instance: i18n | undefined) {
  const seen: Translation[] = [];
  function Greeting({ name }: { name: string }) {
    const translation = useTranslation();
    seen.push(translation);
    return (
      <p>
        {translation.t("layout.greeting", { name })} · {translation.t("layout.skipToContent")} · {translation.i18n.language}
      </p>
    );
  }
  const tree = (
    <>
      <Greeting name="Ada" />
      <Greeting name="Grace" />
    </>
  );
  render(instance ? <I18nextProvider i18n={instance}>{tree}</I18nextProvider> : tree);
  return seen;
}

describe("useTranslation", () => {
  it("gives every component the provider's texts, and one t for all of them", () => {
    const seen = renderAsking(english);
    expect(screen.getByText("Hello Ada · Skip to content · en")).toBeTruthy();
    expect(screen.getByText("Hello Grace · Skip to content · en")).toBeTruthy();
    expect(seen.length).toBe(2);
    expect(seen[0]!.t).toBe(seen[1]!.t);
    expect(seen[0]!.i18n).toBe(english);
  });

  it("keeps each provider's instance apart", () => {
    renderAsking(german);
    expect(screen.getByText("Hallo Ada · Zum Inhalt springen · en")).toBeTruthy();
  });

  it("falls back to the instance react-i18next was set up with when there is no provider", () => {
    // createTestI18n sets react-i18next up with each instance it creates: the last one is German's.
    renderAsking(undefined);
    expect(screen.getByText("Hallo Grace · Zum Inhalt springen · en")).toBeTruthy();
  });

  it("speaks the request's language in a server render, through the request's render view", async () => {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/", { headers: { "Accept-Language": "de" } });
    await i18nextMiddleware({ request, context, params: {}, url: new URL(request.url), pattern: "/" } as never, async () => new Response());
    function Skip() {
      const { t, i18n } = useTranslation();
      return (
        <a href="#main" lang={i18n.language}>
          {t("layout.skipToContent")}
        </a>
      );
    }
    const html = renderToString(
      <I18nextProvider i18n={getRenderI18n(context)}>
        <Skip />
      </I18nextProvider>,
    );
    expect(html).toBe('<a href="#main" lang="de">Zum Inhalt springen</a>');
  });
});
