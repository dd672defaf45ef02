import { Anchor, Button, Divider, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconGoogle } from '../../../components/icons.tsx';
import { useBranding } from '../../../lib/white-label.ts';

/** Where the "Sign in with Google" button starts the provider's flow (the server's browser leg). */
const GOOGLE_CONNECT_URL = '/api/connect/google';

/**
 * 'or' and the Google button, on hubs whose server offers Google sign-in (GET /white-label → googleSignIn).
 * `divider={false}` where an 'or' already stands above it (the passkey button's).
 */
export function GoogleSignIn({ divider = true }: { divider?: boolean }) {
  const { googleSignIn } = useBranding();
  if (!googleSignIn) return null;
  return (
    <>
      {divider ? <Divider label="or" labelPosition="center" /> : null}
      <Button component="a" href={GOOGLE_CONNECT_URL} variant="default" fullWidth leftSection={<IconGoogle />}>
        Sign in with Google
      </Button>
    </>
  );
}

export function SignUpLink() {
  return (
    <Text size="sm" c="dimmed" ta="center">
      New to the hub?{' '}
      <Anchor component={Link} to="/register" fw={600}>
        Sign up
      </Anchor>
    </Text>
  );
}
