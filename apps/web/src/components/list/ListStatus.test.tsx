import { ADMIN_MESSAGES, type TemplatesListResponse } from '@profilehub/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { ListStatus } from './ListStatus.tsx';
import { ResultsText } from './ResultsText.tsx';

const done = { isPending: false, isSuccess: true, isError: false, error: null, empty: true };

function renderIn(ui: ReactNode) {
  return render(<AppProviders env="test">{ui}</AppProviders>);
}

describe('An admin list with no rows', () => {
  it('searched or filtered: keeps the spec’s "No results found", says why and offers to clear the filters', async () => {
    const onClear = vi.fn();
    renderIn(<ListStatus {...done} filtered onClear={onClear} emptyHint="unused" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(ADMIN_MESSAGES.noResults);
    expect(status).toHaveTextContent('Nothing matches these filters.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('with nothing narrowing it: says what an empty list means, no button', () => {
    renderIn(<ListStatus {...done} filtered={false} onClear={() => {}} emptyHint="Nothing is waiting for approval." />);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing is waiting for approval.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no "0 to 0 of 0 results filtered" line; a page with rows keeps the spec’s text', () => {
    const empty: TemplatesListResponse = { data: [], page: 0, pageSize: 50, total: 0, all: 1 };
    const { container } = renderIn(<ResultsText page={empty} shown={0} filtered />);
    expect(container).not.toHaveTextContent('0 to 0 of 0 results');
    renderIn(<ResultsText page={{ page: 0, pageSize: 50, total: 3 }} shown={3} filtered />);
    expect(screen.getByText('1 to 3 of 3 results filtered')).toBeInTheDocument();
  });
});
