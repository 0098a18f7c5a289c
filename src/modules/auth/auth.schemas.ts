import { z } from 'zod';
import { ROLES } from '../../db/schema.js';

export const loginBody = z.strictObject({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1024),
});

export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(512) });
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
