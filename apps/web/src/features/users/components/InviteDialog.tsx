import '../../../components/list/mantine-styles.ts';
import { Alert, Button, Group, Input, Modal, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ALIAS_CHECK_DEBOUNCE_MS,
  AUTOCOMPLETE_DEBOUNCE_MS,
  cleanInviteAlias,
  DIVISION_SUGGESTIONS,
  type InviteDivision,
  type InviteResponse,
  type Me,
  normalizeEmail,
} from '@profilehub/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { divisionsOptions } from '../../../components/list/get-divisions.ts';
import { messageOf } from '../../../lib/api.ts';
import { toastError } from '../../../lib/notify.ts';
import { useAction } from '../../../lib/use-action.ts';
import { addUser } from '../api/add-user.ts';
import { checkInviteAlias } from '../api/check-invite-alias.ts';
import {
  type AliasState,
  aliasFormatError,
  aliasFormatOk,
  canInvite,
  type InviteForm,
  inviteButtonLabel,
  typeInviteAlias,
  validateInvite,
} from '../invite-rules.ts';

type Props = { opened: boolean; onClose: () => void; onInvited: (result: InviteResponse & { name: string }) => void; me: Pick<Me, 'role'> };

const EMPTY: InviteForm = { name: '', email: '', alias: '', companyId: null, notify: true, role: 'user' };

/** The public address the new profile will have: the division's host, then the alias (spec §2 invite dialog). */
function previewUrl(division: InviteDivision | undefined, alias: string): string {
  const { protocol, port } = window.location;
  const host = division?.profileDomain ?? 'your-division.example';
  return `${protocol}//${host}${port ? `:${port}` : ''}/${alias || 'profile-alias'}`;
}

/**
 * 'Invite new user' (spec §2, §4 Invite flow, §5): Full Name, Email Address,
 * optional Profile Alias checked 900 ms after the last key, Division (a select
 * of a supervisor's divisions, a type-ahead of ten for a superadmin), and
 * whether to send the invite email.
 */
export function InviteDialog({ opened, onClose, onInvited, me }: Props) {
  const [form, setForm] = useState<InviteForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof InviteForm, string>>>({});
  const [alias, setAlias] = useState<{ state: AliasState; message?: string; for?: string }>({ state: 'empty' });
  const [divisionSearch, setDivisionSearch] = useState('');
  const [settledSearch] = useDebouncedValue(divisionSearch, AUTOCOMPLETE_DEBOUNCE_MS);
  const [settledAlias] = useDebouncedValue(form.alias, ALIAS_CHECK_DEBOUNCE_MS);
  const typeAhead = me.role === 'superadmin';
  const divisions = useQuery({ ...divisionsOptions(typeAhead ? settledSearch : '', typeAhead ? DIVISION_SUGGESTIONS : 100), enabled: opened });
  const queryClient = useQueryClient();
  const invite = useAction(({ payload, notify }: { payload: Parameters<typeof addUser>[0]; notify: boolean }) => addUser(payload, notify));
  const ids = { preview: useId() };

  const options = useMemo(() => divisions.data ?? [], [divisions.data]);
  const [chosen, setChosen] = useState<InviteDivision | undefined>();
  // A supervisor with one division has nothing to choose.
  useEffect(() => {
    if (opened && !typeAhead && form.companyId === null && options.length === 1) {
      setForm((f) => ({ ...f, companyId: options[0]!.id }));
      setChosen(options[0]);
    }
  }, [opened, typeAhead, options, form.companyId]);

  // The alias check (spec §4): only a well-formed alias, 900 ms after the last key.
  useEffect(() => {
    const cleaned = cleanInviteAlias(settledAlias);
    if (!cleaned) return setAlias({ state: 'empty' });
    if (!aliasFormatOk(settledAlias)) return setAlias({ state: 'invalid' });
    const controller = new AbortController();
    setAlias({ state: 'testing', for: cleaned });
    checkInviteAlias(cleaned, controller.signal).then(
      (r) => setAlias(r.success ? { state: 'approved', for: cleaned } : { state: 'not-approved', message: r.message, for: cleaned }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAlias({ state: 'not-approved', message: messageOf(error), for: cleaned });
        toastError(error);
      },
    );
    return () => controller.abort();
  }, [settledAlias]);

  const set = <K extends keyof InviteForm>(key: K, value: InviteForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  // Until the answer for exactly this alias is in, it counts as being checked.
  const cleanedAlias = cleanInviteAlias(form.alias);
  const aliasState: AliasState = !aliasFormatOk(form.alias) ? 'invalid' : !cleanedAlias ? 'empty' : alias.for === cleanedAlias ? alias.state : 'testing';

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setChosen(undefined);
    setAlias({ state: 'empty' });
    onClose();
  };

  const submit = () => {
    const found = validateInvite(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !canInvite(form, aliasState)) return;
    const division = chosen ?? options.find((d) => d.id === form.companyId);
    const aliasValue = cleanInviteAlias(form.alias);
    invite.mutate(
      {
        payload: {
          email: normalizeEmail(form.email),
          name: form.name.trim(),
          company: form.companyId!,
          masterProfile: division?.masterProfileId ?? null,
          profileAlias: aliasValue || null,
          role: form.role,
        },
        notify: form.notify,
      },
      {
        onSuccess: (result) => {
          void queryClient.invalidateQueries({ queryKey: ['users'] });
          const name = form.name.trim();
          close();
          onInvited({ ...result, name });
        },
        onError: (error) => toastError(error),
      },
    );
  };

  const aliasError = aliasFormatError(form.alias) ?? (aliasState === 'not-approved' ? alias.message : undefined);
  const division = chosen ?? options.find((d) => d.id === form.companyId);
  const selectData = options.map((d) => ({ value: String(d.id), label: d.title }));
  if (chosen && !selectData.some((d) => d.value === String(chosen.id))) selectData.unshift({ value: String(chosen.id), label: chosen.title });

  return (
    <Modal opened={opened} onClose={close} title="Invite new user" centered size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Full Name"
            required
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            onBlur={() => setErrors((e) => ({ ...e, name: validateInvite(form).name }))}
            error={errors.name}
            autoComplete="off"
            data-autofocus
          />
          <TextInput
            label="Email Address"
            required
            type="email"
            value={form.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            onBlur={() => setErrors((e) => ({ ...e, email: validateInvite(form).email }))}
            error={errors.email}
            autoComplete="off"
          />
          <TextInput
            label="Profile Alias"
            description="Optional: lowercase letters, numbers, a dash, an underscore or a dot"
            value={form.alias}
            onChange={(e) => set('alias', typeInviteAlias(e.currentTarget.value))}
            onBlur={() => set('alias', cleanInviteAlias(form.alias))}
            error={aliasError}
            aria-describedby={ids.preview}
            rightSectionWidth={96}
            rightSection={
              aliasState === 'testing' ? (
                <Text size="xs" c="dimmed">
                  Checking…
                </Text>
              ) : aliasState === 'approved' ? (
                <Text size="xs" c="green.8" fw={600}>
                  Available
                </Text>
              ) : null
            }
          />
          {typeAhead ? (
            <Select
              label="Division"
              required
              placeholder="Start typing a division"
              searchable
              searchValue={divisionSearch}
              onSearchChange={setDivisionSearch}
              filter={({ options: all }) => all}
              data={selectData}
              value={form.companyId === null ? null : String(form.companyId)}
              onChange={(value) => {
                set('companyId', value ? Number(value) : null);
                setChosen(options.find((d) => String(d.id) === value));
              }}
              nothingFoundMessage="No results found"
              error={errors.companyId}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Select
              label="Division"
              required
              placeholder="Select a division"
              data={selectData}
              value={form.companyId === null ? null : String(form.companyId)}
              onChange={(value) => {
                set('companyId', value ? Number(value) : null);
                setChosen(options.find((d) => String(d.id) === value));
              }}
              error={errors.companyId}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Input.Wrapper label="Role" description="A supervisor manages the people, templates and approvals of the division.">
            <SegmentedControl
              fullWidth
              mt={4}
              value={form.role}
              onChange={(value) => set('role', value === 'supervisor' ? 'supervisor' : 'user')}
              data={[
                { value: 'user', label: 'User' },
                { value: 'supervisor', label: 'Supervisor' },
              ]}
            />
          </Input.Wrapper>
          <Switch label="Send an invite email" checked={form.notify} onChange={(e) => set('notify', e.currentTarget.checked)} />
          <Alert variant="light" color="gray" title="Public profile link" id={ids.preview}>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {previewUrl(division, cleanInviteAlias(form.alias))}
            </Text>
          </Alert>
          {division && !division.canInvite ? (
            <Text size="sm" c="red.8">
              Inviting users is not turned on for this division.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canInvite(form, aliasState) || invite.isPending} loading={false}>
              {inviteButtonLabel(aliasState, invite.isPending)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
