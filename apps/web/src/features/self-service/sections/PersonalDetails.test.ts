import { describe, expect, it } from 'vitest';
import { requestEditsHref } from './PersonalDetails.tsx';

describe('Request edits', () => {
  it("writes to the division's supervisors, not to nobody", () => {
    const href = requestEditsHref(['sam@acme.example', 'ann+hub@acme.example'], 42);
    expect(href).toBe('mailto:sam%40acme.example,ann%2Bhub%40acme.example?subject=Edit%20request%20for%20profile%2042');
    expect(new URL(href).pathname).not.toBe('');
  });
});
