import { RegisterAnswer, type RegistrationKind } from "#contract/registrations.ts";
import type { ServiceCaller } from "#app/services/upstream/http.server.ts";
import { upstreamPath } from "#app/services/upstream/upstream-path.server.ts";

/**
 * The producer registers' public lookup (contract/registrations.ts): a
 * number's entry, its holder and whether it is still registered. Every status
 * comes in the answer's shape, so "not found" (404) and "unavailable" (503)
 * are read as the answers they are.
 */
export function producerRegisterClient(call: ServiceCaller) {
  return {
    lookup: (kind: RegistrationKind, registrationNumber: string) =>
      call({ path: upstreamPath`/registrations/${kind}/${registrationNumber}`, schema: RegisterAnswer, errorIsAnswer: true }),
  };
}
