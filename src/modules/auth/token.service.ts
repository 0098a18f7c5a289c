import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Settings } from '../../config/settings.js';
import { SETTINGS } from '../../common/core/tokens.js';

const ISSUER = 'feedback-analysis-service';
const AUDIENCE = 'feedback-analysis-service/api';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

/** Tokens verified once are remembered this many at most (an API instance's recently active sessions). */
const VERIFIED_TOKENS = 20_000;

/** Access tokens are short-lived HS256 JWTs; refresh tokens are opaque random strings stored hashed. */
@Injectable()
export class TokenService {
  private readonly key: Uint8Array;
  /** Keys the successors of refresh tokens rotated with an attempt id (see successorRefreshToken). */
  private readonly successorKey: Buffer;
  /**
   * Signature checks already passed, by token, with the token's expiry (epoch seconds): a token's signature and
   * claims never change, so only the expiry is checked again. Refused tokens are not remembered.
   */
  private readonly verified = new LRUCache<string, { claims: AccessTokenClaims; expiresAt: number }>({
    max: VERIFIED_TOKENS,
  });

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    this.key = new TextEncoder().encode(settings.JWT_SECRET);
    this.successorKey = createHmac('sha256', settings.JWT_SECRET).update('refresh-token-successor').digest();
  }

  get accessTokenTtl(): number {
    return this.settings.ACCESS_TOKEN_TTL;
  }

  async signAccessToken(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.settings.ACCESS_TOKEN_TTL}s`)
      .sign(this.key);
  }

  /** Returns the claims, or null for any token that is missing, malformed, expired, tampered or unsigned. */
  async verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
    const known = this.rememberedClaims(token);
    if (known !== undefined) return known;
    try {
      // The algorithm list is fixed, so `alg: none` and algorithm-confusion tokens are refused.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token that never expires is refused, even signed with the right key: every token this service
        // issues carries both.
        requiredClaims: ['exp', 'iat'],
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = Object.freeze({ userId: payload.sub, sessionId: payload.sid });
      this.verified.set(token, { claims, expiresAt: payload.exp as number });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /**
   * The claims of a token whose signature was checked before, or null once it has expired; undefined for a token
   * not seen (verifyAccessToken checks it).
   */
  rememberedClaims(token: string): AccessTokenClaims | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    // jose's rule: expired once the current epoch second reaches `exp`.
    if (Math.floor(Date.now() / 1000) < known.expiresAt) return known.claims;
    this.verified.delete(token);
    return null;
  }

  newRefreshToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashRefreshToken(token) };
  }

  /**
   * The successor of a refresh token rotated with an attempt id: derived from the two with a key only the API
   * holds, so a client that retries with the same token and attempt id can be answered the same successor again
   * without any raw token being stored. Unguessable without the presented token, the attempt id and the key.
   */
  successorRefreshToken(token: string, attempt: string): { token: string; hash: string } {
    const successor = createHmac('sha256', this.successorKey).update(`${token}\n${attempt}`).digest('base64url');
    return { token: successor, hash: hashRefreshToken(successor) };
  }
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Attempt ids, like refresh tokens, are stored as a hash only. */
export function hashRefreshAttempt(attempt: string): string {
  return createHash('sha256').update(`attempt:${attempt}`).digest('hex');
}
