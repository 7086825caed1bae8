/**
 * PKCE (RFC 7636) as GoTrue runs it: the client sends a code challenge when the flow starts, the
 * browser comes back with `?code=`, and the client trades that code plus its verifier for a
 * session (`grant_type=pkce`). A flow state row holds the challenge and the code for 5 minutes.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from '../db.ts';
import type { StandInContext } from '../http.ts';
import { AuthApiError, badRequest, unprocessable } from './errors.ts';
import { startSession, type AuthenticationMethod, type SessionResponse } from './sessions.ts';

/** How long a flow may take from its start to the code exchange. */
export const FLOW_STATE_SECONDS = 300;

export interface CodeChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

const CHALLENGE_PATTERN = /^[a-zA-Z._~0-9-]+$/;

/**
 * The flow's challenge if the client started a PKCE flow, null for the implicit flow; throws
 * GoTrue's validation errors for half-given or malformed parameters.
 */
export function codeChallenge(challenge: string, method: string): CodeChallenge | null {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return null;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!CHALLENGE_PATTERN.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') throw badRequest('validation_failed', 'Invalid code_challenge_method');
  return { challenge, method: lower };
}

/** Whether the verifier is the one the challenge was made from. */
export function verifierMatches(flow: CodeChallenge, verifier: string): boolean {
  const expected = flow.method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Records a flow for a user and returns the authorization code the browser will carry back. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  flow: CodeChallenge,
  method: AuthenticationMethod,
  provider: 'email' | 'google',
): Promise<string> {
  const code = randomUUID();
  await tx.query(
    `insert into auth.flow_state (id, auth_code, code_challenge, code_challenge_method, user_id, authentication_method,
                                  provider_type, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now(), now())`,
    [randomUUID(), code, flow.challenge, flow.method, userId, method, provider],
  );
  return code;
}

/** The code of the user's latest flow started with this method (a PKCE sign-up being confirmed). */
export async function latestAuthCode(tx: Queryable, userId: string, method: AuthenticationMethod): Promise<string> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `select auth_code from auth.flow_state
      where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`,
    [userId, method],
  );
  const code = rows[0]?.auth_code;
  if (!code) {
    throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
  }
  return code;
}

type FlowStateRow = {
  id: string;
  user_id: string;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: AuthenticationMethod;
  expired: boolean;
};

/** The pkce grant: a session for a valid code and verifier; the code is spent. */
export async function exchangeAuthCode(
  db: Database,
  ctx: StandInContext,
  authCode: string,
  verifier: string,
): Promise<SessionResponse> {
  if (authCode === '' || verifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<FlowStateRow>(
      `select id, user_id, code_challenge, code_challenge_method, authentication_method,
              created_at + make_interval(secs => $2) < now() as expired
         from auth.flow_state where auth_code = $1 for update`,
      [authCode, FLOW_STATE_SECONDS],
    );
    const flow = rows[0];
    if (!flow) throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (flow.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    const method = flow.code_challenge_method === 'plain' ? 'plain' : 's256';
    if (!verifierMatches({ challenge: flow.code_challenge, method }, verifier)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    return startSession(tx, ctx, flow.user_id, flow.authentication_method);
  });
}
