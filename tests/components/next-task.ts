import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Lets the tasks queued so far run, inside act so that React applies what they change: among them a fetch that
 * `inOwnTask` (app/components/ui/own-task.ts) started after the task that asked for it.
 */
export const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/**
 * Code (a module, a schema) fetched by what a test renders, arriving when the test says so: `arrive` first lets the
 * fetch start (it is asked for a task after the render or effect that wants it), then settles it inside act.
 */
export function deferredLoad<T>(value: T) {
  let arrive!: () => void;
  const load = vi.fn(() => new Promise<T>((resolve) => (arrive = () => resolve(value))));
  return {
    load,
    arrive: async () => {
      await nextTask();
      await act(async () => arrive());
    },
  };
}
