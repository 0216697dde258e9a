import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { StepName } from "#contract/onboarding.ts";
import type { z } from "zod";

/**
 * conform's form for a step: the saved values to start from, the server's
 * last answer (typed values and errors) when there is one, and the same
 * schema checked in the browser on blur.
 */
export function useStepForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  step: StepName,
  schema: Schema,
  defaultValue: Record<string, unknown> | null | undefined,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: `step-${step}`,
    lastResult,
    defaultValue: (defaultValue ?? undefined) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
