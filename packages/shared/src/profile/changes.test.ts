import { describe, expect, it } from 'vitest';
import { applyChanges, changedFields, mergeConcurrent } from './changes.ts';

describe('changedFields', () => {
  it('names only the fields that differ, and sends an emptied field as null', () => {
    const saved = { firstName: 'Jane', jobTitle: 'Sales', links: [{ key: 'a', title: 'A' }] };
    expect(changedFields(saved, { ...saved, jobTitle: 'Head of Sales' })).toEqual({ jobTitle: 'Head of Sales' });
    expect(changedFields(saved, { ...saved, jobTitle: '' })).toEqual({ jobTitle: null });
    expect(changedFields(saved, { ...saved, links: [{ key: 'a', title: 'B' }] })).toEqual({ links: [{ key: 'a', title: 'B' }] });
  });

  it('treats empty values as absent (spec §5), so typing and deleting a space is no change', () => {
    expect(changedFields({ firstName: 'Jane' }, { firstName: 'Jane', lastName: '' })).toEqual({});
    expect(changedFields({ profileDisclaimer: '<p></p>' }, {})).toEqual({});
    expect(changedFields({}, { links: [{ key: 'a', title: '', url: 'https://x.example' }] })).toEqual({ links: [{ key: 'a', url: 'https://x.example' }] });
  });

  it('never sends the change records the server computes', () => {
    expect(changedFields({ variableChangeRecords: [] }, { variableChangeRecords: [{ key: 'a', action: 'removed' }] })).toEqual({});
  });
});

describe('applyChanges', () => {
  it('lays changes over a document and removes nulls, without touching the input', () => {
    const base = { firstName: 'Jane', jobTitle: 'Sales' };
    expect(applyChanges(base, { jobTitle: null, lastName: 'Doe' })).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(base).toEqual({ firstName: 'Jane', jobTitle: 'Sales' });
  });
});

describe('mergeConcurrent', () => {
  it('keeps both sides’ edits to different fields', () => {
    const base = { firstName: 'Jane', jobTitle: 'Sales' };
    const mine = { ...base, firstName: 'Janet' };
    const theirs = { ...base, jobTitle: 'Head of Sales' };
    const { merged, conflicts, mineChanged } = mergeConcurrent(base, mine, theirs);
    expect(merged).toEqual({ firstName: 'Janet', jobTitle: 'Head of Sales' });
    expect(mineChanged).toEqual(['firstName']);
    expect(conflicts).toEqual([]);
  });

  it('names a field both sides changed differently, mine on top', () => {
    const base = { jobTitle: 'Sales' };
    const { merged, conflicts } = mergeConcurrent(base, { jobTitle: 'Mine' }, { jobTitle: 'Theirs' });
    expect(merged).toEqual({ jobTitle: 'Mine' });
    expect(conflicts).toEqual(['jobTitle']);
  });
});
