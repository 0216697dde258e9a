import { act } from "@testing-library/react";

/**
 * Lets the tasks queued so far run, inside act so that React applies what they change: among them a fetch that
 * `inOwnTask` (app/components/ui/own-task.ts) started after the task that asked for it.
 */
export const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
