// @vitest-environment jsdom
/**
 * The portal's fields read conform's metadata sparingly (the ids from the
 * form's id and the field's name; the form's id, saved values, errors and
 * the schema's limits from what the form read once, inside `FormFields`) and
 * build their controls' props themselves. Whatever they skip, their controls
 * must carry exactly the attributes conform's own prop helpers give when
 * reading everything, in the same order: with and without the form's
 * reading, with and without a constraint, with errors, saved values and list
 * fields.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import form from "#app/locales/en/form.json";
import { FormFields, readForm, readFormProps } from "#app/components/ui/field-reading.tsx";
import { CheckboxField, FileField, SelectField, TextAreaField, TextField, useCountryOptions } from "#app/components/ui/fields.tsx";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts({ form });

const schema = z.object({
  company: z.string().min(2).max(80),
  email: z.email().optional(),
  country: z.enum(["DE", "AT"]),
  note: z.string().max(500).optional(),
  files: z.array(z.object({ reason: z.string().min(3).max(200) })),
  newsletter: z.boolean().optional(),
  scan: z.file().optional(),
});
const CONTROL_ATTRIBUTES = [
  "id",
  "name",
  "form",
  "type",
  "required",
  "minlength",
  "maxlength",
  "pattern",
  "aria-invalid",
  "aria-describedby",
  "value",
  "checked",
];

/** The attributes of each control (input, select, textarea) of a piece of HTML, in document order, each control's in its own order. */
function controls(html: string) {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return [...document.querySelectorAll("input, select, textarea")].map((element) =>
    element
      .getAttributeNames()
      .filter((name) => CONTROL_ATTRIBUTES.includes(name))
      .map((name) => [name, element.getAttribute(name) ?? ""] as const),
  );
}

type Form = ReturnType<typeof useForm<z.input<typeof schema>>>;
type Fields = Form[1];

/** How the portal's fields are given their form: alone (each reads all it shows), or inside `FormFields` with what the form read once. */
type Reading = "alone" | "form's reading" | "form's reading without errors";

/** One form rendered twice: with the portal's fields, and with conform's helpers on the full metadata. */
function renderBoth({ constraint, lastResult, reading }: { constraint: boolean; lastResult?: SubmissionResult<string[]>; reading: Reading }) {
  const constraints = constraint ? getZodConstraint(schema) : undefined;
  const render = (body: (form: Form) => React.ReactNode) => {
    function Form() {
      const conform = useForm<z.input<typeof schema>>({
        id: "shop",
        lastResult,
        constraint: constraints,
        defaultValue: { company: "Frischer Fisch GmbH", country: "AT", files: [{ reason: "" }, { reason: "blurred" }], newsletter: true },
      });
      return <>{body(conform)}</>;
    }
    return renderToStaticMarkup(
      <TranslationContext value={texts}>
        <Form />
      </TranslationContext>,
    );
  };
  const listed = (fields: Fields) => fields.files.getFieldList().map((file) => file.getFieldset().reason as FieldMetadata<unknown>);
  const portalFields = (fields: Fields) => (
    <>
      <TextField field={fields.company} label="Company" hint="As registered" />
      <TextField field={fields.email} label="Email" type="email" />
      <SelectField field={fields.country} label="Country" options={[{ value: "DE", label: "Germany" }]} withoutChoice />
      <TextAreaField field={fields.note} label="Note" />
      {listed(fields).map((reason) => (
        <TextAreaField key={reason.name} field={reason} label="Reason" />
      ))}
      <CheckboxField field={fields.newsletter} label="Newsletter" />
      <FileField field={fields.scan} label="Scan" />
    </>
  );
  const portal = render(([form, fields]) =>
    reading === "alone" ? (
      portalFields(fields)
    ) : (
      <FormFields formId={form.id} initialValue={form.initialValue} errors={reading === "form's reading" ? form.allErrors : undefined} constraint={constraints}>
        {portalFields(fields)}
      </FormFields>
    ),
  );
  const conform = render(([, fields]) => (
    <>
      <input {...getInputProps(fields.company, { type: "text", ariaDescribedBy: fields.company.descriptionId })} />
      <input {...getInputProps(fields.email, { type: "email" })} />
      <select {...getSelectProps(fields.country)} />
      <textarea {...getTextareaProps(fields.note)} />
      {listed(fields).map((reason) => (
        <textarea {...getTextareaProps(reason)} key={reason.name} />
      ))}
      <input {...getInputProps(fields.newsletter, { type: "checkbox" })} />
      <input {...getInputProps(fields.scan, { type: "file" })} />
    </>
  ));
  return { portal: controls(portal), conform: controls(conform) };
}

const invalid: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { company: "F", country: "DE", files: [{ reason: "no" }, { reason: "" }] },
  error: { company: ["form.errors.tooShort"], "files[0].reason": ["form.errors.tooShort"] },
};

const attributes = (control: ReturnType<typeof controls>[number] | undefined) => Object.fromEntries(control ?? []);

describe("the portal's fields against conform's own helpers", () => {
  it.each([
    ["alone, as first shown", { constraint: false, reading: "alone" }],
    ["alone, sent back with errors", { constraint: false, lastResult: invalid, reading: "alone" }],
    ["with the form's reading and a constraint, as first shown", { constraint: true, reading: "form's reading" }],
    ["with the form's reading and a constraint, sent back with errors", { constraint: true, lastResult: invalid, reading: "form's reading" }],
    ["with the form's reading, as first shown", { constraint: false, reading: "form's reading" }],
    ["with the form's reading, sent back with errors", { constraint: false, lastResult: invalid, reading: "form's reading" }],
    ["with the form's reading but each field's own errors", { constraint: true, lastResult: invalid, reading: "form's reading without errors" }],
  ] as const)("%s: the same ids, names, limits, values and ARIA wiring, in the same order", (_name, options) => {
    const { portal, conform } = renderBoth(options);
    expect(portal).toHaveLength(8);
    expect(portal).toEqual(conform);
  });

  it("carries the schema's limits only with the form's constraint, and there for list items too", () => {
    const constrained = renderBoth({ constraint: true, reading: "form's reading" }).portal.map(attributes);
    expect(constrained[0]).toMatchObject({ id: "shop-company", required: "" });
    expect(constrained[1]).toMatchObject({ id: "shop-email" });
    expect(constrained[1]).not.toHaveProperty("required");
    expect(constrained[4]).toMatchObject({ name: "files[0].reason", required: "" });
    expect(attributes(renderBoth({ constraint: false, reading: "form's reading" }).portal[0])).not.toHaveProperty("required");
  });

  it("shows an error as conform ties it: aria-invalid and the error's id first", () => {
    const [company] = renderBoth({ constraint: false, lastResult: invalid, reading: "form's reading" }).portal.map(attributes);
    expect(company).toMatchObject({ "aria-invalid": "true", "aria-describedby": "shop-company-error shop-company-description", value: "F" });
  });

  it("finds saved values in the form's by name, list items and a checkbox included", () => {
    const controls = renderBoth({ constraint: false, reading: "form's reading" }).portal.map(attributes);
    expect(controls[0]).toMatchObject({ value: "Frischer Fisch GmbH" });
    expect(controls[5]).toMatchObject({ name: "files[1].reason" });
    expect(controls[6]).toMatchObject({ name: "newsletter", checked: "", value: "on" });
  });
});

describe("the <form>'s props against conform's getFormProps", () => {
  /** The `<form>` tag as rendered with the props `props` gives. */
  const formTag = (props: (form: Form[0]) => Record<string, unknown>, lastResult?: SubmissionResult<string[]>) => {
    function Shop() {
      const [form] = useForm<z.input<typeof schema>>({ id: "shop", lastResult });
      return <form {...props(form)} />;
    }
    return renderToStaticMarkup(<Shop />);
  };
  const withFormError: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { "": ["form.errors.tooShort"] } };

  it.each([
    ["as first shown", undefined],
    ["with errors of its fields", invalid],
    ["with an error of its own", withFormError],
  ])("%s: the same attributes in the same order, read with all the form's errors or without", (_name, lastResult) => {
    const conform = formTag((form) => getFormProps(form), lastResult);
    expect(formTag((form) => readForm(form).props, lastResult)).toBe(conform);
    expect(formTag((form) => readFormProps(form), lastResult)).toBe(conform);
  });

  it("ties an error of its own to the form", () => {
    expect(formTag((form) => readForm(form).props, withFormError)).toBe('<form id="shop" noValidate="" aria-describedby="shop-error"></form>');
  });
});

describe("the countries a select offers", () => {
  const codes = ["DE", "AT", "CH", "FR"];
  function optionsIn(language: string) {
    let options: readonly { value: string; label: string }[] = [];
    function Countries() {
      options = useCountryOptions(codes);
      return null;
    }
    const view = { ...texts, i18n: { ...texts.i18n, language } };
    renderToStaticMarkup(
      <TranslationContext value={view}>
        <Countries />
      </TranslationContext>,
    );
    return options;
  }

  it("are named and sorted in the page's language, and worked out once per language", () => {
    const en = optionsIn("en");
    expect(en.map((option) => option.label)).toEqual(["Austria", "France", "Germany", "Switzerland"]);
    expect(optionsIn("de").map((option) => `${option.value} ${option.label}`)).toEqual(["DE Deutschland", "FR Frankreich", "AT Österreich", "CH Schweiz"]);
    expect(optionsIn("en")).toBe(en);
    expect(Object.isFrozen(en) && Object.isFrozen(en[0])).toBe(true);
  });
});
