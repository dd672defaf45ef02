import { Alert, Badge, Button, Checkbox, Code, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCreateDivisionApiKey } from '../api/create-division-api-key.ts';
import { divisionApiKeysOptions } from '../api/get-division-api-keys.ts';
import { useRevokeDivisionApiKey } from '../api/revoke-division-api-key.ts';
import { SecretOnce } from './SecretOnce.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {apiKey.name} <Code>{apiKey.prefix}…</Code>
        </Text>
        <Group gap={4}>
          {apiKey.scopes.map((s) => (
            <Badge key={s} size="xs" variant="light" color="blue" tt="none">
              {s}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Made by {apiKey.createdByEmail} {when(apiKey.createdAt)} · last used {when(apiKey.lastUsedAt)}
        </Text>
      </Stack>
      {apiKey.revokedAt ? (
        <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
          Revoked
        </Badge>
      ) : (
        <Button
          type="button"
          size="xs"
          color="red"
          variant="light"
          onClick={onRevoke}
          aria-label={`Revoke ${apiKey.name} ${apiKey.prefix}`}
          style={{ flexShrink: 0 }}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}

/**
 * The public REST API (issue #29, docs/api.md): the division's keys, a new key with its scopes
 * shown once, and revoking one after a confirmation. Sits inside the settings form, like the SCIM card.
 */
export function ApiKeysCard({ id }: { id: number }) {
  const query = useQuery(divisionApiKeysOptions(id));
  const create = useCreateDivisionApiKey(id);
  const revoke = useRevokeDivisionApiKey(id);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const live = query.data?.keys.filter((k) => !k.revokedAt).length ?? 0;

  const onCreate = () => {
    if (!name.trim() || !scopes.length) return;
    create.mutate(
      { id, name: name.trim(), scopes },
      {
        onSuccess: (made) => {
          setShown(made.key);
          setName('');
          setScopes([]);
        },
      },
    );
  };
  const onRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { id, keyId: revoking.id },
      {
        onSuccess: () => {
          setRevoking(null);
          toastSuccess(API_KEY_MESSAGES.revoked);
        },
        onError: (err) => toastError(err),
      },
    );
  };
  // The card sits inside the settings form: Enter here makes the key, not the form's save.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onCreate();
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="api-keys-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="api-keys-title">
          API keys
        </Title>
        {query.data ? (
          <Badge color={live ? 'green' : 'gray'} variant="light">
            {live ? `${live} key${live === 1 ? '' : 's'}` : 'None'}
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
            Another system (a CRM, an HR tool) calls this division’s hub API with a key, sent as <Code>Authorization: Bearer phk_…</Code>. A key does only what
            its scopes allow, in this division only.
          </Text>
          {shown ? (
            <SecretOnce title="Copy the key now: it is not shown again" copyLabel="Copy key" secret={shown} testId="api-key" onDone={() => setShown(null)} />
          ) : null}
          {query.data.keys.map((k) => (
            <KeyRow key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
          ))}
          <TextInput label="New key for" placeholder="CRM sync" value={name} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={onKey} />
          <Checkbox.Group label="Scopes" value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
            <Stack gap={6} mt={6}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={API_KEY_SCOPE_LABELS[s]} description={s} />
              ))}
            </Stack>
          </Checkbox.Group>
          {create.isError ? <Alert color="red">{messageOf(create.error)}</Alert> : null}
          <Group gap="sm">
            <Button type="button" onClick={onCreate} loading={create.isPending} disabled={!name.trim() || !scopes.length}>
              Make a key
            </Button>
          </Group>
        </Stack>
      )}
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this key?" centered>
        {revoking ? (
          <Stack>
            <Text size="sm">
              {revoking.name} (<Code>{revoking.prefix}…</Code>) stops working at once: every system that uses it is refused from its next call.
            </Text>
            <Group justify="flex-end">
              <Button type="button" variant="default" onClick={() => setRevoking(null)}>
                Cancel
              </Button>
              <Button type="button" color="red" onClick={onRevoke} loading={revoke.isPending}>
                Revoke key
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
