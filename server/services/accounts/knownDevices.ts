import { hmac, randomToken, safeEqual } from '../../secrets';

/** The cookie a browser keeps after signing in to an account, so that strangers' wrong guesses never slow its owner. */
export const DEVICE_COOKIE = 'proofroom_device';
export const DEVICE_COOKIE_DAYS = 365;

/**
 * Marks a browser as one that signed in to `email` before: a random nonce and its HMAC, so the
 * cookie cannot be forged and names nobody. A browser that signs in to several accounts keeps the last.
 */
export class KnownDevices {
  constructor(private readonly secret: string) {}

  tokenFor(email: string): string {
    const nonce = randomToken().slice(0, 22);
    return `${nonce}.${this.signature(email, nonce)}`;
  }

  isKnown(email: string, token: string | undefined): boolean {
    if (!token || token.length > 200) return false;
    const [nonce = '', signature = ''] = token.split('.');
    return nonce !== '' && safeEqual(signature, this.signature(email, nonce));
  }

  private signature(email: string, nonce: string): string {
    return hmac(this.secret, `device:${email.toLowerCase()}:${nonce}`);
  }
}
