import { describe, expect, it } from "vitest";
import { flattenKeys, messages } from "#app/locales/resources.ts";

describe("messages", () => {
  const en = new Set(flattenKeys(messages.en));
  const de = new Set(flattenKeys(messages.de));

  it("has messages at all", () => {
    expect(en.size).toBeGreaterThan(50);
    expect(en.has("base.404")).toBe(true);
    expect(en.has("results.error")).toBe(true);
  });

  it("has every English key in German", () => {
    expect([...en].filter((key) => !de.has(key))).toEqual([]);
  });

  it("has every German key in English", () => {
    expect([...de].filter((key) => !en.has(key))).toEqual([]);
  });

  it("has no empty message", () => {
    const empty = (tree: typeof messages.en, language: string) =>
      flattenKeys(tree)
        .filter((key) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) === "")
        .map((key) => `${language}:${key}`);
    expect([...empty(messages.en, "en"), ...empty(messages.de, "de")]).toEqual([]);
  });
});
