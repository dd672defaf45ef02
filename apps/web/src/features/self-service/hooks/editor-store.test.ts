import { PROFILE_MESSAGES, type ProfileChanges, type SaveProfileResponse, type StaleProfileBody } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { saveReply } from '../../../test/fixtures.ts';
import { EditorStore } from './editor-store.ts';

type Sent = { version: number; changes: ProfileChanges };

/** A store over profile 7 at version 4 whose saves go to `answer` (by default: saved, version + 1). */
function storeOf(content: ConstructorParameters<typeof EditorStore>[0]['content'], answer?: (sent: Sent) => Promise<SaveProfileResponse>) {
  const sent: Sent[] = [];
  const errors: unknown[] = [];
  const store = new EditorStore({
    profileId: 7,
    version: 4,
    content,
    ownsConsent: true,
    onError: (e) => errors.push(e),
    save: async (_id, version, changes) => {
      sent.push({ version, changes });
      return answer ? answer({ version, changes }) : saveReply(version + 1).body;
    },
  });
  return { store, sent, errors };
}

const button = (key: string, url: string) => ({ key, title: key, url, contactType: 'url' as const, source: 'self' as const, enabled: true });

describe('EditorStore (spec §4 autosave)', () => {
  it('saves what changed with the version it holds, then the version the server answered', async () => {
    const { store, sent } = storeOf({ jobTitle: 'Designer' });
    store.set('jobTitle', 'Lead designer');
    expect(store.getStatus()).toBe('unsaved');
    expect(await store.flush()).toBe(true);
    store.set('firstName', 'Jane');
    expect(await store.flush()).toBe(true);
    expect(sent).toEqual([
      { version: 4, changes: { jobTitle: 'Lead designer' } },
      { version: 5, changes: { firstName: 'Jane' } },
    ]);
    expect(store.getStatus()).toBe('saved');
    expect(store.getVersion()).toBe(6);
  });

  it('a button without its address waits out of the save, named by the form; the job title beside it is saved', async () => {
    const { store, sent } = storeOf({ links: [button('site', 'https://acme.example')] });
    store.set('links', [button('site', 'https://acme.example'), button('shop', '')]);
    store.set('jobTitle', 'Engineer');
    expect(await store.flush()).toBe(false);
    expect(sent).toEqual([{ version: 4, changes: { jobTitle: 'Engineer' } }]);
    expect(store.getStatus()).toBe('invalid');
    expect(store.getFirstProblem()).toEqual({ path: 'links.1.url', text: `Button 2 URL: ${PROFILE_MESSAGES.linkRequired}` });
    store.set('links', [button('site', 'https://acme.example'), button('shop', 'https://shop.acme.example')]);
    expect(await store.flush()).toBe(true);
    expect(sent.at(-1)).toEqual({ version: 5, changes: { links: [button('site', 'https://acme.example'), button('shop', 'https://shop.acme.example')] } });
  });

  it('an edit made while a save is on its way is saved after it, not lost', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { store, sent } = storeOf({}, async ({ version }) => {
      if (version === 4) await held;
      return saveReply(version + 1).body;
    });
    store.set('jobTitle', 'First');
    const first = store.flush();
    store.set('jobTitle', 'Second');
    const second = store.flush();
    release();
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(sent).toEqual([
      { version: 4, changes: { jobTitle: 'First' } },
      { version: 5, changes: { jobTitle: 'Second' } },
    ]);
  });

  describe('when someone else saved first (409 with the newer version)', () => {
    const theirs: StaleProfileBody = {
      statusCode: 409,
      code: 'conflict',
      message: 'This profile was changed elsewhere.',
      errors: [{ message: 'This profile was changed elsewhere.' }],
      currentVersion: 9,
      content: { jobTitle: 'Their title', firstName: 'Janet' },
    };
    const stale = (sent: Sent) =>
      sent.version === 4 ? Promise.reject(new ApiError(409, theirs.message, theirs)) : Promise.resolve(saveReply(sent.version + 1).body);

    it('stops saving and names what both changed', async () => {
      const { store, sent } = storeOf({ jobTitle: 'Designer' }, stale);
      store.set('jobTitle', 'My title');
      expect(await store.flush()).toBe(false);
      expect(store.getStatus()).toBe('conflict');
      expect(store.getConflict()).toEqual(expect.objectContaining({ currentVersion: 9, conflicts: ['jobTitle'] }));
      store.set('lastName', 'Doe');
      expect(await store.flush()).toBe(false);
      expect(sent).toHaveLength(1);
    });

    it('"keep mine" saves my changes on top of their version; "take theirs" drops mine', async () => {
      const mine = storeOf({ jobTitle: 'Designer' }, stale);
      mine.store.set('jobTitle', 'My title');
      await mine.store.flush();
      expect(await mine.store.keepMine()).toBe(true);
      expect(mine.sent.at(-1)).toEqual({ version: 9, changes: { jobTitle: 'My title' } });
      expect(mine.store.getContent()).toEqual({ jobTitle: 'My title', firstName: 'Janet' });

      const yours = storeOf({ jobTitle: 'Designer' }, stale);
      yours.store.set('jobTitle', 'My title');
      await yours.store.flush();
      yours.store.takeTheirs();
      expect(yours.store.getContent()).toEqual(theirs.content);
      expect(yours.store.getStatus()).toBe('saved');
      expect(yours.store.getVersion()).toBe(9);
    });
  });

  it('a failed save says why, keeps the edit, and the next save sends it again', async () => {
    let fail = true;
    const { store, sent, errors } = storeOf({}, async ({ version }) => {
      if (fail) throw new ApiError(503, 'The database is not available right now. Please try again in a few seconds.');
      return saveReply(version + 1).body;
    });
    store.set('jobTitle', 'Engineer');
    expect(await store.flush()).toBe(false);
    expect(store.getStatus()).toBe('error');
    expect(store.getLastError()).toBe('The database is not available right now. Please try again in a few seconds.');
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await store.flush()).toBe(true);
    expect(sent.map((s) => s.changes)).toEqual([{ jobTitle: 'Engineer' }, { jobTitle: 'Engineer' }]);
  });
});
