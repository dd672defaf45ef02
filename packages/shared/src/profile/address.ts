/**
 * The office address (spec §3 Address value, "navigate to office") in parts:
 * street, city, postcode, region and country, plus the maps link. Stored
 * addresses from before the parts existed hold one line in `title`; they are
 * read through {@link addressParts}, which splits that line once, the same way
 * for the schema, the page, the vCard and the approval diff (decision 018).
 * Pure, no zod.
 */

/** The parts, in the order the editor shows them and a one-line address reads. */
export const ADDRESS_PARTS = ['street', 'city', 'region', 'postcode', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** An address in parts (every part optional) with its maps link. */
export type AddressParts = { url?: string | undefined } & Partial<Record<AddressPart, string | undefined>>;

/** What the editor labels each part (spec §2 "address input"). */
export const ADDRESS_PART_LABELS: Readonly<Record<AddressPart, string>> = {
  street: 'Street address',
  city: 'City',
  region: 'Province / region',
  postcode: 'Postal code',
  country: 'Country',
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const clean = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A postcode on its own: digits (`8001`, `90210-1234`), British (`SW1A 1AA`), Canadian (`K1A 0B1`) or Dutch (`1012 AB`). */
const POSTCODE = /^(\d{3,6}(-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|\d{4} ?[A-Z]{2})$/i;
/** A city and a postcode in one part, either way round (`Cape Town 8001`, `10115 Berlin`). */
const CITY_THEN_CODE = /^(\D+?)\s+(\d{4,6})$/;
const CODE_THEN_CITY = /^(\d{4,6})\s+(\D+)$/;

/**
 * Splits an old one-line address (`1 Long Street, Cape Town, 8001, South Africa`)
 * into parts. The line is split at commas: the first part is the street; with
 * three or more parts the last is the country; a part that is a postcode (or a
 * city with its postcode) fills those; of what remains, the last is the city and
 * the others join the street. One part stays the street: nothing is guessed.
 */
export function splitAddressLine(line: string): AddressParts {
  const parts = line
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { street: parts[0] };
  const out: AddressParts = {};
  const rest = parts.slice(1);
  if (parts.length >= 3 && !/\d/.test(rest.at(-1) ?? '')) out.country = rest.pop();
  const middle: string[] = [];
  for (const part of rest) {
    const cityCode = CITY_THEN_CODE.exec(part);
    const codeCity = CODE_THEN_CITY.exec(part);
    if (!out.postcode && cityCode) {
      out.city = cityCode[1]!.trim();
      out.postcode = cityCode[2];
    } else if (!out.postcode && codeCity) {
      out.postcode = codeCity[1];
      out.city = codeCity[2]!.trim();
    } else if (!out.postcode && POSTCODE.test(part)) out.postcode = part;
    else middle.push(part);
  }
  if (!out.city && middle.length > 0) out.city = middle.pop();
  out.street = [parts[0], ...middle].join(', ');
  return out;
}

/**
 * The parts of a stored address value: the parts themselves, or — for a value
 * stored before they existed — its one-line `title` split by {@link splitAddressLine}.
 * Anything else gives `{}`. Never returns `title`.
 */
export function addressParts(value: unknown): AddressParts {
  if (!isObject(value)) return {};
  const out: AddressParts = {};
  const url = clean(value.url);
  if (url) out.url = url;
  const hasParts = ADDRESS_PARTS.some((part) => clean(value[part]));
  if (hasParts) {
    for (const part of ADDRESS_PARTS) {
      const v = clean(value[part]);
      if (v) out[part] = v;
    }
    return out;
  }
  const title = clean(value.title);
  return title ? { ...out, ...splitAddressLine(title) } : out;
}

/** The address on one line (`1 Long Street, Cape Town, Western Cape, 8001, South Africa`), or '' when it has no parts. */
export function formatAddress(value: unknown): string {
  const parts = addressParts(value);
  const cityLine = [parts.city, parts.region].filter(Boolean).join(', ');
  return [parts.street, cityLine, parts.postcode, parts.country].filter(Boolean).join(', ');
}

/**
 * Migrates a stored or sent address value to parts (the zod schema's preprocess):
 * an object with the old `title` and no parts gets the parts of its line and
 * loses `title`; everything else passes unchanged, so the schema still reports
 * its own problems (a bad maps link, an unknown key).
 */
export function migrateAddressValue(value: unknown): unknown {
  if (!isObject(value) || typeof value.title !== 'string') return value;
  const { title, ...rest } = value;
  return ADDRESS_PARTS.some((part) => clean(value[part])) ? rest : { ...rest, ...splitAddressLine(title) };
}
