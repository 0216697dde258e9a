// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTexts } from "#app/lib/i18n/browser-texts.ts";
import { getRenderTranslation, i18nextMiddleware } from "#app/services/i18n/i18n.server.ts";
import { TranslationContext, useTranslation, type Translation } from "#app/lib/i18n/use-translation.ts";

const english = browserTexts("en", { layout: { skipToContent: "Skip to content", greeting: "Hello {{name}}" } }, () => undefined);
const german = browserTexts("de", { layout: { skipToContent: "Zum Inhalt springen", greeting: "Hallo {{name}}" } }, () => undefined);

afterEach(cleanup);

function Greeting({ name, seen }: { name: string; seen: Translation[] }) {
  const translation = useTranslation();
  seen.push(translation);
  return (
    <p>
      {translation.t("layout.greeting", { name })} · {translation.t("layout.skipToContent")} · {translation.i18n.language}
    </p>
  );
}

/** Renders two components that each ask for their texts, and hands back what each was given. */
function renderAsking(texts: Translation) {
  const seen: Translation[] = [];
  render(
    <TranslationContext value={texts}>
      <Greeting name="Ada" seen={seen} />
      <Greeting name="Grace" seen={seen} />
    </TranslationContext>,
  );
  return seen;
}

describe("useTranslation", () => {
  it("gives every component the context's texts: one t for all of them", () => {
    const seen = renderAsking(english);
    expect(screen.getByText("Hello Ada · Skip to content · en")).toBeTruthy();
    expect(screen.getByText("Hello Grace · Skip to content · en")).toBeTruthy();
    expect(seen.length).toBe(2);
    expect(seen[0]).toBe(english);
    expect(seen[1]!.t).toBe(seen[0]!.t);
  });

  it("keeps each page's texts apart", () => {
    renderAsking(german);
    expect(screen.getByText("Hallo Ada · Zum Inhalt springen · de")).toBeTruthy();
  });

  it("refuses a component outside the context, rather than show keys", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(() => render(<Greeting name="Ada" seen={[]} />)).toThrow("no TranslationContext");
    } finally {
      vi.restoreAllMocks();
    }
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
      <TranslationContext value={getRenderTranslation(context)}>
        <Skip />
      </TranslationContext>,
    );
    expect(html).toBe('<a href="#main" lang="de">Zum Inhalt springen</a>');
  });
});
