// @vitest-environment jsdom
/**
 * The portal's fields read conform's metadata sparingly (the ids from the
 * form's id and the field's name, the schema's limits only inside
 * `ConstrainedFields`). Whatever they skip, their controls must carry exactly
 * the attributes conform's own prop helpers give when reading everything:
 * with and without a constraint, with errors, saved values and list fields.
 */
import { getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { i18n } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import form from "~/locales/en/form.json";
import { ConstrainedFields, SelectField, TextAreaField, TextField } from "~/shared/form/fields";
import { createTestI18n } from "./i18n-test-setup";

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n({ form });
});

const schema = z.object({
  company: z.string().min(2).max(80),
  email: z.email().optional(),
  country: z.enum(["DE", "AT"]),
  note: z.string().max(500).optional(),
  files: z.array(z.object({ reason: z.string().min(3).max(200) })),
});
const CONTROL_ATTRIBUTES = ["id", "name", "form", "required", "minlength", "maxlength", "pattern", "aria-invalid", "aria-describedby", "value"];

/** The attributes of each control (input, select, textarea) of a piece of HTML, in document order. */
function controls(html: string) {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return [...document.querySelectorAll("input, select, textarea")].map((element) =>
    Object.fromEntries(CONTROL_ATTRIBUTES.map((name) => [name, element.getAttribute(name)])),
  );
}

type Fields = ReturnType<typeof useForm<z.input<typeof schema>>>[1];

/** One form rendered twice: with the portal's fields, and with conform's helpers on the full metadata. */
function renderBoth({ constraint, lastResult }: { constraint: boolean; lastResult?: SubmissionResult<string[]> }) {
  const render = (body: (fields: Fields) => React.ReactNode) => {
    function Form() {
      const [, fields] = useForm<z.input<typeof schema>>({
        id: "shop",
        lastResult,
        constraint: constraint ? getZodConstraint(schema) : undefined,
        defaultValue: { company: "Frischer Fisch GmbH", country: "AT", files: [{ reason: "" }, { reason: "blurred" }] },
      });
      return <>{body(fields)}</>;
    }
    return renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <Form />
      </I18nextProvider>,
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
    </>
  );
  const portal = render((fields) => (constraint ? <ConstrainedFields>{portalFields(fields)}</ConstrainedFields> : portalFields(fields)));
  const conform = render((fields) => (
    <>
      <input {...getInputProps(fields.company, { type: "text", ariaDescribedBy: fields.company.descriptionId })} />
      <input {...getInputProps(fields.email, { type: "email" })} />
      <select {...getSelectProps(fields.country)} />
      <textarea {...getTextareaProps(fields.note)} />
      {listed(fields).map((reason) => (
        <textarea {...getTextareaProps(reason)} key={reason.name} />
      ))}
    </>
  ));
  return { portal: controls(portal), conform: controls(conform) };
}

const invalid: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { company: "F", country: "DE", files: [{ reason: "no" }, { reason: "" }] },
  error: { company: ["form.errors.tooShort"], "files[0].reason": ["form.errors.tooShort"] },
};

describe("the portal's fields against conform's own helpers", () => {
  it.each([
    ["with a constraint, as first shown", { constraint: true }],
    ["with a constraint, sent back with errors", { constraint: true, lastResult: invalid }],
    ["without a constraint, as first shown", { constraint: false }],
    ["without a constraint, sent back with errors", { constraint: false, lastResult: invalid }],
  ])("%s: the same ids, names, limits, values and ARIA wiring", (_name, options) => {
    const { portal, conform } = renderBoth(options);
    expect(portal).toHaveLength(6);
    expect(portal).toEqual(conform);
  });

  it("carries the schema's limits only inside ConstrainedFields, and there for list items too", () => {
    const constrained = renderBoth({ constraint: true }).portal;
    expect(constrained[0]).toMatchObject({ id: "shop-company", required: "" });
    expect(constrained[1]).toMatchObject({ id: "shop-email", required: null });
    expect(constrained[4]).toMatchObject({ name: "files[0].reason", required: "" });
    expect(renderBoth({ constraint: false }).portal[0]).toMatchObject({ required: null });
  });

  it("shows an error as conform ties it: aria-invalid and the error's id first", () => {
    const [company] = renderBoth({ constraint: false, lastResult: invalid }).portal;
    expect(company).toMatchObject({ "aria-invalid": "true", "aria-describedby": "shop-company-error shop-company-description", value: "F" });
  });
});
