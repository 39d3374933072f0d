/**
 * An answer other than 2xx, or no answer at all (status 0), in the API's error shape. Apart from the client
 * (api-client.ts) so that screens may read a failure's status and code without reaching for what sends calls.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** English detail for developers; filled with the HTTP status or the network error when the server sent none. */
  readonly dev_message: string;
  readonly code: string;
  /** True when this failure ended the session (the renewal was refused); the sign-out tells the user. */
  sessionEnded = false;

  constructor(init: { status: number; message: string; dev_message: string; code: string }) {
    // `message` is the server's Japanese text for the user, or "" when it sent none.
    super(init.message);
    this.name = "ApiRequestError";
    this.status = init.status;
    this.dev_message = init.dev_message;
    this.code = init.code;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
