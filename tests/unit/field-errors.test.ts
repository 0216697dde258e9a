import { describe, expect, it } from "vitest";
import { fieldErrorDisplay, fieldErrorDisplays } from "#app/lib/shell/field-errors.ts";

describe("fieldErrorDisplay", () => {
  it("turns a JSON list of {field, message} into nested items", () => {
    const display = fieldErrorDisplay({
      fieldName: "address",
      errorMessage: JSON.stringify([
        { field: "street", message: "must not be empty" },
        { field: "zip", message: "must have 5 digits" },
      ]),
    });
    expect(display).toEqual({
      kind: "list",
      fieldName: "address",
      entries: [
        { field: "street", message: "must not be empty" },
        { field: "zip", message: "must have 5 digits" },
      ],
    });
  });

  it("accepts entries without a field name", () => {
    expect(fieldErrorDisplay({ errorMessage: '[{"message":"invalid"}]' })).toEqual({
      kind: "list",
      fieldName: undefined,
      entries: [{ message: "invalid" }],
    });
  });

  it.each([
    ["prose", "IBAN is not valid"],
    ["broken JSON", '[{"field":"iban","message":"bad"'],
    ["a JSON string", '"just a string"'],
    ["a JSON object", '{"field":"iban","message":"bad"}'],
    ["a JSON number", "42"],
    ["an empty list", "[]"],
    ["a list of strings", '["bad", "worse"]'],
    ["an entry without a message", '[{"field":"iban"}]'],
    ["an entry with a non-string message", '[{"field":"iban","message":3}]'],
    ["a mix of good and bad entries", '[{"field":"iban","message":"bad"}, null]'],
  ])("shows %s as plain text", (_, errorMessage) => {
    expect(fieldErrorDisplay({ fieldName: "iban", errorMessage })).toEqual({
      kind: "text",
      fieldName: "iban",
      text: errorMessage,
    });
  });
});

describe("fieldErrorDisplays", () => {
  it("keeps the order and handles a missing list", () => {
    expect(fieldErrorDisplays(undefined)).toEqual([]);
    const displays = fieldErrorDisplays([
      { fieldName: "a", errorMessage: "plain" },
      { fieldName: "b", errorMessage: '[{"field":"c","message":"nested"}]' },
    ]);
    expect(displays.map((display) => display.kind)).toEqual(["text", "list"]);
  });
});
