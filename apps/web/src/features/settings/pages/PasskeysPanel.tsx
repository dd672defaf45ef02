import { Alert, Button, Group, Loader, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { PASSKEY_MESSAGES, type Passkey } from '@profilehub/shared';
import { type FormEvent, useState } from 'react';
import { IconPasskey } from '../../../components/icons.tsx';
import { ApiError, messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { passkeysSupported } from '../../../lib/passkeys.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { usePasskeys } from '../api/get-passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';
import { useSetSecondFactor } from '../api/set-second-factor.ts';
import { BackToSettings } from './SettingsPages.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** The browser's prompt was closed or timed out (NotAllowedError): said calmly, not as a failure of the hub. */
function addProblem(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return PASSKEY_MESSAGES.cancelled;
  if (err instanceof Error && err.name === 'InvalidStateError') return PASSKEY_MESSAGES.alreadyRegistered;
  return PASSKEY_MESSAGES.registrationFailed;
}

/**
 * Settings → Passkeys: sign in with the device's screen lock instead of a password. Lists one's
 * passkeys with their dates, adds one (the browser's prompt), removes one after a confirmation,
 * and turns the second step after the password on or off.
 */
export function PasskeysPanel() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const setSecondFactor = useSetSecondFactor();
  const [supported] = useState(passkeysSupported);
  // While the choice is being saved, the switch shows what was asked for.
  const [asked, setAsked] = useState<boolean | null>(null);

  const addOne = () =>
    add.mutate(undefined, {
      onSuccess: () => toastSuccess(PASSKEY_MESSAGES.added),
      onError: (err) => toastError(addProblem(err)),
    });

  return (
    <Stack gap="lg">
      <Text size="sm">
        Passkeys sign you in with your device's fingerprint, face or screen lock instead of a password. They work only on this hub's address.
      </Text>
      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading your passkeys" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Your passkeys could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageOf(list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          {list.data.passkeys.length === 0 ? (
            <Text size="sm" c="dimmed">
              You have no passkeys yet.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" aria-label="Your passkeys" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.data.passkeys.map((p) => (
                <PasskeyItem key={p.id} passkey={p} />
              ))}
            </Stack>
          )}
          {supported ? (
            <Group>
              <Button leftSection={<IconPasskey size={18} />} onClick={addOne} loading={add.isPending}>
                Add a passkey
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              This browser cannot make passkeys.
            </Text>
          )}
          <Switch
            label="Require a second step after my password"
            description="Signing in with your password then also asks for a passkey or a code we email you. A passkey alone still signs you in."
            checked={asked ?? list.data.secondFactor !== null}
            disabled={setSecondFactor.isPending}
            onChange={(e) => {
              const required = e.currentTarget.checked;
              setAsked(required);
              setSecondFactor.mutate(required, {
                onSuccess: (res) => toastSuccess(res.message),
                onError: (err) => toastError(err),
                onSettled: () => setAsked(null),
              });
            }}
          />
        </>
      )}
      <BackToSettings />
    </Stack>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const remove = useRemovePasskey();
  const rename = useRenamePasskey();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [name, setName] = useState(passkey.name);

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          toastSuccess(PASSKEY_MESSAGES.renamed);
          setMode('view');
        },
        onError: (err) => toastError(err),
      },
    );
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={passkey.name}>
      {/* On a narrow screen the buttons go under the name rather than squeeze it. */}
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Text fw={600} truncate>
            {passkey.name}
          </Text>
          <Text size="xs" c="dimmed">
            Added {day(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : 'Not used yet'}
          </Text>
        </Stack>
        {mode === 'view' ? (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => {
                setName(passkey.name);
                setMode('rename');
              }}
            >
              Rename
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setMode('remove')}>
              Remove
            </Button>
          </Group>
        ) : null}
      </Group>
      {mode === 'rename' ? (
        <form onSubmit={saveName}>
          <Group gap="xs" mt="sm" align="flex-end">
            <TextInput
              label="Passkey name"
              size="xs"
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 140 }}
              data-autofocus
              autoFocus
            />
            <Button size="xs" type="submit" loading={rename.isPending} disabled={!name.trim()}>
              Save
            </Button>
            <Button size="xs" variant="default" onClick={() => setMode('view')} disabled={rename.isPending}>
              Cancel
            </Button>
          </Group>
        </form>
      ) : null}
      {mode === 'remove' ? (
        <Stack gap="xs" mt="sm" role="group" aria-label={`Remove ${passkey.name}?`}>
          <Text size="sm">Remove this passkey? It will no longer sign you in. Remove it from your device's password manager too.</Text>
          <Group gap="xs">
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(passkey.id, { onSuccess: (res) => toastSuccess(res.message), onError: (err) => toastError(err) })}
            >
              Remove passkey
            </Button>
            <Button size="xs" variant="default" onClick={() => setMode('view')} disabled={remove.isPending}>
              Keep it
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}
