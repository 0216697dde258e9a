// @vitest-environment jsdom
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { BANK_LOOKUP_PATH, IbanFields } from "#app/components/onboarding/iban-fields.tsx";
import onboarding from "#app/locales/en/onboarding.json";
import { TranslationContext } from "#app/lib/i18n/use-translation.ts";
import { createTestTexts } from "./i18n-test-setup";

const texts = createTestTexts({ onboarding });
let root: Root | undefined;
afterEach(() => {
  // Unmounted before the next test: conform's observer must not outlive the document.
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.replaceChildren();
});

const BankFields = z.object({ iban: z.string().optional(), bic: z.string().optional() });

function BankForm() {
  // Validated in the browser as the portal's forms are: conform then applies an update there, not by a submit.
  const [form, fields] = useForm({ id: "bank", onValidate: ({ formData }) => parseWithZod(formData, { schema: BankFields }) });
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate>
      <IbanFields form={form} iban={fields.iban} bic={fields.bic} ibanHint="" bicHint="" />
    </form>
  );
}

/** The form at "/", and the bank lookup answering for one IBAN (counted), as the portal's route does. */
function portal(lookups: string[]) {
  const router = createMemoryRouter([
    { path: "/", element: <BankForm /> },
    {
      path: BANK_LOOKUP_PATH,
      loader: ({ request }) => {
        const iban = new URL(request.url).searchParams.get("iban") ?? "";
        lookups.push(iban);
        return { bank: iban === "DE89370400440532013000" ? { bankName: "Commerzbank", bic: "COBADEFFXXX" } : null };
      },
    },
  ]);
  return (
    <TranslationContext value={texts}>
      <RouterProvider router={router} />
    </TranslationContext>
  );
}

/** The server's page with `typed` in the IBAN field before its scripts take over (no handler saw it), then hydrated. */
async function hydrateWithTyped(typed: string, lookups: string[]): Promise<HTMLElement> {
  const container = document.createElement("div");
  container.innerHTML = renderToString(portal([]));
  document.body.append(container);
  const iban = container.querySelector<HTMLInputElement>('input[name="iban"]');
  expect(iban).not.toBeNull();
  iban!.value = typed;
  await act(async () => {
    root = hydrateRoot(container, portal(lookups));
  });
  return container;
}

const bicOf = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[name="bic"]')?.value;

describe("IbanFields", () => {
  it("looks up an IBAN typed before the scripts took over, and fills in the BIC", async () => {
    const lookups: string[] = [];
    const container = await hydrateWithTyped("DE89 3704 0044 0532 0130 00", lookups);

    await waitFor(() => expect(screen.getByText(/Commerzbank/)).toBeTruthy());
    await waitFor(() => expect(bicOf(container)).toBe("COBADEFFXXX"));
    expect(lookups).toEqual(["DE89370400440532013000"]);
  });

  it.each([
    ["empty", ""],
    ["no valid German IBAN", "DE89 3704 0044 0532 0130 01"],
  ])("asks nothing while the field is %s", async (_case, typed) => {
    const lookups: string[] = [];
    const container = await hydrateWithTyped(typed, lookups);

    expect(lookups).toEqual([]);
    expect(bicOf(container)).toBe("");
  });
});
