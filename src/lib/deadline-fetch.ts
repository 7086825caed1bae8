/**
 * A fetch with a deadline, for clients that must not wait forever: a Supabase that accepts the
 * connection and never answers would otherwise hold `astro build` until the CI job is killed. The
 * whole exchange — the answer's headers and its body — must arrive within the deadline; a request
 * that misses it, or cannot reach the server at all, fails with an error naming the request.
 *
 * supabase-js retries a GET or HEAD whose fetch fails (3 more attempts, 1 s, 2 s and 4 s apart),
 * so a read that never gets an answer fails after about 4 × the deadline + 7 s.
 */

/** A request that got no complete answer in time, or could not be sent at all. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

/** Where a request went, short enough for an error message. */
function describe(input: RequestInfo | URL, init: RequestInit | undefined): string {
  const url = input instanceof Request ? input.url : String(input);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  return `${method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url}`;
}

/** `fetchImpl` with every exchange bounded by `timeoutMs`; a caller's own abort signal still works. */
export function fetchWithDeadline(timeoutMs: number, fetchImpl: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    try {
      const response = await fetchImpl(input, { ...init, signal });
      // Read the body under the same deadline: headers alone do not make an answer.
      const body = await response.arrayBuffer();
      return new Response(response.status === 204 || response.status === 304 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      // The caller's own cancellation stays the caller's.
      if (init?.signal?.aborted) throw error;
      const what = describe(input, init);
      if (deadline.aborted) {
        throw new NoAnswerError(`Supabase did not answer ${what} within ${timeoutMs / 1000} s`, { cause: error });
      }
      throw new NoAnswerError(`Supabase could not be reached: ${what}`, { cause: error });
    }
  };
}
