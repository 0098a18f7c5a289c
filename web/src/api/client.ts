import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from './openapi';
import { session } from '../features/auth/session';

/** Calls that carry no access token: signing in and exchanging a refresh token. */
const PUBLIC_PATHS = ['/api/v1/auth/login', '/api/v1/auth/refresh'];

const isPublic = (request: Request) => PUBLIC_PATHS.includes(new URL(request.url).pathname);

const authentication: Middleware = {
  async onRequest({ request }) {
    if (isPublic(request)) return undefined;
    const token = await session.accessToken();
    // Nothing to send without a session: the page is on its way to the sign-in form.
    if (!token) throw new ApiError(401, 'You are not signed in.');
    request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ request, response }) {
    // Any 401 on a signed-in call means the session is over (expired, revoked, or the user was removed):
    // back to the sign-in page with what the service said.
    if (response.status === 401 && !isPublic(request)) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      session.end(ApiError.from(response, body).message);
    }
    return undefined;
  },
};

/** The one API client, typed by the OpenAPI document (web/src/api/openapi.d.ts, generated). */
export const api = createClient<paths>({ baseUrl: globalThis.location?.origin ?? '' });
api.use(authentication);

type Outcome<D> = { data?: D; error?: unknown; response: Response };

/** The answer's body, or the API's refusal thrown as an ApiError (what TanStack Query shows as the error). */
export async function unwrap<D>(call: Promise<Outcome<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw ApiError.from(response, error);
  return data as D;
}
