/**
 * What an error view says about a failed request, by its status (see
 * failureStatus in the upstream core): the translation key of the sentence,
 * and whether the service's own message belongs beside it.
 */
export function errorExplanationKey(status: number, fromService: boolean): string {
  switch (status) {
    case 404:
      return "errors.notFoundHint";
    case 409:
      return "errors.conflict";
    case 408:
      return "errors.tooSlow";
    case 413:
      return "errors.tooLarge";
    case 400:
      return fromService ? "errors.refused" : "errors.unreadable";
    case 415:
      return "errors.unreadable";
    case 502:
      return "errors.upstream";
    case 503:
      return "errors.upstreamDown";
    default:
      return "errors.unexpected";
  }
}

/** The service's message says what it refused (400, 409) or what failed (502); a 404's and an outage's add nothing. */
export function showsServiceMessage(status: number): boolean {
  return status === 400 || status === 409 || status === 502;
}
