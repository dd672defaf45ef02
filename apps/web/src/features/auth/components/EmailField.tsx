import { TextInput } from '@mantine/core';

type Props = {
  value: string;
  /** Called with the typed text; the field's error is cleared as soon as the person types. */
  onChange: (value: string) => void;
  error: string | null;
  onClearError: () => void;
  /**
   * `username` where the address signs in (password managers pair it), `email` where it registers;
   * `username webauthn` on the sign-in page, whose autofill also offers the hub's passkeys.
   */
  autoComplete?: 'username' | 'username webauthn' | 'email';
};

/** The email address field of the account screens: one look, one behaviour, on every view. */
export function EmailField({ value, onChange, error, onClearError, autoComplete = 'username' }: Props) {
  return (
    <TextInput
      label="Email address"
      placeholder="you@company.com"
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="off"
      spellCheck={false}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
        if (error) onClearError();
      }}
      error={error}
      data-autofocus
      autoFocus
    />
  );
}
