import { Button, Loader, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@profilehub/shared';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';

/**
 * A sign-in provider's return page (Google, company SSO) while it turns the answer into a session:
 * a spinner, or the reason it failed with the way back to login.
 */
export function CallbackStatus({ title, message }: { title: string; message: string | null }) {
  return (
    <AuthLayout title={title}>
      {message ? (
        <Stack gap="lg">
          <Text role="alert">{message}</Text>
          <Button component={Link} to="/sign-in" replace fullWidth>
            Back to login
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" align="center" py="md">
          <Loader />
          <Text c="dimmed" ta="center">
            {AUTH_MESSAGES.googleWait}
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
