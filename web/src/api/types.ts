import type { paths } from './openapi';

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON body a successful call of `method` on `path` answers, as the OpenAPI document describes it. */
export type ResponseOf<P extends keyof paths, M extends 'get' | 'post' | 'put'> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: infer Ok }
    ? JsonOf<Ok>
    : R extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;

/** The JSON request body of `method` on `path`. */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Me = ResponseOf<'/api/v1/auth/me', 'get'>;
export type Role = Me['roles'][number];
export type Semester = ResponseOf<'/api/v1/semesters', 'get'>[number];
