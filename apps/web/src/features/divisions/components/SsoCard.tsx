import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { SsoConfig, SsoProtocol } from '@profilehub/shared';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { IconCheck, IconCopy } from '../../../components/dashboard-icons.tsx';
import { messageOf } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { divisionSsoOptions } from '../api/get-division-sso.ts';
import { useRemoveDivisionSso } from '../api/remove-division-sso.ts';
import { useSetDivisionSso } from '../api/set-division-sso.ts';

type Draft = {
  protocol: SsoProtocol;
  issuer: string;
  clientId: string;
  clientSecret: string;
  metadataUrl: string;
  metadataXml: string;
  domains: string;
  required: boolean;
  enabled: boolean;
};

const draftOf = (c: SsoConfig | null): Draft => ({
  protocol: c?.protocol ?? 'oidc',
  metadataUrl: c?.saml?.metadataUrl ?? '',
  metadataXml: '',
  issuer: c?.issuer ?? '',
  clientId: c?.clientId ?? '',
  clientSecret: '',
  domains: c?.allowedDomains.join(', ') ?? '',
  required: c?.required ?? false,
  enabled: c?.enabled ?? true,
});

/** A value to give the identity provider, with a copy button. */
function SpValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1 }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
              <ActionIcon type="button" variant="subtle" aria-label={`Copy ${label.toLowerCase()}`} onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The division's company single sign-on (issue #28), by OpenID Connect or SAML 2.0: the provider
 * (issuer and our client there, or the IdP's metadata), the email domains it signs in, and whether
 * passwords and codes are refused for them. Its own Save, apart from the settings form's; the
 * OpenID secret is write-only. For SAML it shows what to give the IdP.
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
          protocol: draft.protocol,
          ...(draft.protocol === 'saml'
            ? draft.metadataXml.trim()
              ? { samlMetadataXml: draft.metadataXml }
              : draft.metadataUrl.trim()
                ? { samlMetadataUrl: draft.metadataUrl.trim() }
                : {}
            : {
                issuer: draft.issuer.trim(),
                clientId: draft.clientId.trim(),
                ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
              }),
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
          <SegmentedControl
            aria-label="Protocol"
            value={draft.protocol}
            onChange={(v) => set({ protocol: v as SsoProtocol })}
            data={[
              { value: 'oidc', label: 'OpenID Connect' },
              { value: 'saml', label: 'SAML 2.0' },
            ]}
          />
          {draft.protocol === 'oidc' ? (
            <>
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
            </>
          ) : (
            <>
              <Text size="sm">
                People with an email of these domains sign in through the company’s SAML identity provider. Give the provider these values (or its metadata
                URL); it must sign its assertions and send the email as the NameID or an email attribute.
              </Text>
              <SpValue label="Entity ID" value={query.data.samlSp.entityId} />
              <SpValue label="ACS URL" value={query.data.samlSp.acsUrl} />
              <SpValue label="Metadata URL" value={query.data.samlSp.metadataUrl} />
              {config?.saml ? (
                <Text size="sm" c="dimmed">
                  Identity provider: {config.saml.entityId} (
                  {config.saml.certificates === 1 ? '1 signing certificate' : `${config.saml.certificates} signing certificates`}
                  ).
                </Text>
              ) : null}
              <TextInput
                label="Identity provider metadata URL"
                placeholder="https://login.example.com/federationmetadata.xml"
                value={draft.metadataUrl}
                onChange={(e) => set({ metadataUrl: e.currentTarget.value })}
                onKeyDown={onKey}
              />
              <Textarea
                label="…or its metadata XML"
                description={
                  config?.saml
                    ? 'Each save reads the metadata URL again (new certificates); with neither, the stored metadata stays.'
                    : 'Paste the XML the provider offers for download.'
                }
                autosize
                minRows={3}
                maxRows={8}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
                value={draft.metadataXml}
                onChange={(e) => set({ metadataXml: e.currentTarget.value })}
              />
            </>
          )}
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
