import { formatExpiry } from '@profilehub/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { toLocalInput } from './local-time.ts';
import { ScheduleBadge, ScheduleFields } from './Schedule.tsx';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function badge(item: Parameters<typeof ScheduleBadge>[0]['item']) {
  return render(
    <AppProviders env="test">
      <ScheduleBadge item={item} now={NOW} />
    </AppProviders>,
  );
}

describe('ScheduleBadge (issue #30: buttons that keep time)', () => {
  it('says nothing for an item always shown, "Hidden" for one switched off', () => {
    const { unmount } = badge({ enabled: true });
    expect(screen.queryByText(/Hidden|Scheduled|Ended/)).not.toBeInTheDocument();
    unmount();
    badge({ enabled: false, showFrom: at(HOUR) });
    expect(screen.getByText('Hidden')).toBeInTheDocument();
  });

  it('names the window of an item shown later, and of one shown now until a time', () => {
    const { unmount } = badge({ enabled: true, showFrom: at(HOUR), showUntil: at(2 * HOUR) });
    expect(screen.getByText(`Scheduled: from ${formatExpiry(at(HOUR))} until ${formatExpiry(at(2 * HOUR))}`)).toBeInTheDocument();
    unmount();
    badge({ enabled: true, showUntil: at(HOUR) });
    expect(screen.getByText(`Scheduled: until ${formatExpiry(at(HOUR))}`)).toBeInTheDocument();
  });

  it('says "Ended" once the window closed, and since when on hover', async () => {
    badge({ enabled: true, showFrom: at(-2 * HOUR), showUntil: at(-HOUR) });
    await userEvent.hover(screen.getByText('Ended'));
    expect(await screen.findByText(`Not shown since ${formatExpiry(at(-HOUR))}`)).toBeInTheDocument();
  });
});

describe('ScheduleFields', () => {
  function Harness({ disabled = false, initial = {} }: { disabled?: boolean; initial?: { showFrom?: string; showUntil?: string } }) {
    const [item, setItem] = useState<{ showFrom?: string | undefined; showUntil?: string | undefined }>(initial);
    return (
      <AppProviders env="test">
        <ScheduleFields
          item={item}
          name="Website"
          disabled={disabled}
          errors={{ showUntil: 'Show until must be after show from' }}
          onChange={(patch) => setItem({ ...item, ...patch })}
        />
        <output data-testid="stored">{JSON.stringify(item)}</output>
      </AppProviders>
    );
  }

  it('shows stored UTC times in local time, stores what is typed as UTC, and an emptied field as no bound', () => {
    render(<Harness initial={{ showFrom: at(HOUR) }} />);
    const from = screen.getByLabelText('Website show from');
    expect(from).toHaveValue(toLocalInput(at(HOUR)));
    fireEvent.change(screen.getByLabelText('Website show until'), { target: { value: '2026-07-01T09:30' } });
    expect(JSON.parse(screen.getByTestId('stored').textContent ?? '{}')).toEqual({
      showFrom: at(HOUR),
      showUntil: new Date('2026-07-01T09:30').toISOString(),
    });
    fireEvent.change(from, { target: { value: '' } });
    expect(JSON.parse(screen.getByTestId('stored').textContent ?? '{}')).toEqual({ showUntil: new Date('2026-07-01T09:30').toISOString() });
  });

  it('names the browser’s time zone, shows a field’s error, and locks both fields when the item is locked', () => {
    render(<Harness disabled />);
    expect(screen.getByText(/^Times are in your time zone, .+ \(UTC[+-]\d\d:\d\d\)\./)).toBeInTheDocument();
    expect(screen.getByText('Show until must be after show from')).toBeInTheDocument();
    expect(screen.getByLabelText('Website show from')).toBeDisabled();
    expect(screen.getByLabelText('Website show until')).toBeDisabled();
  });
});
