import { publishedContent } from '@profilehub/shared';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { RICH_PROFILE } from '../../shared/src/profile/test-fixtures.ts';
import { escapeVcardText, foldLine, vcard } from './vcard.ts';

const octets = (s: string) => new TextEncoder().encode(s).length;
/** RFC 2425 unfolding: CRLF followed by one space or tab is removed. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');
const PHOTO = Buffer.from(new Uint8Array(600).map((_, i) => (i * 37) % 256)).toString('base64');

describe('vcard', () => {
  const card = vcard(RICH_PROFILE, {
    url: 'https://acme.profilehub.test/jane-doe',
    organization: 'Acme; Financial, Ltd',
    photoBase64: PHOTO,
    photoMime: 'image/jpeg',
  });
  const lines = unfold(card).split('\r\n');

  it('is a vCard 3.0 with CRLF line endings', () => {
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has every contact of the profile', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        'N:Doe;Jane;;;',
        'FN:Jane Doe',
        'ORG:Acme\\; Financial\\, Ltd',
        'TITLE:Head of Sales',
        'TEL;TYPE=CELL,VOICE:+27 82 555 0101',
        'item1.TEL;TYPE=CELL:+27825550101',
        'item1.X-ABLabel:WhatsApp',
        'TEL;TYPE=WORK,VOICE:(021) 555-0100',
        'EMAIL;TYPE=INTERNET,WORK:jane@acme.test',
        'ADR;TYPE=WORK:;;1 Main Road;Cape Town;Western Cape;8001;South Africa',
        'URL:https://acme.profilehub.test/jane-doe',
        'item2.URL:https://facebook.com/acme',
        'item2.X-ABLabel:Facebook',
        'item3.URL:https://x.com/acme',
        'item3.X-ABLabel:X',
        `PHOTO;ENCODING=b;TYPE=JPEG:${PHOTO}`,
      ]),
    );
  });

  it('folds every line at 75 octets, never inside a character, and unfolds to the original', () => {
    for (const line of card.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const long = `NOTE:${'é—😀a'.repeat(40)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(unfold(folded)).toBe(long);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('escapes backslashes, commas, semicolons and newlines in text', () => {
    expect(escapeVcardText('a\\b,c;d\ne\r\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
    const tricky = vcard({ firstName: 'Jo;hn', lastName: 'Do,e', jobTitle: 'Boss\nEND:VCARD\nBEGIN:VCARD' }, { url: 'https://x.example/a' });
    const t = unfold(tricky).split('\r\n');
    expect(t).toContain('N:Do\\,e;Jo\\;hn;;;');
    expect(t).toContain('TITLE:Boss\\nEND:VCARD\\nBEGIN:VCARD');
    expect(t.filter((l) => l === 'BEGIN:VCARD')).toHaveLength(1);
  });

  it('leaves out invalid values and unsafe links', () => {
    const c = vcard(
      {
        fullName: 'Sam Lee',
        mainContactNumber: 'call me',
        emailAddress: 'not-an-email',
        socialLinks: [
          { key: 'facebook', url: 'javascript:alert(1)' },
          { key: 'instagram', url: 'instagram.com/sam' },
        ],
      },
      { url: 'javascript:alert(1)', photoBase64: 'not base64!' },
    );
    const t = unfold(c).split('\r\n');
    expect(t).toContain('N:Lee;Sam;;;');
    expect(t).toContain('item1.URL:https://instagram.com/sam');
    expect(c).not.toMatch(/TEL|EMAIL|javascript|PHOTO|^URL/m);
  });

  it('names the photo type from its MIME type', () => {
    expect(vcard({ fullName: 'A' }, { url: 'https://x.example', photoBase64: 'AAAA', photoMime: 'image/png' })).toContain('PHOTO;ENCODING=b;TYPE=PNG:AAAA');
  });
});

/** A vCard read back by a third-party parser (ical.js, which reads vCard 3.0 and 4.0), as a contacts app would. */
function readCard(card: string) {
  const component = new ICAL.Component(ICAL.parse(card));
  const adr = component.getFirstProperty('adr')?.getFirstValue() as string[] | undefined;
  const [box, extended, street, city, region, postcode, country] = adr ?? [];
  return {
    address: adr ? { box, extended, street, city, region, postcode, country } : undefined,
    phones: component.getAllProperties('tel').map((p) => String(p.getFirstValue())),
    labels: component.getAllProperties('x-ablabel').map((p) => String(p.getFirstValue())),
  };
}

describe('vcard read back by a vCard parser (ical.js)', () => {
  const url = 'https://acme.profilehub.test/jane-doe';

  it('puts street, city, region, postcode and country in their ADR components, with commas and semicolons kept', () => {
    const navigateToOffice = { street: '12 Loop St; Unit 4, Block B', city: 'Cape Town', region: 'Western Cape', postcode: '8001', country: 'South Africa' };
    expect(readCard(vcard({ fullName: 'Jane Doe', navigateToOffice }, { url })).address).toEqual({ box: '', extended: '', ...navigateToOffice });
  });

  it('splits an address stored as one line before the parts existed into its components', () => {
    const card = vcard({ fullName: 'Jane Doe', navigateToOffice: { title: '1 Long Street, Cape Town 8001, South Africa' } as never }, { url });
    expect(readCard(card).address).toEqual({
      box: '',
      extended: '',
      street: '1 Long Street',
      city: 'Cape Town',
      region: '',
      postcode: '8001',
      country: 'South Africa',
    });
  });

  it('leaves out a WhatsApp number the person removed although the template has one; keeps the inherited main number', () => {
    const template = { fullName: 'Acme', mainContactNumber: '+27 21 555 0100', whatsappNumber: '+27 82 555 0100' };
    const permissions = [{ key: 'whatsappNumber', optional: true }];
    const kept = readCard(vcard(publishedContent(template, { fullName: 'Jane Doe' }, permissions), { url }));
    expect(kept.phones).toEqual(['+27 21 555 0100', '+27 82 555 0100']);
    expect(kept.labels).toContain('WhatsApp');
    const removed = readCard(vcard(publishedContent(template, { fullName: 'Jane Doe', removedFields: ['whatsappNumber'] }, permissions), { url }));
    expect(removed.phones).toEqual(['+27 21 555 0100']);
    expect(removed.labels).not.toContain('WhatsApp');
  });
});
