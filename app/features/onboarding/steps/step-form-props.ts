import type { SubmissionResult } from "@conform-to/react";
import type { StepName } from "@contract/onboarding";
import type { StepData } from "./definitions.server";

/** What a step's form gets: the step's loaded data, and the server's last answer to a save (typed values and errors). */
export type StepFormProps<S extends StepName> = { data: StepData<S>; result: SubmissionResult<string[]> | undefined };
