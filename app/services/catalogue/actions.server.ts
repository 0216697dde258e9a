/**
 * How the catalogue pages' actions report an upstream failure: the form
 * keeps its input and shows the service's facts at its top; with JavaScript
 * the error toast comes as well (the root reads it when it revalidates; a
 * plain form post would show it only on the next page, so it is left out there).
 */
import { data } from "react-router";
import type { PortalToast } from "#app/lib/toast-message.ts";
import { dataWithFlashedToast, upstreamErrorToast } from "#app/services/toasts/toast.server.ts";
import { failureStatus, UpstreamError } from "#app/services/upstream/upstream-error.server.ts";
import type { RequestArgs } from "#app/services/request/request-args.ts";

export type UpstreamFailure = {
  message: string;
  errorCode: string | null;
  reference: string | null;
  errors: { fieldName?: string; errorMessage: string }[];
};

export function upstreamFailure(error: UpstreamError, fallbackMessage: string): UpstreamFailure {
  const toast = upstreamErrorToast(error, fallbackMessage);
  return {
    message: toast.message,
    errorCode: toast.errorCode ?? null,
    reference: toast.detail ?? null,
    errors: toast.fieldErrors ?? [],
  };
}

function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The action's answer to a failed upstream call; anything that is not an UpstreamError is rethrown. */
export async function failedUpstreamAction<T extends object>({ request }: RequestArgs, error: unknown, fallbackMessage: string, body: T) {
  if (!(error instanceof UpstreamError)) throw error;
  const failure = upstreamFailure(error, fallbackMessage);
  const payload = { ...body, upstreamFailure: failure };
  const status = failureStatus(error);
  if (!isDataRequest(request)) return data(payload, { status });
  const toast: PortalToast = upstreamErrorToast(error, fallbackMessage);
  return dataWithFlashedToast(payload, toast, { status });
}
