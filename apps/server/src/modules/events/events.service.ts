import { createHash, createHmac } from 'node:crypto';
import type { TrackEvent } from '@profilehub/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Db } from '../../db/client.ts';
import { events, profiles } from '../../db/schema.ts';

/** Link-preview fetchers and headless browsers that isbot does not name. */
const EXTRA_BOTS = /headless|lighthouse|preview|embedly|quora link|whatsapp|slackbot|telegrambot|discordbot|skypeuripreview/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent) || EXTRA_BOTS.test(userAgent);
}

/**
 * A visitor id without cookies and without keeping the IP: a hash of IP and
 * user agent salted with a key that changes every day, so the same person is
 * one visitor within a day and cannot be followed across days.
 */
export function visitorHash(secret: string, ip: string, userAgent: string, day = new Date().toISOString().slice(0, 10)): string {
  const salt = createHmac('sha256', secret).update(`visitor:${day}`).digest();
  return createHash('sha256').update(salt).update(ip).update('\n').update(userAgent).digest('base64url').slice(0, 22);
}

/** Stores one interaction for a published profile; unknown or unpublished profiles are ignored. */
export async function recordEvent(db: Db, e: TrackEvent, visitor: string): Promise<boolean> {
  const [p] = await db
    .select({ companyId: profiles.companyId })
    .from(profiles)
    .where(and(eq(profiles.id, e.profileId), isNotNull(profiles.publishedAt)))
    .limit(1);
  if (!p) return false;
  await db.insert(events).values({
    companyId: p.companyId,
    profileId: e.profileId,
    action: e.action,
    type: e.type,
    label: e.label ?? null,
    value: e.value ?? null,
    visitorHash: visitor,
  });
  return true;
}
