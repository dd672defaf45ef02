import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { whiteLabelReply } from '../test/fixtures.ts';
import { renderAt } from '../test/render.tsx';

describe('white-label', () => {
  it('applies the custom CSS as text, never as markup, and names the hub', async () => {
    const css = '.ph-navbar { color: red; }</style><img src=x id="injected">';
    mockFetch({
      'GET /api/white-label': whiteLabelReply({
        whiteLabel: { title: 'Acme', brand_color: '#c2410c', css, logo: '/demo/acme-logo.svg' },
        supportHref: 'mailto:support@acme.example',
      }),
    });
    renderAt('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Acme hub' })).toBeInTheDocument();
    await waitFor(() => expect(document.head.querySelector('style[data-white-label]')?.textContent).toBe(css));
    expect(document.getElementById('injected')).toBeNull();
    // A route chunk's stylesheet arriving later goes before the company's CSS, which keeps the last word.
    const late = document.createElement('style');
    late.textContent = '.ph-navbar { color: blue; }';
    document.head.appendChild(late);
    await waitFor(() => expect(document.head.lastElementChild).toBe(document.head.querySelector('style[data-white-label]')));
    late.remove();
    expect(screen.getByRole('img', { name: 'Acme' })).toHaveAttribute('src', '/demo/acme-logo.svg');
    await waitFor(() => expect(document.title).toBe('Acme hub'));
  });
});
