import { describe, expect, it } from 'vitest';
import { profileChanges } from './profile-changes.ts';

describe('profileChanges', () => {
  it('lists changed, added and removed fields with their old and new values', () => {
    expect(profileChanges({ jobTitle: 'A', firstName: 'Jo', emailAddress: 'a@b.test' }, { jobTitle: 'B', lastName: 'Doe', emailAddress: 'a@b.test' })).toEqual([
      { actionType: 'removed', fieldTitle: 'First name', oldValue: { value: 'Jo' }, newValue: null },
      { actionType: 'added', fieldTitle: 'Last name', oldValue: null, newValue: { value: 'Doe' } },
      { actionType: 'updated', fieldTitle: 'Job title', oldValue: { value: 'A' }, newValue: { value: 'B' } },
    ]);
  });

  it('compares images by what is shown, colours by their CSS, objects member by member', () => {
    const before = {
      profilePhoto: { url: '/a.jpg', id: 1 },
      logo: { url: '/logo.png', id: 1 },
      cssVariables: { 'background-color': { css: '#fff', color: '#fff' } },
      mainActionButton: { title: 'Call', url: 'https://a.test' },
    };
    const after = {
      profilePhoto: { url: '/b.jpg', id: 2 },
      logo: { url: '/logo.png', id: 2, og: '/orig.png' },
      cssVariables: { 'background-color': { css: '#000', color: '#000' } },
      mainActionButton: { title: 'Call me', url: 'https://a.test' },
    };
    expect(profileChanges(before, after)).toEqual([
      { actionType: 'updated', fieldTitle: 'Profile picture', oldValue: { url: '/a.jpg' }, newValue: { url: '/b.jpg' } },
      { actionType: 'updated', fieldTitle: 'Call to action: title', oldValue: { value: 'Call' }, newValue: { value: 'Call me' } },
      { actionType: 'updated', fieldTitle: 'Colour: background-color', oldValue: { value: '#fff' }, newValue: { value: '#000' } },
    ]);
  });

  it('diffs collections by item key: added, edited, removed and reordered', () => {
    const before = {
      links: [
        { key: 'a', title: 'Website', url: 'https://a.test' },
        { key: 'b', title: 'Shop', url: 'https://b.test' },
        { key: 'c', title: 'Old', url: 'https://c.test' },
      ],
      testimonials: [{ key: 't', review: 'Good', author: 'Sam', rating: 4 }],
    };
    const after = {
      links: [
        { key: 'b', title: 'Shop', url: 'https://b.test' },
        { key: 'a', title: 'Website', url: 'https://new.test' },
        { key: 'd', title: 'New', url: 'https://d.test' },
      ],
      testimonials: [{ key: 't', review: 'Great', author: 'Sam', rating: 5 }],
    };
    expect(profileChanges(before, after)).toEqual([
      {
        actionType: 'updated',
        fieldTitle: 'Button: Website',
        oldValue: { title: 'Website', url: 'https://a.test' },
        newValue: { title: 'Website', url: 'https://new.test' },
      },
      { actionType: 'added', fieldTitle: 'Button: New', oldValue: null, newValue: { title: 'New', url: 'https://d.test' } },
      { actionType: 'removed', fieldTitle: 'Button: Old', oldValue: { title: 'Old', url: 'https://c.test' }, newValue: null },
      { actionType: 'updated', fieldTitle: 'Button order', oldValue: { value: 'Website, Shop' }, newValue: { value: 'Shop, Website' } },
      {
        actionType: 'updated',
        fieldTitle: 'Testimonial: t',
        oldValue: { title: 't', review: 'Good', name: 'Sam' },
        newValue: { title: 't', review: 'Great', name: 'Sam' },
      },
    ]);
  });

  it('is empty when nothing visible changed, and treats empty values as absent', () => {
    expect(
      profileChanges({ links: [], jobTitle: 'A', variableChangeRecords: [{ key: 'x', action: 'added' }] }, { jobTitle: 'A', profileDisclaimer: '<p></p>' }),
    ).toEqual([]);
    expect(profileChanges(null, {})).toEqual([]);
  });

  it('shows the office address as one change, read as a line; an old one-line address equal to its parts is no change', () => {
    const old = { navigateToOffice: { title: '1 Long Street, Cape Town, South Africa' } };
    expect(profileChanges(old, { navigateToOffice: { street: '1 Long Street', city: 'Cape Town', country: 'South Africa' } })).toEqual([]);
    expect(profileChanges(old, { navigateToOffice: { street: '2 Long Street', city: 'Cape Town', postcode: '8001', country: 'South Africa' } })).toEqual([
      {
        actionType: 'updated',
        fieldTitle: 'Navigate to office',
        oldValue: { title: '1 Long Street, Cape Town, South Africa' },
        newValue: { title: '2 Long Street, Cape Town, 8001, South Africa' },
      },
    ]);
  });

  it('a removed field is its absence: the removal list itself is never listed as a change', () => {
    expect(profileChanges({ whatsappNumber: '+27 82 555 0100' }, { removedFields: ['whatsappNumber'] })).toEqual([
      { actionType: 'removed', fieldTitle: 'WhatsApp number', oldValue: { value: '+27 82 555 0100' }, newValue: null },
    ]);
  });
});
