/** The editor's date-time inputs: `<input type="datetime-local">` shows and takes the browser's local time; the content stores UTC. */

/** ISO (any offset) → `2025-03-01T14:30`, the input's value in local time; '' when empty or unreadable. */
export const toLocalInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The input's local value → ISO in UTC (`2025-03-01T12:30:00.000Z`); undefined when cleared. */
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** The browser's time zone as a person reads it: `Europe/Berlin (UTC+01:00)`. */
export function localZoneName(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  const minutes = -at.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${zone} (${offset})`;
}
