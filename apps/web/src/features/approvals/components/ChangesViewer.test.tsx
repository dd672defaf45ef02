import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { ChangesViewer } from './ChangesViewer.tsx';

const show = (changes: Parameters<typeof ChangesViewer>[0]['changes']) =>
  render(
    <AppProviders env="test">
      <ChangesViewer title="Updates by Jane Doe" changes={changes} onClose={() => {}} />
    </AppProviders>,
  );

describe('ChangesViewer (spec §2 profile changes viewer)', () => {
  it('renders rich text as it will look, through the page sanitiser, and images as images', () => {
    show([
      {
        actionType: 'updated',
        fieldTitle: 'Footer disclaimer',
        oldValue: { value: '<p>Old <em>terms</em></p>' },
        newValue: { value: '<p>New <strong>terms</strong><script>alert(1)</script><img src="x" onerror="alert(2)"></p><a href="javascript:alert(3)">link</a>' },
      },
      { actionType: 'added', fieldTitle: 'Profile picture', oldValue: null, newValue: { url: '/uploads/jane.png' } },
      { actionType: 'updated', fieldTitle: 'Custom CSS', oldValue: { value: 'a > b { color: red }' }, newValue: { value: 'a{}' } },
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Updates by Jane Doe' });
    const disclaimer = within(dialog).getByRole('row', { name: /Footer disclaimer/ });
    const [, oldCell, newCell] = within(disclaimer).getAllByRole('cell');
    expect(within(oldCell!).getByText('terms').tagName).toBe('EM');
    expect(within(newCell!).getByText('terms').tagName).toBe('STRONG');
    const rich = within(newCell!).getByTestId('rich-text');
    expect(rich.innerHTML).not.toMatch(/script|onerror|javascript/i);
    expect(rich.querySelector('a')?.getAttribute('href')).toBeNull();
    // No markup: plain text, never parsed as HTML.
    expect(within(dialog).getByText('a > b { color: red }').tagName).toBe('P');
    expect(
      within(dialog)
        .getByRole('row', { name: /Profile picture/ })
        .querySelector('img'),
    ).toHaveAttribute('src', '/uploads/jane.png');
  });

  it('on a phone shows each change as a card, old value above new, on the whole screen', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === '(max-width: 36em)' })) as typeof window.matchMedia;
    try {
      show([{ actionType: 'updated', fieldTitle: 'Job title', oldValue: { value: 'Account Manager' }, newValue: { value: 'Senior Account Manager' } }]);
      const dialog = screen.getByRole('dialog', { name: 'Updates by Jane Doe' });
      expect(within(dialog).queryByRole('table')).toBeNull();
      const card = within(dialog).getByRole('region', { name: 'Job title' });
      const text = card.textContent ?? '';
      expect(text.indexOf('Old value')).toBeLessThan(text.indexOf('Account Manager'));
      expect(text.indexOf('Account Manager')).toBeLessThan(text.indexOf('New value'));
      expect(text.indexOf('New value')).toBeLessThan(text.indexOf('Senior Account Manager'));
    } finally {
      window.matchMedia = original;
    }
  });

  it('says so when nothing changed', () => {
    show([]);
    expect(screen.getByText('No changes against the published page.')).toBeInTheDocument();
  });
});
