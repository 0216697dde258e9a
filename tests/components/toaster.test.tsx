// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Profiler, StrictMode, type ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from "react-router";
import { toast as toastify } from "react-toastify/unstyled";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { Toaster, ToastIconContext } from "#app/components/shell/toaster.tsx";
import { ToastIcon } from "#app/components/shell/toast-icon.tsx";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";
import { sanitizeToast } from "#app/services/toasts/toast-text.server.ts";

const texts = createTestTexts();

afterEach(() => {
  cleanup();
  toastify.dismiss();
  vi.restoreAllMocks();
});

/** The server render as entry.server.tsx does it: the toast's icon in place (the browser loads it with react-toastify). */
function renderAsServer(element: ReactElement): string {
  return renderToString(<ToastIconContext value={(type) => <ToastIcon type={type} />}>{element}</ToastIconContext>);
}

function WithToaster({ toast, path = "/" }: { toast?: PortalToast; path?: string }) {
  return (
    <TranslationContext value={texts}>
      <MemoryRouter initialEntries={[path]}>
        <Toaster toast={toast} />
      </MemoryRouter>
    </TranslationContext>
  );
}

// As the root loader hands it over (sanitizeToast), with a service's message that echoes markup.
const upstreamError = sanitizeToast({
  type: "error",
  message: 'Saving <b>failed</b><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="https://evil.example/">here</a>',
  detail: "4711-ab",
  errorCode: "E-BANK-17",
  fieldErrors: [
    { fieldName: "iban", errorMessage: "IBAN is not valid" },
    {
      fieldName: "address",
      errorMessage: JSON.stringify([
        { field: "street", message: "must not be empty" },
        { field: "zip", message: "must have 5 digits" },
      ]),
    },
  ],
});

/** The react-toastify element (not the static fallback) holding a text. */
function liveToastWith(text: string): HTMLElement | null {
  const toasts = Array.from(document.querySelectorAll<HTMLElement>("section.Toastify .Toastify__toast"));
  return toasts.find((element) => element.textContent?.includes(text)) ?? null;
}

function liveToastsWith(text: string): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>("section.Toastify .Toastify__toast")).filter((element) => element.textContent?.includes(text));
}

describe("Toaster without JavaScript (server render)", () => {
  it("renders an error toast as an alert that stays, with everything the server sent", () => {
    const html = renderAsServer(<WithToaster toast={upstreamError} />);
    const container = document.createElement("div");
    container.innerHTML = html;

    const region = container.querySelector('[role="alert"]');
    expect(region).not.toBeNull();
    expect(region?.getAttribute("aria-live")).toBe("assertive");
    expect(region?.closest(".toaster-static")).not.toBeNull();
    // react-toastify's icon of the kind, rendered in place although the browser loads react-toastify only later.
    expect(region?.querySelector(".Toastify__toast-icon svg")).not.toBeNull();
    expect(region?.textContent).toContain("Error"); // results.error as the default title
    // The service's markup is text: shown as written, no element of it in the page.
    const message = region?.querySelector(".toast__message");
    expect(message?.textContent).toBe(
      'Saving <b>failed</b><script>alert("x")</script><img src="x" onerror="alert(1)"><a href="https://evil.example/">here</a>',
    );
    expect(message?.children).toHaveLength(0);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('<a href="https://evil.example/"');
    // The reference is labelled as the error id, beside the error code.
    const facts = Array.from(region?.querySelectorAll(".toast__code") ?? []).map((line) => line.textContent);
    expect(facts).toEqual(["Error id: 4711-ab", "Error code: E-BANK-17"]);

    // Plain text stays text; the JSON list becomes nested items.
    const list = region?.querySelector(".toast__field-errors");
    const items = Array.from(list?.querySelectorAll(":scope > li") ?? []);
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toBe("iban: IBAN is not valid");
    const nested = Array.from(items[1]?.querySelectorAll(".toast__field-errors--nested > li") ?? []);
    expect(nested.map((item) => item.textContent)).toEqual(["street: must not be empty", "zip: must have 5 digits"]);
    const headingId = list?.getAttribute("aria-labelledby");
    expect(headingId && container.querySelector(`[id="${headingId}"]`)?.textContent).toBe("Problems per field");

    // No react-toastify container before JavaScript runs.
    expect(container.querySelector("section.Toastify")).toBeNull();
  });

  it("renders other kinds in a polite status region with their own default title", () => {
    const container = document.createElement("div");
    container.innerHTML = renderAsServer(<WithToaster toast={{ type: "info", message: "Shop data saved." }} />);

    const region = container.querySelector('[role="status"]');
    expect(region?.getAttribute("aria-live")).toBe("polite");
    expect(region?.querySelector(".toast__title")?.textContent).toBe("Notice");
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it("prefers the title the server sent", () => {
    const html = renderAsServer(<WithToaster toast={{ type: "warning", title: "Heads up", message: "Almost full." }} />);
    expect(html).toContain("Heads up");
    expect(html).not.toContain(">Warning<");
  });

  it("renders only the empty region without a toast: it takes no room on the page", () => {
    expect(renderAsServer(<WithToaster />)).toBe('<div class="toast-region"></div>');
  });
});

describe("Toaster with JavaScript", () => {
  it("hydrates a page without a toast in one commit: nothing of it differs after hydration", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderAsServer(<WithToaster />);
    document.body.append(container);
    const commits: string[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <Profiler id="toaster" onRender={(_id, phase) => commits.push(phase)}>
          <WithToaster />
        </Profiler>,
      );
    });
    // A second ("update") would be a render React makes again, synchronously, in the task of hydration's effects.
    expect(commits).toEqual(["mount"]);
    expect(container.innerHTML).toBe('<div class="toast-region"></div>');
    container.remove();
  });

  it("hands the server-rendered toast to react-toastify after hydration, shown once", async () => {
    const toast: PortalToast = { type: "error", message: "Could not load shops." };
    const container = document.createElement("div");
    container.innerHTML = renderAsServer(<WithToaster toast={toast} />);
    document.body.append(container);
    const consoleError = vi.spyOn(console, "error");

    await act(async () => {
      hydrateRoot(container, <WithToaster toast={toast} />);
    });

    await waitFor(() => expect(liveToastWith("Could not load shops.")).not.toBeNull());
    expect(container.querySelector(".toaster-static")).toBeNull();
    expect(screen.getAllByText("Could not load shops.")).toHaveLength(1);
    expect(liveToastWith("Could not load shops.")?.getAttribute("role")).toBe("alert");
    // A hydration mismatch would be reported here.
    expect(consoleError).not.toHaveBeenCalled();
    container.remove();
  });

  it("hands over under StrictMode too, as entry.client renders it", async () => {
    const toast: PortalToast = { type: "warning", message: "Catalogue incomplete." };
    const container = document.createElement("div");
    container.innerHTML = renderAsServer(<WithToaster toast={toast} />);
    document.body.append(container);

    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <WithToaster toast={toast} />
        </StrictMode>,
      );
    });

    await waitFor(() => expect(liveToastWith("Catalogue incomplete.")).not.toBeNull());
    expect(screen.getAllByText("Catalogue incomplete.")).toHaveLength(1);
    container.remove();
  });

  it("closes each kind after its own lifetime", async () => {
    const { rerender } = render(<WithToaster toast={{ type: "error", message: "Broken." }} />);
    rerender(<WithToaster toast={{ type: "success", message: "Saved." }} />);

    await waitFor(() => expect(liveToastWith("Saved.")).not.toBeNull());
    const timerOf = (text: string) => liveToastWith(text)?.querySelector<HTMLElement>('[role="progressbar"]')?.style.animationDuration;
    expect(timerOf("Broken.")).toBe("30000ms");
    expect(timerOf("Saved.")).toBe("1500ms");
    expect(liveToastWith("Saved.")?.getAttribute("role")).toBe("status");
  });

  it("shows an identical toast once while it is visible, and again after it closed", async () => {
    const { rerender } = render(<WithToaster toast={{ type: "error", message: "Upload failed." }} />);
    await waitFor(() => expect(liveToastWith("Upload failed.")).not.toBeNull());

    // The same text again (a new object, as a new loader answer would be): deduplicated.
    rerender(<WithToaster toast={{ type: "error", message: "Upload failed." }} />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(liveToastsWith("Upload failed.")).toHaveLength(1);

    // The user closes it; jsdom plays no animations, so end them by hand.
    const shown = liveToastWith("Upload failed.")!;
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(shown.getAttribute("data-in")).toBe("false");
    fireEvent.animationEnd(shown);
    await waitFor(() => expect(liveToastWith("Upload failed.")).toBeNull());

    rerender(<WithToaster toast={{ type: "error", message: "Upload failed." }} />);
    await waitFor(() => expect(liveToastsWith("Upload failed.")).toHaveLength(1));
    expect(liveToastWith("Upload failed.")?.getAttribute("data-in")).toBe("true");
  });

  it("translates the container's label and the close button", async () => {
    render(<WithToaster toast={{ type: "warning", message: "Check your data." }} />);
    await waitFor(() => expect(liveToastWith("Check your data.")).not.toBeNull());
    expect(document.querySelector("section.Toastify")?.getAttribute("aria-label")).toBe("Notifications (Alt+T)");
    expect(screen.getByRole("button", { name: "Close notification" })).toBeTruthy();
  });
});

describe("Toaster on URL changes", () => {
  function renderAt(toastsByUrl: Record<string, PortalToast>, initialUrl: string) {
    // The root's loader data, as it arrives with each navigation.
    function Shell() {
      const { pathname, search } = useLocation();
      return <Toaster toast={toastsByUrl[pathname + search]} />;
    }
    const router = createMemoryRouter([{ path: "*", Component: Shell }], { initialEntries: [initialUrl] });
    render(
      <TranslationContext value={texts}>
        <RouterProvider router={router} />
      </TranslationContext>,
    );
    return router;
  }

  it("dismisses the toasts of the old page and shows the one that came with the navigation", async () => {
    const router = renderAt(
      {
        "/a": { type: "error", message: "Old page failed." },
        "/b": { type: "success", message: "New page saved." },
      },
      "/a",
    );
    await waitFor(() => expect(liveToastWith("Old page failed.")?.getAttribute("data-in")).toBe("true"));

    await act(() => router.navigate("/b"));

    expect(liveToastWith("Old page failed.")?.getAttribute("data-in")).toBe("false");
    expect(liveToastWith("Old page failed.")?.getAttribute("role")).toBeNull();
    await waitFor(() => expect(liveToastWith("New page saved.")?.getAttribute("data-in")).toBe("true"));
  });

  it("dismisses on a change of the query alone", async () => {
    const router = renderAt({ "/list": { type: "warning", message: "Filter ignored." } }, "/list");
    await waitFor(() => expect(liveToastWith("Filter ignored.")?.getAttribute("data-in")).toBe("true"));

    await act(() => router.navigate("/list?page=2"));

    expect(liveToastWith("Filter ignored.")?.getAttribute("data-in")).toBe("false");
  });

  it("shows an identical toast arriving with the navigation while the old one is still leaving", async () => {
    const router = renderAt(
      {
        "/a": { type: "error", message: "Access denied." },
        "/b": { type: "error", message: "Access denied." },
      },
      "/a",
    );
    await waitFor(() => expect(liveToastWith("Access denied.")).not.toBeNull());

    await act(() => router.navigate("/b"));

    await waitFor(() => expect(liveToastsWith("Access denied.")).toHaveLength(2));
    const states = liveToastsWith("Access denied.").map((element) => element.getAttribute("data-in"));
    expect(states.sort()).toEqual(["false", "true"]);
  });

  it("does not bring a dismissed toast back when the same loader answer is still passed in", async () => {
    const stale: PortalToast = { type: "info", message: "Profile updated." };
    const router = renderAt({ "/a": stale, "/b": stale }, "/a");
    await waitFor(() => expect(liveToastWith("Profile updated.")).not.toBeNull());

    await act(() => router.navigate("/b"));
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(liveToastsWith("Profile updated.").map((element) => element.getAttribute("data-in"))).toEqual(["false"]);
  });

  it("keeps the toast when the URL stays the same", async () => {
    renderAt({ "/a": { type: "error", message: "Still here." } }, "/a");
    await waitFor(() => expect(liveToastWith("Still here.")).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(liveToastWith("Still here.")?.getAttribute("data-in")).toBe("true");
  });
});
