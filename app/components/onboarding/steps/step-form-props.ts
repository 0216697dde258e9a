import type { SubmissionResult } from "@conform-to/react";
import type { StepName } from "#contract/onboarding.ts";
import type { StepData } from "#app/services/onboarding/step-definitions.server.ts";

/** What a step's form gets: the step's loaded data, and the server's last answer to a save (typed values and errors). */
export type StepFormProps<S extends StepName> = { data: StepData<S>; result: SubmissionResult<string[]> | undefined };
