// Turn notifications' settings, from the environment (docs/configuration.md); tests override them through Config.
import { z } from 'zod';

export interface NotifySettings {
  /** VAPID key pair (base64url) and subject; unset keys are made at first start and kept in the store. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject: string;
  /** Hosts a lobby's webhook may point at (exact names; `*.example.com` for any subdomain). */
  webhookHosts: string[];
  /** Hosts a browser's push endpoint may point at (the push services of today's browsers). */
  pushHosts: string[];
  /**
   * Hosts allowed to resolve to a private, loopback or link-local address, and to use a port other than 443. Empty
   * in production: it exists for a local relay and for the tests' loopback endpoints.
   */
  privateHosts: string[];
  /** Where links in notifications point (scheme://host[:port]); unset: the origin of the page that set them up. */
  publicUrl?: string;
  /** Turn changes for one browser within this long go out as one notification. */
  coalesceMs: number;
  /** Webhook posts one lobby may make per minute (bursts of up to this many). */
  webhookPerMinute: number;
  /** One outbound request's whole time, and the most response bytes read before it is cut off. */
  timeoutMs: number;
  maxResponseBytes: number;
  /** Tests only: certificate authorities trusted for outbound TLS besides the system's (a self-signed endpoint). */
  ca?: string;
}

const hosts = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    );

const env = z.object({
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'base64url, as web-push generate-vapid-keys prints it')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'base64url, as web-push generate-vapid-keys prints it')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'mailto:you@example.com or https://your.site')
    .default('mailto:dicehall@example.com'),
  WEBHOOK_HOSTS: hosts('discord.com,discordapp.com,hooks.slack.com'),
  PUSH_HOSTS: hosts(
    'fcm.googleapis.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com',
  ),
  NOTIFY_PRIVATE_HOSTS: hosts(''),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[A-Za-z0-9.:[\]-]+$/, 'scheme://host[:port], no path')
    .optional()
    .transform((v) => v || undefined),
  PUSH_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  WEBHOOK_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(12),
});

export function notifySettingsFromEnv(
  source: NodeJS.ProcessEnv = process.env,
  overrides: Partial<NotifySettings> = {},
): NotifySettings {
  const e = env.parse(source);
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  return {
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    vapidSubject: e.VAPID_SUBJECT,
    webhookHosts: e.WEBHOOK_HOSTS,
    pushHosts: e.PUSH_HOSTS,
    privateHosts: e.NOTIFY_PRIVATE_HOSTS,
    publicUrl: e.PUBLIC_URL,
    coalesceMs: e.PUSH_COALESCE_MS,
    webhookPerMinute: e.WEBHOOK_PER_MINUTE,
    timeoutMs: 3000,
    maxResponseBytes: 16 * 1024,
    ...overrides,
  };
}
