import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { SSO_MESSAGES } from '@profilehub/shared';
import { IconKey } from '../../../components/icons.tsx';
import { ssoStartUrl } from '../api/discover-sso.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** The "Continue with SSO" button: a plain link, the server sends the browser on to the company's provider. */
export function ContinueWithSso({ email, variant = 'filled' }: { email: string; variant?: 'filled' | 'default' }) {
  return (
    <Button component="a" href={ssoStartUrl(email)} variant={variant} fullWidth leftSection={<IconKey />}>
      {SSO_MESSAGES.continueWithSso}
    </Button>
  );
}

/** The email's company signs in through its own provider: no password here (spec: issue #28). */
export function SsoView({ email, required, onBack }: { email: string; required: boolean; onBack: () => void }) {
  return (
    <AuthLayout title="Sign in with your company account" subtitle={email}>
      <Stack gap="md">
        {required ? (
          <Alert color="blue" variant="light">
            {SSO_MESSAGES.required}
          </Alert>
        ) : (
          <Text size="sm">Your company signs you in with single sign-on.</Text>
        )}
        <ContinueWithSso email={email} />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" fw={600} onClick={onBack}>
            Use another email address
          </Anchor>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
