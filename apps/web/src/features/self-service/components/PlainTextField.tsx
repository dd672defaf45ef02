import { Textarea } from '@mantine/core';
import type { RichTextProps } from './RichTextField.tsx';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const toPlain = (html: string | undefined) =>
  (html ?? '')
    .replace(/<\/p>\s*<p>/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Plain text for a rich-text value (the rte flag off): paragraphs in, paragraphs out. */
export function PlainTextField({ label, name, value, onChange, disabled, error }: RichTextProps) {
  return (
    <Textarea
      label={label}
      aria-label={name}
      autosize
      minRows={3}
      value={toPlain(value)}
      disabled={disabled}
      error={error}
      onChange={(e) => {
        const text = e.currentTarget.value;
        onChange(
          text.trim()
            ? text
                .split('\n')
                .map((line) => `<p>${escapeHtml(line)}</p>`)
                .join('')
            : '',
        );
      }}
    />
  );
}
