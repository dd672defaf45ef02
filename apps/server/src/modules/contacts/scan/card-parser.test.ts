import { describe, expect, it } from 'vitest';
import { parseCard } from './card-parser.ts';

describe('parseCard', () => {
  it('reads each field with the line it came from', () => {
    const fields = parseCard([
      { text: "Margaret O'Neill", height: 44 },
      { text: 'Head of Procurement', height: 20 },
      { text: 'Northwind Traders Ltd', height: 22 },
      { text: 'Tel +44 20 7946 0958', height: 17 },
      { text: 'margaret.oneill@northwind.co.uk', height: 17 },
      { text: 'www.northwind.co.uk', height: 17 },
    ]);
    expect(fields).toEqual({
      name: { value: "Margaret O'Neill", source: "Margaret O'Neill" },
      jobTitle: { value: 'Head of Procurement', source: 'Head of Procurement' },
      company: { value: 'Northwind Traders Ltd', source: 'Northwind Traders Ltd' },
      phones: [{ value: '+442079460958', source: 'Tel +44 20 7946 0958' }],
      emails: [{ value: 'margaret.oneill@northwind.co.uk', source: 'margaret.oneill@northwind.co.uk' }],
      links: [{ value: 'https://www.northwind.co.uk', source: 'www.northwind.co.uk' }],
    });
  });

  it("reads a number without its +code in the card's country, and leaves a fax out", () => {
    const fields = parseCard(['Daniel Kowalski', 'T: (415) 555-0132', 'Fax: (415) 555-0133', 'M. 650 555 0199'], 'US');
    expect(fields.phones.map((p) => p.value)).toEqual(['+14155550132', '+16505550199']);
    expect(parseCard(['(415) 555-0132']).phones).toEqual([]);
  });

  it('puts back digits the OCR read as letters in a number', () => {
    expect(parseCard(['Tel +44 2O 7946 O958']).phones[0]?.value).toBe('+442079460958');
  });

  it('splits two columns read as one line, and contact details joined by dots', () => {
    const fields = parseCard([
      { text: 'Sofia Marquez', height: 40 },
      { text: 'Solara Energy GmbH          W www.solara-energy.de', height: 20 },
      { text: 'Tel +49 30 901820 · s.marquez@solara-energy.de', height: 18 },
    ]);
    expect(fields.company?.value).toBe('Solara Energy GmbH');
    expect(fields.links[0]?.value).toBe('https://www.solara-energy.de');
    expect(fields.emails[0]?.value).toBe('s.marquez@solara-energy.de');
    expect(fields.phones[0]?.value).toBe('+4930901820');
  });

  it('joins an address or website the OCR split at a dot', () => {
    const fields = parseCard(['claire @ vernier.fr', 'www.vernier-associates. fr', 'greenleafpartners,com']);
    expect(fields.emails.map((e) => e.value)).toEqual(['claire@vernier.fr']);
    expect(fields.links.map((l) => l.value)).toEqual(['https://www.vernier-associates.fr', 'https://greenleafpartners.com']);
  });

  it("takes the email's spelling of a website one letter off it", () => {
    const fields = parseCard(['anna@fjordstudio.se', 'fiordstudio.se']);
    expect(fields.links).toEqual([{ value: 'https://fjordstudio.se', source: 'fiordstudio.se' }]);
  });

  it('tells a job title from a company name that shares a word, and finds a company by its domain', () => {
    const fields = parseCard([
      { text: 'CLOUD EXPO', height: 30 },
      { text: 'Kenji Watanabe', height: 64 },
      { text: 'Solutions Architect', height: 28 },
      { text: 'Nimbus Systems', height: 32 },
    ]);
    expect(fields.name?.value).toBe('Kenji Watanabe');
    expect(fields.jobTitle?.value).toBe('Solutions Architect');
    expect(fields.company?.value).toBe('Nimbus Systems');

    const byDomain = parseCard([{ text: 'Brightpath', height: 30 }, { text: 'Dan Kowalski', height: 40 }, 'dan@brightpath.io']);
    expect(byDomain.company?.value).toBe('Brightpath');
  });

  it('takes the largest name-shaped line for the name, writes capitals as a name, and strips a logo read as a bracket', () => {
    const fields = parseCard([
      { text: '(  Fjord Studio AB', height: 40 },
      { text: 'ANNA LINDQVIST', height: 40 },
      { text: 'Small Print Here', height: 12 },
    ]);
    expect(fields.name).toEqual({ value: 'Anna Lindqvist', source: 'ANNA LINDQVIST' });
    expect(fields.company?.value).toBe('Fjord Studio AB');
  });

  it('leaves out an address and finds nothing in noise', () => {
    const fields = parseCard(['12 Harbour Street, Leeds LS1 4AP', '~~ ;; ..']);
    expect(fields).toEqual({ name: null, jobTitle: null, company: null, phones: [], emails: [], links: [] });
  });
});
