// @vitest-environment jsdom
/**
 * The catalogue upload form with JavaScript: progress in bytes and per cent,
 * the time left, and cancelling. The request is a stand-in XMLHttpRequest:
 * jsdom cannot stream a file to the portal, and the server side of this
 * upload is tested over real HTTP (tests/integration/catalogue*.test.ts) and
 * in Chromium (e2e/catalogue*.spec.ts).
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UploadForm } from "#app/components/catalogue/upload-form.tsx";
import catalogue from "#app/locales/en/catalogue.json";
import form from "#app/locales/en/form.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts({ catalogue, form });

/** Records what the form does with its request and lets the test play the browser's events. */
class FakeRequest {
  static last: FakeRequest | undefined;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = "";
  response: unknown = null;
  method = "";
  url = "";
  sent: FormData | undefined;
  aborted = false;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

let now = 0;
beforeEach(() => {
  FakeRequest.last = undefined;
  now = 1_000;
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MiB = 1024 * 1024;

function renderForm(limitBytes = 100 * MiB) {
  const router = createMemoryRouter(
    [
      { path: "/upload/catalog", Component: () => <UploadForm limitBytes={limitBytes} disabled={false} /> },
      { path: "/upload/next", Component: () => <p>next page</p> },
    ],
    { initialEntries: ["/upload/catalog"] },
  );
  render(
    <TranslationContext value={texts}>
      <RouterProvider router={router} />
    </TranslationContext>,
  );
  return router;
}

function choose(name: string, size: number) {
  const file = new File(["x"], name, { type: "text/csv" });
  Object.defineProperty(file, "size", { value: size });
  fireEvent.change(screen.getByLabelText("Catalogue file"), { target: { files: [file] } });
  fireEvent.submit(screen.getByLabelText("Catalogue file").closest("form")!);
}

describe("UploadForm with JavaScript", () => {
  it("shows the bytes sent, the share and then the time left, and moves on when the upload is saved", async () => {
    const router = renderForm();
    choose("katalog.csv", 40 * MiB);
    const request = FakeRequest.last!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/upload/catalog/file");
    expect((request.sent!.get("file") as File).name).toBe("katalog.csv");

    // No rate yet: no time left is guessed.
    act(() => request.upload.onprogress!({ loaded: 0 }));
    expect(screen.getByRole("progressbar")).toHaveProperty("value", 0);
    expect(document.querySelector(".upload-progress")!.textContent).not.toMatch(/left/);

    // 10 of 40 MiB in 2 s: 30 MiB to go at 5 MiB/s.
    now += 2_000;
    act(() => request.upload.onprogress!({ loaded: 10 * MiB }));
    expect(screen.getByRole("progressbar")).toHaveProperty("value", 25);
    const status = document.querySelector(".upload-progress [aria-live]")!.textContent!;
    expect(status).toMatch(/10(\.0)? MB of 40(\.0)? MB/);
    expect(status).toMatch(/25 %/);
    expect(status).toMatch(/about 6 s left/);
    // The form cannot be sent twice while it runs.
    expect(screen.getByRole("button", { name: "Uploading…" }).closest("fieldset")!.disabled).toBe(true);

    request.response = { ok: true, location: "/upload/next" };
    await act(async () => request.onload!());
    expect(router.state.location.pathname).toBe("/upload/next");
  });

  it("cancels: the request is aborted, the bar goes and the seller is told", () => {
    renderForm();
    choose("katalog.csv", 40 * MiB);
    const request = FakeRequest.last!;
    now += 1_000;
    act(() => request.upload.onprogress!({ loaded: 4 * MiB }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(request.aborted).toBe(true);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("alert").textContent).toMatch(/cancelled/i);
    expect(screen.getByLabelText("Catalogue file").closest("fieldset")!.disabled).toBe(false);
  });

  it("refuses a file over the limit or of the wrong type before sending a byte", () => {
    renderForm(10 * MiB);
    choose("katalog.csv", 11 * MiB);
    expect(FakeRequest.last).toBeUndefined();
    expect(screen.getByRole("alert").textContent).toMatch(/larger than 10(\.0)? MB/);
    choose("katalog.pdf", 1_000);
    expect(FakeRequest.last).toBeUndefined();
    expect(screen.getByRole("alert").textContent).toMatch(/katalog\.pdf/);
  });

  it("says what went wrong when the portal refuses the file", async () => {
    renderForm();
    choose("katalog.csv", 2 * MiB);
    const request = FakeRequest.last!;
    request.response = { ok: false, message: "The file is not a catalogue." };
    await act(async () => request.onload!());
    expect(screen.getByRole("alert").textContent).toContain("The file is not a catalogue.");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
