import { createHash, createHmac } from 'node:crypto';
import { isbot } from 'isbot';

/** Link-preview fetchers and headless browsers that isbot does not name. */
const EXTRA_BOTS = /headless|lighthouse|preview|embedly|quora link|whatsapp|slackbot|telegrambot|discordbot|skypeuripreview/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent) || EXTRA_BOTS.test(userAgent);
}

const salts = new Map<string, Buffer>();

/**
 * A visitor id without cookies and without keeping the IP: a hash of IP and
 * user agent salted with a key that changes every day, so the same person is
 * one visitor within a day and cannot be followed across days.
 */
export function visitorHash(secret: string, ip: string, userAgent: string, day = new Date().toISOString().slice(0, 10)): string {
  const cacheKey = `${secret}\n${day}`;
  let salt = salts.get(cacheKey);
  if (!salt) {
    if (salts.size > 8) salts.clear();
    salt = createHmac('sha256', secret).update(`visitor:${day}`).digest();
    salts.set(cacheKey, salt);
  }
  return createHash('sha256').update(salt).update(ip).update('\n').update(userAgent).digest('base64url').slice(0, 22);
}
