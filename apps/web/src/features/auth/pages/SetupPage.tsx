import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { passwordProblem, SetupSchema, type SetupStatus, subdomainFromName } from '@profilehub/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RevealPasswordInput } from '../../../components/RevealPasswordInput.tsx';
import { messageOf, refusedField } from '../../../lib/api.ts';
import { toastError } from '../../../lib/notify.ts';
import { useCompleteSetup } from '../api/complete-setup.ts';
import { getSetupStatus } from '../api/get-setup-status.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

type Fields = { firstName: string; lastName: string; email: string; password: string; title: string; subdomain: string };
type Errors = Partial<Record<keyof Fields | 'token', string>>;

/** Where each of the schema's (and the server's) field paths shows its message. */
const FIELD_OF: Record<string, keyof Fields | 'token'> = { 'division.title': 'title', 'division.subdomain': 'subdomain' };

/** The token travels in the link's fragment (#token=…), which browsers never send to a server or write to its logs. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * First run (`/setup#token=…`, the link an empty install prints): the first superadmin and
 * the first division, then straight into the hub, signed in.
 */
export function SetupPage() {
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(window.location.hash));
  const [status, setStatus] = useState<SetupStatus | 'unknown'>('unknown');
  const [fields, setFields] = useState<Fields>({ firstName: '', lastName: '', email: '', password: '', title: '', subdomain: '' });
  const [subdomainEdited, setSubdomainEdited] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const setup = useCompleteSetup();

  useEffect(() => {
    getSetupStatus().then(setStatus, () => setStatus('unknown'));
  }, []);

  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value, ...(name === 'title' && !subdomainEdited ? { subdomain: subdomainFromName(value) } : {}) }));
    if (name === 'subdomain') setSubdomainEdited(true);
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      token,
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email,
      password: fields.password,
      division: { title: fields.title, subdomain: fields.subdomain },
    };
    const parsed = SetupSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        const field = FIELD_OF[key] ?? (key as keyof Fields);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setup.mutate(input, {
      onSuccess: () => navigate('/home', { replace: true }),
      onError: (err) => {
        const path = refusedField(err);
        const field = path ? (FIELD_OF[path] ?? (path as keyof Fields)) : undefined;
        if (field) setErrors({ [field]: messageOf(err) });
        else toastError(err);
      },
    });
  };

  if (status !== 'unknown' && !status.needed) {
    return (
      <AuthLayout title="This hub is already set up">
        <Text>Its administrators sign in as usual; ask one of them to invite you.</Text>
        <Button component={Link} to="/sign-in">
          Go to sign-in
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set up your hub" subtitle="Create the first administrator account and the first division (company). You can add more later.">
      {!token || errors.token ? (
        <Alert color="red" title="This setup link is incomplete">
          {errors.token ?? (
            <>
              Open the whole link the server printed when it first started. Lost it? Run <code>npm run admin:setup-link</code> on the server for a new one.
            </>
          )}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fw={600}>You, the superadmin</Text>
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              autoComplete="given-name"
              value={fields.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              value={fields.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={errors.lastName}
            />
          </Group>
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <RevealPasswordInput
            label="Password"
            autoComplete="new-password"
            value={fields.password}
            onValueChange={set('password')}
            blockSpaces
            error={errors.password ?? (fields.password ? (passwordProblem(fields.password) ?? undefined) : undefined)}
          />
          <Text fw={600} mt="sm">
            The first division
          </Text>
          <TextInput label="Name" placeholder="Initech" value={fields.title} onChange={(e) => set('title')(e.currentTarget.value)} error={errors.title} />
          <TextInput
            label="Address of its pages"
            description="Its profile pages live at this subdomain of the hub's public domain."
            value={fields.subdomain}
            onChange={(e) => set('subdomain')(e.currentTarget.value)}
            error={errors.subdomain}
          />
          <Button type="submit" loading={setup.isPending} disabled={!token}>
            Create and sign in
          </Button>
          <Text size="xs" c="dimmed">
            Prefer the command line? <code>npm run admin:create -- --email you@example.com</code> on the server makes a superadmin too.
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
