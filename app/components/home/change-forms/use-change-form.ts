import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { CompanyChangeKind } from "#contract/company-change-kinds.ts";
import type { z } from "zod";

export type ChangeFormProps = {
  defaults: Record<string, unknown>;
  result: SubmissionResult<string[]> | undefined;
  replaces: string | null;
};

/** conform's form for a change: the values to start from, the server's last answer, the contract's schema checked in the browser on blur. */
export function useChangeForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  kind: CompanyChangeKind,
  schema: Schema,
  { defaults, result }: ChangeFormProps,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: `change-${kind.toLowerCase()}`,
    lastResult: result,
    defaultValue: defaults as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
