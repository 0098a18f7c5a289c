import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (memory-hard) with the library's defaults: 19 MiB, 2 passes, 1 lane, the OWASP minimum.
 * @node-rs/argon2 ships prebuilt binaries, so nothing is compiled at install time.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against unknown usernames so that a failed login takes the same time whether or not the
 * user exists. The hash is of a random string nobody knows.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$vmXEO2QD54Z8kPUMrsnEgw$ldO19kyluSU2k8I4qKwETSscleMpTrjcCYch3J84q3k';

/**
 * The password functions as an injectable, so the auth service's every password check goes through
 * one object (tests count the checks that reach it).
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verifyPassword(passwordHash, password);
  }
}
