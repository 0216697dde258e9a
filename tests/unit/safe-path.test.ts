import { describe, expect, it } from "vitest";
import { safeReturnPath } from "~/lib/safe-path";

describe("safeReturnPath (last-url and redirectTo)", () => {
  it.each([
    ["/home/overview", "/home/overview"],
    ["/seller-list?state=ACTIVE&page=2", "/seller-list?state=ACTIVE&page=2"],
    ["/", "/"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "/\tevil",
    "javascript:alert(1)",
    "home",
    "",
    undefined,
    null,
    42,
  ])("refuses %s", (input) => {
    expect(safeReturnPath(input)).toBeUndefined();
  });
});
