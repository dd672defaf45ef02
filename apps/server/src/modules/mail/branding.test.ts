import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCompany, createUser, lastMailTo } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { brandedMail, divisionBrand, productBrand } from './branding.ts';

const t = useTestApp();

/** A white-labelled division with its own hub host. */
async function whiteLabelled() {
  const domain = `hub.wl-${randomBytes(3).toString('hex')}.localhost`;
  const company = await createCompany(t.app.deps.db, {
    whiteLabel: { title: 'Initech', logo: '/brand/initech.svg', brand_color: '#7a1fa2', domain },
  });
  return { company, domain };
}

describe('mail in the name of the account’s hub (white-label)', () => {
  it('a white-labelled account gets its reset link on its own hub host, with its title, logo and colour', async () => {
    const { company, domain } = await whiteLabelled();
    const user = await createUser(t.app, { companyId: company.id });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await t.app.deps.background.idle();
    const mail = await lastMailTo(t.app.deps.db, user.email);
    expect(mail?.subject).toBe('Reset your Initech password');
    expect(mail?.text).toMatch(new RegExp(`http://${domain.replaceAll('.', '\\.')}/reset-password\\?code=[\\w-]{20,}`));
    expect(mail?.text).not.toContain('Profilehub');
    expect(mail?.html).toContain(`http://${domain}/brand/initech.svg`);
    expect(mail?.html).toContain('#7a1fa2');
  });

  it('codes say the division’s title; an account without a white-label gets the product', async () => {
    const { company } = await whiteLabelled();
    const branded = await createUser(t.app, { companyId: company.id });
    const plain = await createUser(t.app, { companyId: (await createCompany(t.app.deps.db)).id });
    for (const user of [branded, plain]) await t.app.inject({ method: 'POST', url: '/api/profiles/generate-login-otp', payload: { email: user.email } });
    expect((await lastMailTo(t.app.deps.db, branded.email))?.subject).toMatch(/^Your Initech code: \d{4}$/);
    const product = await lastMailTo(t.app.deps.db, plain.email);
    expect(product?.subject).toMatch(/^Your Profilehub code: \d{4}$/);
  });
});

describe('brandedMail', () => {
  it('escapes everything it puts in HTML and keeps a text part', () => {
    const brand = divisionBrand(
      { title: '<b>Evil</b> & Co', logo: 'https://cdn.example/l.png" onerror="x', brand_color: 'red;}' },
      null,
      'https://hub.example',
    );
    const mail = brandedMail(brand, {
      to: 'a@b.test',
      subject: 's',
      lines: ['<script>alert(1)</script>'],
      action: { label: 'Go', url: 'https://hub.example/x?a=1&b="2"' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Evil');
    expect(mail.html).not.toContain('" onerror="');
    // A colour that is not a plain hex value falls back to the product's.
    expect(mail.html).not.toContain('red;}');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('Go: https://hub.example/x?a=1&b="2"');
    expect(productBrand('http://localhost:3000/').hubUrl).toBe('http://localhost:3000');
  });
});
