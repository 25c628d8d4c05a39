import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** Google's public keys for ID tokens (a JSON Web Key Set). */
export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** A GIS credential is a JWT of about 1 KB; anything far larger is not one. */
const MAX_CREDENTIAL_LENGTH = 8192;

/** What we keep from a verified Google ID token. */
export interface GoogleProfile {
  /** Google's stable account id (`sub`). */
  googleId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  pictureUrl: string | null;
}

export class GoogleTokenError extends Error {}

export interface GoogleVerifierOptions {
  clientId: string;
  /** Where Google's keys are fetched from (a local server in tests). */
  certsUrl?: string;
}

/**
 * Verifies Google Identity Services ID tokens as Google documents: RS256 signature against
 * Google's published keys (fetched and cached, refetched when a token names an unknown key), the
 * audience is our client id, the issuer is Google, and the token has not expired.
 */
export class GoogleIdTokenVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly options: GoogleVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.certsUrl ?? GOOGLE_CERTS_URL), {
      timeoutDuration: 5_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 6 * 60 * 60 * 1000,
    });
  }

  async verify(credential: string): Promise<GoogleProfile> {
    if (credential.length === 0 || credential.length > MAX_CREDENTIAL_LENGTH) {
      throw new GoogleTokenError('credencial vacía o demasiado larga');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, this.keys, {
        algorithms: ['RS256'],
        audience: this.options.clientId,
        issuer: GOOGLE_ISSUERS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 60,
      }));
    } catch (error) {
      throw new GoogleTokenError(error instanceof Error ? error.message : String(error));
    }
    const { sub, email, email_verified: emailVerified, name, picture } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || email === '') {
      throw new GoogleTokenError('el token no trae sub o email');
    }
    return {
      googleId: sub,
      email,
      emailVerified: emailVerified === true,
      name: typeof name === 'string' && name.trim() !== '' ? name.trim() : email.split('@')[0]!,
      pictureUrl: typeof picture === 'string' && /^https:\/\//.test(picture) ? picture : null,
    };
  }
}
