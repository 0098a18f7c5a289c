import { z } from 'zod';
import { requiredText } from '../../common/text/required-text.js';
import { ROLES } from '../../db/schema.js';

export const loginBody = z.strictObject({
  username: requiredText().max(200),
  password: z.string().min(1).max(1024),
});

export const refreshBody = z.strictObject({
  refreshToken: z.string().min(1).max(512),
  attempt: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,128}$/, 'expected 22 to 128 letters, digits, - or _ (a random id of at least 128 bits)')
    .optional()
    .describe(
      'A random id (at least 128 random bits, e.g. 32 hex digits) the client stores beside the refresh token before sending, and sends again with the same token ' +
        'when the answer never reached it (a reload, a lost connection): within 30 seconds of the rotation, while ' +
        'the refresh token it issued is unused, that token is answered again (with a new access token) instead of ' +
        'the session being revoked as a reuse. Without it, or with another id, any second use of a refresh token ' +
        'revokes the session.',
    ),
});
export const logoutBody = z.strictObject({ refreshToken: z.string().min(1).max(512).optional() });

export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('access token lifetime in seconds'),
});

export const meResponse = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  roles: z.array(z.enum(ROLES)),
  assignments: z.array(
    z.object({
      role: z.enum(['DEAN', 'CHAIRPERSON', 'CAMPUS_HEAD']),
      campus: z.string(),
      department: z.string().nullable(),
      program: z.string().nullable(),
    }),
  ),
});

export type TokenPair = z.infer<typeof tokenPair>;
