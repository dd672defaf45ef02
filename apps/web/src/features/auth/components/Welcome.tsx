import { lazy, Suspense, useState } from 'react';
import { readLocalFlag } from '../../../lib/session.ts';
import { shouldShowWelcome, WELCOME_SEEN_KEY } from '../welcome.ts';

const WelcomeModal = lazy(async () => ({ default: (await import('./WelcomeModal.tsx')).WelcomeModal }));

type Props = { ftv: string; whiteLabelled: boolean };

/**
 * The first-visit welcome (spec §2), decided once when the sign-in page opens:
 * once per browser, on the product's own hosts, never on a white-label. The
 * modal's code is fetched only when it is shown.
 */
export function Welcome({ ftv, whiteLabelled }: Props) {
  const [show] = useState(() => shouldShowWelcome({ ftv, seen: readLocalFlag(WELCOME_SEEN_KEY), hostname: window.location.hostname, whiteLabelled }));
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeModal ftv={ftv} />
    </Suspense>
  );
}
