import { useForm, type SubmissionResult } from "@conform-to/react";
import type { StepName } from "#contract/onboarding.ts";
import type { z } from "zod";
import { INTENT, useSchemaCheck } from "#app/components/ui/use-schema-check.ts";

/** Steps the server checks further than the schema (the address service, a taken shop name, the scan): their submit always asks it. */
const SERVER_CHECKED_STEPS: ReadonlySet<StepName> = new Set(["account-information", "company-information", "identification", "warehouse"]);

/**
 * conform's form for a step: the saved values to start from, the server's
 * last answer (typed values and errors) when there is one, and the same
 * schema checked in the browser on blur, fetched once the page is hydrated
 * (`loadSchema`: the step's module of contract/steps/). A step the server
 * checks further is submitted even when the browser finds errors: the server
 * answers the schema's and the services' errors together, so a seller never
 * corrects in rounds.
 */
export function useStepForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  step: StepName,
  loadSchema: () => Promise<Schema>,
  defaultValue: Record<string, unknown> | null | undefined,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const check = useSchemaCheck(loadSchema);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: `step-${step}`,
    lastResult,
    defaultValue: (defaultValue ?? undefined) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: (context) => {
      const submission = check(context);
      // A submit (no intent: not a blur's check, not a list change) with errors goes on to the server's one round of every check.
      const submitted = !context.formData.has(INTENT);
      return submitted && submission.status === "error" && SERVER_CHECKED_STEPS.has(step) ? { ...submission, error: null } : submission;
    },
  });
}
