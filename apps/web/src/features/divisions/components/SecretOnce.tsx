import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';

/** A secret the server gives once (a SCIM token, a webhook's signing secret): shown with a copy button until Done. */
export function SecretOnce({
  title,
  copyLabel,
  secret,
  testId,
  onDone,
}: {
  title: string;
  copyLabel: string;
  secret: string;
  testId: string;
  onDone: () => void;
}) {
  return (
    <Alert color="yellow" title={title}>
      <Stack gap="xs">
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button type="button" size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button type="button" size="xs" variant="subtle" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
