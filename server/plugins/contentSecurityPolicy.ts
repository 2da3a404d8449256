import type { Config } from '../config';

const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
const INTERCOM = {
  script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
  frame: ['https://intercom-sheets.com'],
  connect: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://uploads.intercomcdn.com'],
  img: ['https://*.intercomcdn.com', 'https://static.intercomassets.com'],
};

/** The page's content security policy: the app's own origin, plus Stripe.js and the chat only when configured. */
export function cspDirectives(config: Config): Record<string, string[] | null> {
  const stripe = config.payments.provider === 'stripe';
  const chat = Boolean(config.intercom.appId);
  const extra = (key: 'script' | 'frame' | 'connect') => [
    ...(stripe ? STRIPE[key] : []),
    ...(chat ? INTERCOM[key] : []),
  ];
  return {
    'script-src': ["'self'", ...extra('script')],
    'frame-src': ["'self'", ...extra('frame')],
    'connect-src': ["'self'", ...extra('connect')],
    'img-src': ["'self'", 'data:', 'blob:', ...(chat ? INTERCOM.img : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'upgrade-insecure-requests': config.appUrl.startsWith('https:') ? [] : null,
  };
}
