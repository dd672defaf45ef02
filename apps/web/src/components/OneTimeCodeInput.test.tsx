import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OneTimeCodeInput } from './OneTimeCodeInput.tsx';

function setup(props: Partial<Parameters<typeof OneTimeCodeInput>[0]> = {}) {
  const onComplete = vi.fn();
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <OneTimeCodeInput onComplete={onComplete} onChange={onChange} {...props} />
    </MantineProvider>,
  );
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
  return { boxes, onComplete, onChange };
}

describe('OneTimeCodeInput', () => {
  it('renders four numeric one-time-code boxes', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(4);
    for (const box of boxes) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('fills every box from a pasted code and completes', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => ' 12-34 ' } });
    expect(boxes.map((b) => b.value)).toEqual(['1', '2', '3', '4']);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('fills from the first box when a whole code is pasted into a later one', () => {
    const { boxes, onComplete } = setup();
    fireEvent.paste(boxes[2]!, { clipboardData: { getData: () => '9876' } });
    expect(boxes.map((b) => b.value)).toEqual(['9', '8', '7', '6']);
    expect(onComplete).toHaveBeenCalledWith('9876');
  });

  it('advances focus as digits are typed and ignores letters', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('5');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('x');
    expect(boxes[1]!.value).toBe('');
    expect(boxes[1]).toHaveFocus();
    await user.keyboard('678');
    expect(boxes.map((b) => b.value)).toEqual(['5', '6', '7', '8']);
    expect(onComplete).toHaveBeenCalledWith('5678');
  });

  it('goes back and clears the previous digit on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    const { boxes, onComplete } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('12');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
    expect(boxes[1]!.value).toBe('');
    expect(boxes[0]!.value).toBe('1');
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('shows the email censored', () => {
    setup({ email: 'jane.doe@example.com' });
    expect(screen.getByText('ja******@ex*****.com')).toBeInTheDocument();
    expect(screen.queryByText(/jane\.doe@example\.com/)).not.toBeInTheDocument();
  });
});
