import { HttpError } from '../../src/http/errors.js';

/** The code of the HttpError a request ends with (undefined when it ends with an answer), for the client's tests. */
export async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.code : `not an HttpError: ${String(error)}`;
  }
}
