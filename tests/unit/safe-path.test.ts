import { describe, expect, it } from "vitest";
import { MAX_RETURN_PATH_LENGTH, safeReturnPath } from "#app/lib/safe-path.ts";

describe("safeReturnPath (every return target)", () => {
  it.each([
    ["/home/overview", "/home/overview"],
    ["/seller-list?state=ACTIVE&page=2", "/seller-list?state=ACTIVE&page=2"],
    ["/", "/"],
    // Dot segments are resolved as a browser would, then checked.
    ["/home/../landing-page", "/landing-page"],
    ["/./home/overview", "/home/overview"],
    ["/../../landing-page", "/landing-page"],
    // The fragment never reaches the server anyway.
    ["/home#tab", "/home"],
    // Encoded slashes in the query are data, not a path.
    ["/seller-list?next=%2F%2Fevil.example", "/seller-list?next=%2F%2Fevil.example"],
    ["/ümlaut", "/%C3%BCmlaut"],
  ])("keeps the same-origin path %s as %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    // Absolute and scheme-relative URLs.
    ["absolute https", "https://evil.example/"],
    ["absolute http", "http://evil.example"],
    ["scheme-relative", "//evil.example/path"],
    ["scheme-relative with three slashes", "///evil.example"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    // Dot segments that resolve to a scheme-relative path.
    ["dot segment then slash", "/.//evil.example"],
    ["dot-dot segment then slash", "/..//evil.example"],
    ["dot segments deeper", "/a/../..//evil.example"],
    ["encoded dot segment", "/%2e//evil.example"],
    ["encoded dot-dot segment", "/%2e%2e//evil.example"],
    // Backslashes, plain and encoded.
    ["slash backslash", "/\\evil.example"],
    ["backslash slash", "\\/evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["dot segment then backslash", "/./\\evil.example"],
    ["encoded backslash", "/%5cevil.example"],
    ["encoded backslash, upper case", "/%5Cevil.example"],
    // Encoded slashes.
    ["encoded slash", "/%2fevil.example"],
    ["encoded slash, upper case", "/%2F%2Fevil.example"],
    ["encoded slash inside", "/home/%2f/evil.example"],
    // Control characters that browsers drop or read as separators.
    ["tab inside", "/\t/evil.example"],
    ["newline inside", "/\n/evil.example"],
    ["carriage return inside", "/\r/evil.example"],
    ["tab after the first slash", "/\tevil"],
    ["null byte", "/home\u0000"],
    ["DEL", "/home\u007f"],
    // Not a path at all.
    ["relative", "home"],
    ["empty", ""],
    ["very long", "/" + "a".repeat(MAX_RETURN_PATH_LENGTH)],
    ["undefined", undefined],
    ["null", null],
    ["a number", 42],
    ["an array", ["/home"]],
  ])("refuses %s", (_name, input) => {
    expect(safeReturnPath(input)).toBeUndefined();
  });

  it("is stable: what it returns passes again unchanged", () => {
    for (const input of ["/home/../landing-page?x=1", "/a/./b", "/ümlaut?q=ä"]) {
      const once = safeReturnPath(input);
      expect(once).toBeDefined();
      expect(safeReturnPath(once)).toBe(once);
    }
  });
});
