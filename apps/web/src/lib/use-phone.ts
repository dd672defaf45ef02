import { useMediaQuery } from '@mantine/hooks';

/** A phone-wide screen (Mantine's `xs` breakpoint): where modals take the whole screen and tables become cards. */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}
