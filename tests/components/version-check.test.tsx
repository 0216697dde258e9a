// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VERSION_CHECK_INTERVAL_MS, VersionCheck } from "#app/components/shell/version-check.tsx";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

// vitest.config.ts defines __BUILD_ID__ as "test-build" for the code under test.
const RUNNING_BUILD = "test-build";

const texts = createTestTexts();

// fetch is mocked: the component asks the portal's own server for /version,
// and no portal server runs in a component test. The route's answer itself
// is checked below by calling its loader.
const fetchMock = vi.fn<typeof fetch>();
function serverRuns(version: string) {
  fetchMock.mockImplementation(async () => Response.json({ version }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderVersionCheck(reload = vi.fn()) {
  render(
    <TranslationContext value={texts}>
      <VersionCheck reload={reload} />
    </TranslationContext>,
  );
  return reload;
}

/** Lets the mocked fetch and the state updates after it settle. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

const banner = () => screen.queryByText("A new version of the portal is available.");

describe("VersionCheck", () => {
  it("renders nothing on the server", () => {
    const html = renderToString(
      <TranslationContext value={texts}>
        <VersionCheck />
      </TranslationContext>,
    );
    expect(html).toBe("");
  });

  it("does not ask right after loading: the page's build is current", async () => {
    serverRuns("something-else");
    renderVersionCheck();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(banner()).toBeNull();
  });

  it("asks every five minutes, uncached, and stays quiet while the build matches", async () => {
    serverRuns(RUNNING_BUILD);
    renderVersionCheck();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/version");
    expect(fetchMock.mock.calls[0]?.[1]?.cache).toBe("no-store");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(banner()).toBeNull();
  });

  it("offers a reload in a polite live region when the server runs another build", async () => {
    serverRuns("next-build");
    const reload = renderVersionCheck();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    });

    expect(banner()?.closest('[role="status"]')).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("checks again when the window regains focus", async () => {
    serverRuns("next-build");
    renderVersionCheck();

    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(banner()).not.toBeNull();
  });

  it("checks again when the tab becomes visible, not when it is hidden", async () => {
    serverRuns("next-build");
    renderVersionCheck();

    await act(async () => setVisibility("hidden"));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1000); // a later moment than the load, as in real life
    await act(async () => setVisibility("visible"));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(banner()).not.toBeNull();
  });

  it("ignores network errors and odd answers silently", async () => {
    renderVersionCheck();

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await act(async () => window.dispatchEvent(new Event("focus")));
    await settle();

    fetchMock.mockResolvedValueOnce(new Response("Bad gateway", { status: 502 }));
    await act(async () => window.dispatchEvent(new Event("focus")));
    await settle();

    fetchMock.mockResolvedValueOnce(Response.json({ build: "next-build" }));
    await act(async () => window.dispatchEvent(new Event("focus")));
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(banner()).toBeNull();
  });

  it("hides the banner on 'Later' until yet another build appears", async () => {
    serverRuns("next-build");
    renderVersionCheck();
    await act(async () => window.dispatchEvent(new Event("focus")));
    await settle();

    fireEvent.click(screen.getByRole("button", { name: "Later" }));
    expect(banner()).toBeNull();

    await act(async () => window.dispatchEvent(new Event("focus")));
    await settle();
    expect(banner()).toBeNull();

    serverRuns("build-after-next");
    await act(async () => window.dispatchEvent(new Event("focus")));
    await settle();
    expect(banner()).not.toBeNull();
  });
});

describe("the /version route", () => {
  it("answers the running build, never cached", async () => {
    const { loader } = await import("#app/routes/shell/version.ts");
    const response = loader();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ version: RUNNING_BUILD });
  });
});
