import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { queryClient } from '../../lib/queries.ts';
import { type MockCall, mockFetch } from '../../test/fetch-mock.ts';
import { divisionsReply } from '../../test/fixtures.ts';
import { testDivision } from '../../test/render.tsx';
import { DivisionFilter } from './DivisionFilter.tsx';

const division = (id: number, title: string) => testDivision(id, title);
const ALL = [division(1, 'Acme'), division(2, 'Beta'), division(3, 'Gamma')];

function Harness({ onChange }: { onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <DivisionFilter
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

function renderFilter(divisions: typeof ALL) {
  queryClient.clear();
  sessionStorage.setItem('jwt', 'token');
  const calls = mockFetch({
    'GET /api/users/divisions': (call: MockCall) => {
      const filter = (call.query.get('filter') ?? '').toLowerCase();
      return divisionsReply(divisions.filter((d) => d.title.toLowerCase().includes(filter)));
    },
  });
  const picked: number[][] = [];
  render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <Harness onChange={(ids) => picked.push(ids)} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { calls, picked };
}

describe('DivisionFilter (spec §2, §6)', () => {
  it('is shown to a supervisor with a single division', async () => {
    renderFilter([division(1, 'Acme')]);
    await userEvent.click(await screen.findByLabelText('Division', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Acme' })).toBeInTheDocument();
  });

  it('asks the server for what is typed and keeps a chosen division named after the search changes', async () => {
    const { calls, picked } = renderFilter(ALL);
    const input = await screen.findByLabelText('Division', { selector: 'input' });
    await userEvent.type(input, 'gam');
    await waitFor(() => expect(calls.some((c) => c.query.get('filter') === 'gam')).toBe(true));
    await userEvent.click(await screen.findByRole('option', { name: 'Gamma' }));
    expect(picked.at(-1)).toEqual([3]);
    await userEvent.type(input, 'bet');
    await waitFor(() => expect(calls.some((c) => c.query.get('filter') === 'bet')).toBe(true));
    // The pill of the chosen division still carries its name, though the server no longer lists it.
    expect(screen.getByText('Gamma')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Beta' }));
    expect(picked.at(-1)).toEqual([3, 2]);
  });
});
