// @vitest-environment jsdom
/**
 * useSchemaCheck(): a form's check in the browser whose schema comes after
 * the page's first scripts. Before it is in, the form behaves as without
 * JavaScript (the server checks it); once in, as before: checked on blur.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";
import { deferredLoad, nextTask } from "./next-task.ts";

afterEach(cleanup);

const Shop = z.object({
  shopName: z.string({ error: "required" }).min(3, { error: "tooShort" }),
  city: z.string({ error: "cityRequired" }),
});

function ShopForm({
  load,
  lastResult,
  posted,
  schemaKey,
  rendered,
}: {
  load: () => Promise<typeof Shop>;
  lastResult?: SubmissionResult<string[]>;
  posted: () => void;
  schemaKey?: string;
  rendered?: () => void;
}) {
  rendered?.();
  const check = useSchemaCheck(load, schemaKey);
  const [form, fields] = useForm({ id: "shop", lastResult, shouldValidate: "onBlur", shouldRevalidate: "onInput", onValidate: check });
  return (
    <form
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event);
        // What would go to the server: a submit conform did not stop.
        if (!event.defaultPrevented) posted();
        event.preventDefault();
      }}
    >
      <label htmlFor={fields.shopName.id}>Shop name</label>
      <input {...getInputProps(fields.shopName, { type: "text" })} />
      <p id={fields.shopName.errorId}>{fields.shopName.errors?.join(" ")}</p>
      <label htmlFor={fields.city.id}>City</label>
      <input {...getInputProps(fields.city, { type: "text" })} />
      <p id={fields.city.errorId}>{fields.city.errors?.join(" ")}</p>
      <button type="submit">Save</button>
    </form>
  );
}

const shopName = () => screen.getByLabelText("Shop name");
const shownError = (field = shopName()) => document.getElementById(field.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent ?? "";

async function blurWith(value: string) {
  await act(async () => {
    fireEvent.input(shopName(), { target: { value } });
  });
  await act(async () => {
    fireEvent.blur(shopName());
  });
}

describe("useSchemaCheck", () => {
  it("before the schema is in, sends a submit on to the server and finds nothing on blur", async () => {
    const { load } = deferredLoad(Shop);
    const posted = vi.fn();
    render(<ShopForm load={load} posted={posted} />);
    // Not in the task of the effects that hydrating ran: in one of its own, after it.
    expect(load).not.toHaveBeenCalled();
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
    await blurWith("ab");
    expect(shownError()).toBe("");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it("renders nothing when the schema arrives: the form is not rendered again for it", async () => {
    const { load, arrive } = deferredLoad(Shop);
    const rendered = vi.fn();
    render(<ShopForm load={load} posted={vi.fn()} rendered={rendered} />);
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
    const before = rendered.mock.calls.length;
    await arrive();
    await nextTask();
    expect(rendered).toHaveBeenCalledTimes(before);
    // And the check is in all the same.
    await blurWith("ab");
    expect(shownError()).toBe("tooShort");
  });

  it("before the schema is in, keeps the server's errors shown when a field is left", async () => {
    const { load } = deferredLoad(Shop);
    const lastResult: SubmissionResult<string[]> = { status: "error", initialValue: { shopName: "ab" }, error: { shopName: ["tooShort"] } };
    render(<ShopForm load={load} lastResult={lastResult} posted={vi.fn()} />);
    expect(shownError()).toBe("tooShort");
    await blurWith("abc");
    expect(shownError()).toBe("tooShort");
  });

  it("checks a field left before the schema is in as soon as it arrives, and no field that was not left", async () => {
    const { load, arrive } = deferredLoad(Shop);
    render(<ShopForm load={load} posted={vi.fn()} />);
    await blurWith("ab");
    expect(shownError()).toBe("");
    await arrive();
    expect(shownError()).toBe("tooShort");
    expect(shownError(screen.getByLabelText("City"))).toBe("");
    // Checked from then on as any field: typing the right value takes the message away.
    await act(async () => {
      fireEvent.input(shopName(), { target: { value: "abcd" } });
    });
    expect(shownError()).toBe("");
  });

  it("leaves a field left before the schema to the server's answer once the form was submitted", async () => {
    const { load, arrive } = deferredLoad(Shop);
    const posted = vi.fn();
    render(<ShopForm load={load} posted={posted} />);
    await blurWith("ab");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(posted).toHaveBeenCalledTimes(1);
    await arrive();
    expect(shownError()).toBe("");
  });

  it("once the schema is in, checks on blur and stops a submit with errors in the browser", async () => {
    const { load, arrive } = deferredLoad(Shop);
    const posted = vi.fn();
    render(<ShopForm load={load} posted={posted} />);
    await arrive();
    await blurWith("ab");
    expect(shownError()).toBe("tooShort");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(posted).not.toHaveBeenCalled();
    await blurWith("abcd");
    expect(shownError()).toBe("");
  });

  it("builds the schema again when its key changes, and leaves the check to the server until then", async () => {
    const first = deferredLoad(Shop);
    const posted = vi.fn();
    const { rerender } = render(<ShopForm load={first.load} posted={posted} schemaKey="a" />);
    await first.arrive();
    const second = deferredLoad(Shop);
    rerender(<ShopForm load={second.load} posted={posted} schemaKey="b" />);
    await nextTask();
    expect(second.load).toHaveBeenCalledTimes(1);
    await blurWith("ab");
    expect(shownError()).toBe("");
    await second.arrive();
    await blurWith("ab");
    expect(shownError()).toBe("tooShort");
  });
});
