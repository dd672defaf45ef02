import { TextInput } from '@mantine/core';
import classes from './list.module.css';

type Props = { value: string; onChange: (value: string) => void; placeholder: string; 'aria-label'?: string };

/** An admin list's search field, the size of the filters beside it; the list waits for it to settle (useListControls' debounce). */
export function SearchBox({ value, onChange, placeholder, 'aria-label': ariaLabel }: Props) {
  return (
    <TextInput
      className={classes.search}
      label="Search"
      placeholder={placeholder}
      aria-label={ariaLabel}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      type="search"
      size="sm"
    />
  );
}
