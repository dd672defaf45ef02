import { createHash, createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** Link-preview fetchers and headless browsers that isbot does not name. */
const EXTRA_BOTS = /headless|lighthouse|preview|embedly|quora link|whatsapp|slackbot|telegrambot|discordbot|skypeuripreview/i;

/** isbot's pattern is long; visitors share a few hundred user agents, so answers are remembered. */
const botAnswers = new LRUCache<string, { bot: boolean }>({ max: 2000 });

export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  const known = botAnswers.get(userAgent);
  if (known) return known.bot;
  const bot = isbot(userAgent) || EXTRA_BOTS.test(userAgent);
  botAnswers.set(userAgent, { bot });
  return bot;
}

/** Today's salt (and yesterday's, for requests around midnight). */
const salts = new LRUCache<string, Buffer>({ max: 4 });

/**
 * A visitor id without cookies and without keeping the IP: a hash of the IP salted
 * with a key that changes every day, so the same person is one visitor within a day
 * and cannot be followed across days. The user agent is left out on purpose: one
 * address rotating made-up user agents would otherwise count as hundreds of visitors
 * (decision 008); people behind one office address count as one.
 */
export function visitorHash(secret: string, ip: string, day = new Date().toISOString().slice(0, 10)): string {
  const cacheKey = `${secret}\n${day}`;
  let salt = salts.get(cacheKey);
  if (!salt) {
    salt = createHmac('sha256', secret).update(`visitor:${day}`).digest();
    salts.set(cacheKey, salt);
  }
  return createHash('sha256').update(salt).update(ip).digest('base64url').slice(0, 22);
}
