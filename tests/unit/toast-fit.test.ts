/** A toast always fits its cookie, whatever length the values it names (toast-fit.server.ts). */
import { describe, expect, it } from "vitest";
import { fitToast, toastValue } from "#app/services/toasts/toast-fit.server.ts";

/** The flash cookie's value as the session writes it (JSON, base64, percent-encoded): what the browser's limit applies to. */
const cookieBytes = (toast: object) => encodeURIComponent(Buffer.from(JSON.stringify({ toast }), "utf8").toString("base64")).length;

describe("toastValue", () => {
  it("keeps a short value whole", () => {
    expect(toastValue("katalog.csv")).toBe("katalog.csv");
  });

  it("shortens a long one to its start and its end (the extension stays)", () => {
    const shortened = toastValue(`${"Sommerkatalog ".repeat(400)}final.csv`);
    expect(Array.from(shortened)).toHaveLength(80);
    expect(shortened.startsWith("Sommerkatalog Sommerkatalog")).toBe(true);
    expect(shortened.endsWith("final.csv")).toBe(true);
    expect(shortened).toContain("…");
  });

  it("never cuts a character in half", () => {
    const shortened = toastValue("😀".repeat(500));
    expect(shortened).toBe(`${"😀".repeat(63)}…${"😀".repeat(16)}`);
  });
});

describe("fitToast", () => {
  it("leaves an ordinary toast as it is", () => {
    const toast = { type: "success" as const, message: "katalog.csv was uploaded. Now map its columns." };
    expect(fitToast(toast)).toEqual(toast);
  });

  it("cuts a toast of thousands of characters in every field to fit its cookie", () => {
    const long = "Ä€😀x".repeat(3000);
    const fitted = fitToast({
      type: "error",
      message: long,
      title: long,
      description: long,
      detail: long,
      errorCode: long,
      fieldErrors: Array.from({ length: 50 }, (_, i) => ({ fieldName: `${long}${i}`, errorMessage: long })),
    });
    expect(cookieBytes(fitted)).toBeLessThanOrEqual(3600);
    expect(fitted.message.length).toBeGreaterThan(20);
    expect(fitted.type).toBe("error");
  });
});
