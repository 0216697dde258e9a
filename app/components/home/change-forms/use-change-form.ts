import { useForm, type SubmissionResult } from "@conform-to/react";
import type { CompanyChangeKind } from "#contract/company-change-kinds.ts";
import type { z } from "zod";
import { useSchemaCheck } from "#app/components/ui/use-schema-check.ts";

export type ChangeFormProps = {
  defaults: Record<string, unknown>;
  result: SubmissionResult<string[]> | undefined;
  replaces: string | null;
};

/**
 * conform's form for a change: the values to start from, the server's last answer, the contract's schema checked in
 * the browser on blur, fetched once the page is hydrated (`loadSchema`: the change's module of contract/changes/).
 */
export function useChangeForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  kind: CompanyChangeKind,
  loadSchema: () => Promise<Schema>,
  { defaults, result }: ChangeFormProps,
) {
  const check = useSchemaCheck(loadSchema);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: `change-${kind.toLowerCase()}`,
    lastResult: result,
    defaultValue: defaults as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check,
  });
}
