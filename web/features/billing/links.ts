/** The checkout's terms and privacy links: external support articles. */
export const TERMS_URL = 'https://support.proofroom.app/articles/terms-of-service';
export const PRIVACY_URL = 'https://support.proofroom.app/articles/privacy-policy';
