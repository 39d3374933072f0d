import { ApiRequestError } from "./api-error.ts";

export const GENERIC_ERROR_MESSAGE = "一時的なエラーが発生しました。しばらくしてから再度お試しください。";

/**
 * What the user reads when a call fails (spec section 8): the server's own message when it sent
 * one; otherwise the generic text with the developer detail in brackets, so a screenshot sent to
 * support still says what went wrong.
 */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.message) return error.message;
    return `${GENERIC_ERROR_MESSAGE}[${error.dev_message}]`;
  }
  if (error instanceof Error) return `${GENERIC_ERROR_MESSAGE}[${error.message || error.name}]`;
  return `${GENERIC_ERROR_MESSAGE}[${String(error)}]`;
}

/**
 * A call whose 401 could not be cured by renewing: the session is over and the sign-out has told the
 * user. Other 401s (a wrong password at login) are ordinary errors with a message to show.
 */
export function isSessionEndedError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.sessionEnded;
}
