import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { SsoConfig } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { divisionSsoOptions } from '../api/get-division-sso.ts';
import { useRemoveDivisionSso } from '../api/remove-division-sso.ts';
import { useSetDivisionSso } from '../api/set-division-sso.ts';

type Draft = { issuer: string; clientId: string; clientSecret: string; domains: string; required: boolean; enabled: boolean };

const draftOf = (c: SsoConfig | null): Draft => ({
  issuer: c?.issuer ?? '',
  clientId: c?.clientId ?? '',
  clientSecret: '',
  domains: c?.allowedDomains.join(', ') ?? '',
  required: c?.required ?? false,
  enabled: c?.enabled ?? true,
});

/**
 * The division's company single sign-on (OpenID Connect, issue #28): its provider, our client
 * there, the email domains it signs in, and whether passwords and codes are refused for them.
 * Its own Save, apart from the settings form's; the secret is write-only.
 */
export function SsoCard({ id }: { id: number }) {
  const query = useQuery(divisionSsoOptions(id));
  const save = useSetDivisionSso(id);
  const remove = useRemoveDivisionSso(id);
  const config = query.data?.config ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(config));
  useEffect(() => setDraft(draftOf(config)), [config]);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const onSave = () =>
    save.mutate(
      {
        id,
        input: {
          issuer: draft.issuer.trim(),
          clientId: draft.clientId.trim(),
          ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
          allowedDomains: draft.domains
            .split(/[\s,;]+/)
            .map((d) => d.trim())
            .filter(Boolean),
          required: draft.required,
          enabled: draft.enabled,
        },
      },
      { onSuccess: () => toastSuccess('Single sign-on is saved.') },
    );
  const onRemove = () => remove.mutate(id, { onSuccess: () => toastSuccess('Single sign-on is removed.'), onError: (err) => toastError(err) });
  // The card sits inside the settings form: Enter here saves the card, not the form.
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    onSave();
  };
  const status = !config
    ? { label: 'Not set', color: 'gray' }
    : !config.enabled
      ? { label: 'Off', color: 'gray' }
      : config.required
        ? { label: 'Required', color: 'blue' }
        : { label: 'On', color: 'green' };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="sso-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="sso-title">
          Single sign-on
        </Title>
        {query.data ? (
          <Badge color={status.color} variant="light">
            {status.label}
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
            People with an email of these domains sign in through the company’s OpenID Connect provider. Register this redirect URI with the provider:
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {query.data.redirectUri}
          </Code>
          <TextInput
            label="Issuer URL"
            placeholder="https://login.example.com"
            value={draft.issuer}
            onChange={(e) => set({ issuer: e.currentTarget.value })}
            onKeyDown={onKey}
          />
          <TextInput label="Client ID" value={draft.clientId} onChange={(e) => set({ clientId: e.currentTarget.value })} onKeyDown={onKey} />
          <PasswordInput
            label="Client secret"
            description={config?.clientSecretSet ? 'A secret is set. Leave this empty to keep it.' : 'Stored encrypted; never shown again.'}
            placeholder={config?.clientSecretSet ? '••••••••' : undefined}
            autoComplete="new-password"
            value={draft.clientSecret}
            onChange={(e) => set({ clientSecret: e.currentTarget.value })}
            onKeyDown={onKey}
          />
          <TextInput
            label="Email domains"
            description="Separated by commas, such as example.com, example.org."
            value={draft.domains}
            onChange={(e) => set({ domains: e.currentTarget.value })}
            onKeyDown={onKey}
          />
          <Switch label="On" checked={draft.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
          <Switch
            label="SSO required"
            description="Passwords and emailed codes are refused for these domains."
            checked={draft.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
          />
          {save.isError ? <Alert color="red">{messageOf(save.error)}</Alert> : null}
          <Group gap="sm">
            <Button type="button" onClick={onSave} loading={save.isPending}>
              Save single sign-on
            </Button>
            {config ? (
              <Button type="button" color="red" variant="light" onClick={onRemove} loading={remove.isPending}>
                Remove
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
