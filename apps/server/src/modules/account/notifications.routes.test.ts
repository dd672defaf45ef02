import { ACCOUNT_MESSAGES, DEFAULT_NOTIFICATION_PREFS } from '@profilehub/shared';
import { describe, expect, it } from 'vitest';
import { createCompany, signedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const get = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/account/notifications', ...(headers ? { headers } : {}) });
const put = (headers: Record<string, string> | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/account/notifications', payload: payload as object, ...(headers ? { headers } : {}) });

async function member() {
  const company = await createCompany(t.app.deps.db);
  return signedInUser(t.app, { companyId: company.id });
}

describe('/api/account/notifications', () => {
  it('every choice is on until the person turns it off', async () => {
    const m = await member();
    const res = await get(m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it('saves the person’s own choices, and only theirs', async () => {
    const [a, b] = [await member(), await member()];
    const choices = { approvalRequests: false, approvalDecisions: true, leadMessages: false };
    const res = await put(a.headers, choices);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.notificationsSaved, prefs: choices });
    expect((await get(a.headers)).json()).toEqual(choices);
    expect((await get(b.headers)).json()).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it('refuses incomplete or mistyped choices with a message, and keeps what was saved', async () => {
    const m = await member();
    await put(m.headers, { approvalRequests: true, approvalDecisions: false, leadMessages: true });
    const cases: [unknown, string][] = [
      [{ approvalRequests: 'no', approvalDecisions: true, leadMessages: true }, 'Choose on or off for approval requests.'],
      [{ approvalRequests: true, leadMessages: true }, 'Choose on or off for approval decisions.'],
      [{ approvalRequests: true, approvalDecisions: true, leadMessages: 1 }, 'Choose on or off for messages from your profile page.'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(m.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const extra = await put(m.headers, { approvalRequests: true, approvalDecisions: true, leadMessages: true, userId: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await get(m.headers)).json()).toEqual({ approvalRequests: true, approvalDecisions: false, leadMessages: true });
  });

  it('answers 401 without a session', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, DEFAULT_NOTIFICATION_PREFS)).statusCode).toBe(401);
  });
});
