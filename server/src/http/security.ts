// HTTP security headers for every page and API answer, and the one rule for which browser origins may use the server.
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Whether a browser at `origin` may call the matchmaker or open a socket. No Origin header means no browser
 * page is asking (browsers always send one on WebSocket handshakes and cross-origin POSTs).
 */
export function originAllowed(origin: string | undefined, req: IncomingMessage, config: Config): boolean {
  if (origin === undefined) return true;
  if (config.allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Whether the request reached us over TLS (directly, or through a proxy we trust). */
export function overTls(req: IncomingMessage, config: Config): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return config.trustProxy && req.headers['x-forwarded-proto'] === 'https';
}

export function security(app: Express, config: Config) {
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          // Pixi decodes images in blob workers and draws from blob/data URLs.
          'img-src': ["'self'", 'data:', 'blob:'],
          'worker-src': ["'self'", 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': [
            "'self'",
            ...config.allowedOrigins,
            ...config.allowedOrigins.map((o) => o.replace(/^http/, 'ws')),
          ],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      },
      referrerPolicy: { policy: 'same-origin' },
      // HSTS only makes sense on TLS; it is added below when the request came over it.
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    }),
  );
  app.use((req, res, next) => {
    if (overTls(req, config)) res.setHeader('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    next();
  });
}
