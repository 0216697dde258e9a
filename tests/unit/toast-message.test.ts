import { describe, expect, it } from "vitest";
import { toastId, toastLifetimeMs, toastTitleKey } from "#app/lib/toast-message.ts";

describe("toastLifetimeMs", () => {
  it.each([
    ["error", 30_000],
    ["success", 1_500],
    ["warning", 5_000],
    ["info", 5_000],
  ] as const)("keeps a %s toast for %i ms", (type, ms) => {
    expect(toastLifetimeMs(type)).toBe(ms);
  });

  it("gives an unknown kind from a tampered cookie the notice lifetime", () => {
    expect(toastLifetimeMs("bogus" as never)).toBe(5_000);
  });
});

describe("toastTitleKey", () => {
  it("calls info toasts notices", () => {
    expect(toastTitleKey("info")).toBe("results.notice");
    expect(toastTitleKey("error")).toBe("results.error");
    expect(toastTitleKey("success")).toBe("results.success");
    expect(toastTitleKey("warning")).toBe("results.warning");
  });
});

describe("toastId", () => {
  it("is the title followed by the message", () => {
    expect(toastId({ message: "Saved." }, "Success")).toBe("SuccessSaved.");
  });

  it("is the same for identical toasts and differs when title or message differ", () => {
    const a = toastId({ message: "Could not save" }, "Error");
    expect(toastId({ message: "Could not save" }, "Error")).toBe(a);
    expect(toastId({ message: "Could not save!" }, "Error")).not.toBe(a);
    expect(toastId({ message: "Could not save" }, "Warning")).not.toBe(a);
  });
});
