import { Alert, Badge, Button, Code, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ScimToken } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCreateDivisionScimToken } from '../api/create-division-scim-token.ts';
import { divisionScimTokensOptions } from '../api/get-division-scim-tokens.ts';
import { useRevokeDivisionScimToken } from '../api/revoke-division-scim-token.ts';
import { SecretOnce } from './SecretOnce.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function TokenRow({ token, onRevoke, revoking }: { token: ScimToken; onRevoke: () => void; revoking: boolean }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {token.name} <Code>…{token.hint}</Code>
        </Text>
        <Text size="xs" c="dimmed">
          Made {when(token.createdAt)} · last used {when(token.lastUsedAt)}
        </Text>
      </Stack>
      {token.revokedAt ? (
        <Badge color="gray" variant="light">
          Revoked
        </Badge>
      ) : (
        <Button type="button" size="xs" color="red" variant="light" onClick={onRevoke} loading={revoking} aria-label={`Revoke ${token.name} …${token.hint}`}>
          Revoke
        </Button>
      )}
    </Group>
  );
}

/**
 * SCIM provisioning (issue #28, docs/scim.md): the base URL the identity provider needs, the
 * division's tokens, a new token shown once, and revoking one. Sits inside the settings form, like the SSO card.
 */
export function ScimCard({ id }: { id: number }) {
  const query = useQuery(divisionScimTokensOptions(id));
  const create = useCreateDivisionScimToken(id);
  const revoke = useRevokeDivisionScimToken(id);
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const live = query.data?.tokens.filter((t) => !t.revokedAt).length ?? 0;

  const onCreate = () =>
    create.mutate(
      { id, name: name.trim() },
      {
        onSuccess: (made) => {
          setShown(made.token);
          setName('');
        },
      },
    );
  const onRevoke = (tokenId: number) =>
    revoke.mutate({ id, tokenId }, { onSuccess: () => toastSuccess('The token is revoked.'), onError: (err) => toastError(err) });
  // The card sits inside the settings form: Enter here makes the token, not the form's save.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onCreate();
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="scim-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="scim-title">
          SCIM provisioning
        </Title>
        {query.data ? (
          <Badge color={live ? 'green' : 'gray'} variant="light">
            {live ? `${live} token${live === 1 ? '' : 's'}` : 'Off'}
          </Badge>
        ) : null}
      </Group>
      {!query.data ? (
        query.isError ? (
          <Alert color="red">{messageOf(query.error)}</Alert>
        ) : (
          <Skeleton h={60} />
        )
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            The company’s identity provider (Entra ID, Okta) creates, updates and deactivates this division’s people, and picks each card’s template by group.
            Give it this base URL and a token:
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {query.data.baseUrl}
          </Code>
          {shown ? (
            <SecretOnce
              title="Copy the token now: it is not shown again"
              copyLabel="Copy token"
              secret={shown}
              testId="scim-token"
              onDone={() => setShown(null)}
            />
          ) : null}
          {query.data.tokens.map((t) => (
            <TokenRow key={t.id} token={t} onRevoke={() => onRevoke(t.id)} revoking={revoke.isPending && revoke.variables?.tokenId === t.id} />
          ))}
          <TextInput label="New token for" placeholder="Entra ID" value={name} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={onKey} />
          {create.isError ? <Alert color="red">{messageOf(create.error)}</Alert> : null}
          <Group gap="sm">
            <Button type="button" onClick={onCreate} loading={create.isPending} disabled={!name.trim()}>
              Make a token
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
