import { Stack, Text } from '@mantine/core';
import { type AuditEntry, auditValueText } from '@profilehub/shared';

/** What an action changed, one field a line as "field: old → new"; its other details below, dimmed. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const details = Object.entries(entry.details);
  if (entry.changes.length === 0 && details.length === 0)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2} className="ph-audit-changes">
      {entry.changes.map((c) => (
        <Text key={c.field} size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="xs">
            {c.field}:
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            {auditValueText(c.before)}
          </Text>
          {' → '}
          <Text span size="xs">
            {auditValueText(c.after)}
          </Text>
        </Text>
      ))}
      {details.length ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {details.map(([k, v]) => `${k}: ${auditValueText(v)}`).join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
