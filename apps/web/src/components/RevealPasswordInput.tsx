import { TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './RevealPasswordInput.module.css';

type Props = Omit<TextInputProps, 'type' | 'rightSection' | 'onChange'> & {
  onValueChange: (value: string) => void;
  /** Spaces can be neither typed nor pasted (spec §5, Password page). */
  blockSpaces?: boolean;
};

/** A password field with a SHOW / HIDE text toggle. */
export function RevealPasswordInput({ onValueChange, blockSpaces, onKeyDown, ...rest }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...rest}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      rightSectionWidth={64}
      rightSection={
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? 'HIDE' : 'SHOW'}
        </UnstyledButton>
      }
      onKeyDown={(event) => {
        if (blockSpaces && event.key === ' ') event.preventDefault();
        onKeyDown?.(event);
      }}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onValueChange(blockSpaces ? value.replace(/\s/g, '') : value);
      }}
    />
  );
}
