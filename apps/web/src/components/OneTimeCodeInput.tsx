import { Text } from '@mantine/core';
import { censorEmail } from '@profilehub/shared';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import classes from './OneTimeCodeInput.module.css';

type Props = {
  /** Number of boxes; the spec's codes have 4 digits. */
  length?: number;
  /** Shown censored above the boxes, so the person knows where the code went. */
  email?: string;
  /** Every change, as the digits typed so far (gaps dropped). */
  onChange?: (code: string) => void;
  /** Called once all boxes hold a digit. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: string | null;
  label?: string;
};

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * One box per digit (spec §5): typing advances, Backspace on an empty box goes
 * back, pasting (or the phone's one-time-code autofill) fills every box.
 */
export function OneTimeCodeInput({ length = 4, email, onChange, onComplete, disabled, autoFocus, error, label = 'Verification code' }: Props) {
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length }, () => ''));
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const errorId = useId();
  const labelId = useId();

  const focus = (index: number) => {
    const input = refs.current[Math.max(0, Math.min(length - 1, index))];
    input?.focus();
    input?.select();
  };

  const commit = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (code.length === length && next.every((d) => d !== '')) onComplete?.(code);
  };

  /** Writes `text` starting at box `from`; a full-length code always starts at the first box. */
  const fill = (from: number, text: string) => {
    const incoming = onlyDigits(text).slice(0, length);
    if (!incoming) return;
    const start = incoming.length >= length ? 0 : from;
    const next = [...digits];
    let last = start;
    for (let i = 0; i < incoming.length && start + i < length; i++) {
      next[start + i] = incoming[i]!;
      last = start + i;
    }
    commit(next);
    focus(last + 1 < length ? last + 1 : last);
  };

  const handleChange = (index: number, value: string) => {
    if (value === '') {
      const next = [...digits];
      next[index] = '';
      commit(next);
      return;
    }
    // The box may hold the old digit plus the new one; keep what was just typed.
    const typed = onlyDigits(value);
    if (!typed) return;
    const text = typed.length === 2 && digits[index] && typed.startsWith(digits[index]!) ? typed.slice(1) : typed;
    fill(index, text);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      commit(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <div className={classes.root}>
      {email ? (
        <Text size="sm" c="dimmed" ta="center" id={labelId}>
          We sent a {length}-digit code to <strong className={classes.email}>{censorEmail(email)}</strong>
        </Text>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would add a border and legend we do not want */}
      <div className={classes.boxes} role="group" aria-label={label} aria-describedby={email ? labelId : undefined}>
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            className={classes.box}
            data-filled={digit !== '' || undefined}
            data-error={error ? true : undefined}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: the code screen exists only to take these digits
            autoFocus={autoFocus && index === 0}
            maxLength={length}
            value={digit}
            disabled={disabled}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => handleChange(index, event.currentTarget.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
          />
        ))}
      </div>
      {error ? (
        <Text size="sm" c="error" ta="center" id={errorId} role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
