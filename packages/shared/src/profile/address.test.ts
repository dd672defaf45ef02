import { describe, expect, it } from 'vitest';
import { addressParts, formatAddress, splitAddressLine } from './address.ts';
import { AddressValueSchema, ProfileContentOverridesSchema } from './content.ts';

describe('splitAddressLine — an address stored as one line before the parts existed', () => {
  it.each([
    ['1 Long Street', { street: '1 Long Street' }],
    ['1 Long Street, Cape Town', { street: '1 Long Street', city: 'Cape Town' }],
    ['1 Long Street, Cape Town, South Africa', { street: '1 Long Street', city: 'Cape Town', country: 'South Africa' }],
    ['1 Long Street, Cape Town, 8001, South Africa', { street: '1 Long Street', city: 'Cape Town', postcode: '8001', country: 'South Africa' }],
    ['1 Long Street, Cape Town 8001, South Africa', { street: '1 Long Street', city: 'Cape Town', postcode: '8001', country: 'South Africa' }],
    ['Unter den Linden 1, 10117 Berlin, Germany', { street: 'Unter den Linden 1', city: 'Berlin', postcode: '10117', country: 'Germany' }],
    ['Unit 4, 12 Loop St, Gardens, Cape Town, 8001', { street: 'Unit 4, 12 Loop St, Gardens', city: 'Cape Town', postcode: '8001' }],
    ['10 Downing Street, London, SW1A 2AA, United Kingdom', { street: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'United Kingdom' }],
  ])('%s', (line, parts) => {
    expect(splitAddressLine(line)).toEqual(parts);
  });
});

describe('AddressValueSchema', () => {
  it('reads an old one-line address as parts and keeps its maps link', () => {
    expect(AddressValueSchema.parse({ url: 'https://maps.app.goo.gl/abc', title: '1 Long Street, Cape Town, South Africa' })).toEqual({
      url: 'https://maps.app.goo.gl/abc',
      street: '1 Long Street',
      city: 'Cape Town',
      country: 'South Africa',
    });
    expect(ProfileContentOverridesSchema.parse({ navigateToOffice: { title: '1 Long Street' } }).navigateToOffice).toEqual({ street: '1 Long Street' });
  });

  it('keeps parts as given and refuses unknown members', () => {
    const parts = { street: '1 Long Street', city: 'Cape Town', region: 'Western Cape', postcode: '8001', country: 'South Africa' };
    expect(AddressValueSchema.parse(parts)).toEqual(parts);
    expect(AddressValueSchema.safeParse({ ...parts, floor: '3' }).success).toBe(false);
  });
});

describe('formatAddress', () => {
  it('puts the parts on one line in reading order, and reads old one-line values the same way', () => {
    expect(formatAddress({ country: 'South Africa', street: '1 Long Street', postcode: '8001', city: 'Cape Town', region: 'Western Cape' })).toBe(
      '1 Long Street, Cape Town, Western Cape, 8001, South Africa',
    );
    expect(formatAddress({ title: '1 Long Street, Cape Town, South Africa' })).toBe('1 Long Street, Cape Town, South Africa');
    expect(formatAddress(undefined)).toBe('');
    expect(addressParts({ title: 42 })).toEqual({});
  });
});
