import { presetRange } from '@profilehub/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { DateRangePicker } from './DateRangePicker.tsx';

const today = '2026-05-20';
function renderPicker(onChange = vi.fn()) {
  render(
    <AppProviders env="test">
      <DateRangePicker value={{ start: null, end: today }} onChange={onChange} today={today} />
    </AppProviders>,
  );
  return onChange;
}

describe('DateRangePicker (spec §2 Date picker)', () => {
  it('on a phone opens as a full-screen dialog, and the slider announces months, not positions', async () => {
    renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Select Date Range' }));
    const dialog = screen.getByRole('dialog', { name: 'Select Date Range' });
    expect(dialog).toBeInTheDocument();
    const [first, last] = screen.getAllByRole('slider');
    expect(first).toHaveAttribute('aria-valuetext', 'Jun 2025');
    expect(last).toHaveAttribute('aria-valuetext', 'May 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Select Date Range' })).not.toBeInTheDocument();
  });

  it('offers every preset, the From/To calendars, Select and the month slider', async () => {
    renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Select Date Range' }));
    const presets = screen.getByRole('group', { name: 'Presets' });
    expect([...presets.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Lifetime',
      'This Month',
      'Last Month',
      'Last 3 Months',
      'Last 6 Months',
      'Last 12 Months',
      'This Year',
      'Last Year',
    ]);
    expect(screen.getByText('From')).toBeInTheDocument();
    expect(screen.getByText('To')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select' })).toBeInTheDocument();
    expect(screen.getByText('Slide to select date range')).toBeInTheDocument();
    expect(screen.getAllByRole('slider')).toHaveLength(2);
  });
  it('a preset applies its range at once', async () => {
    const onChange = renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Select Date Range' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last Month' }));
    expect(onChange).toHaveBeenCalledWith(presetRange('Last Month', today));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-04-01', end: '2026-04-30' });
  });
  it('From and To apply with Select', async () => {
    const onChange = renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Select Date Range' }));
    const [from] = screen.getAllByRole('button', { name: '4 May 2026' });
    await userEvent.click(from!);
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-05-04', end: '2026-05-20' });
  });
  it('the month slider moves a month a step', async () => {
    const onChange = renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Select Date Range' }));
    const [first] = screen.getAllByRole('slider');
    first!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith({ start: '2025-07-01', end: '2026-05-20' });
  });
});
