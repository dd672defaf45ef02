import { ApiKeysCard } from './ApiKeysCard.tsx';
import { ScimCard } from './ScimCard.tsx';
import { SsoCard } from './SsoCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

/**
 * A division's sign-in and integrations (issues #28, #29): SSO, SCIM, API keys and webhooks, one list for both places that show
 * them: the divisions console (superadmins) and the Integrations page (its supervisors).
 */
export function IntegrationCards({ id }: { id: number }) {
  return (
    <>
      <SsoCard id={id} />
      <ScimCard id={id} />
      <ApiKeysCard id={id} />
      <WebhooksCard id={id} />
    </>
  );
}
