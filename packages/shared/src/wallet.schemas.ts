/**
 * Issue #30 wallet passes: the calls of Apple's PassKit web service that the hub answers
 * (`{PUBLIC_URL}/api/wallet/apple/v1/…`), shaped as Apple documents them.
 */
import { z } from 'zod';

export const WALLET_MESSAGES = {
  notAuthorized: 'This pass is not authorised here.',
  unknownPass: 'There is no such pass.',
  tooManyPhones: 'This card is in too many wallets already to register another.',
} as const;

/** Phones a card's updates are pushed to, at most: enough for a person's own devices and everyone they gave the card to. */
export const MAX_WALLET_REGISTRATIONS = 5000;

const passType = z.string().min(1).max(200);
const serial = z.string().min(1).max(40);
/** Apple's device library identifier: an opaque token of letters and digits. */
const device = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'Not a device library identifier.');

export const WalletPassParamsSchema = z.object({ passTypeIdentifier: passType, serialNumber: serial });
export const WalletRegistrationParamsSchema = WalletPassParamsSchema.extend({ deviceLibraryIdentifier: device });
export const WalletDeviceParamsSchema = z.object({ deviceLibraryIdentifier: device, passTypeIdentifier: passType });
export const WalletUpdatedQuerySchema = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,16}$/, 'Not an update tag.')
    .optional(),
});
export const WalletPushTokenSchema = z.object({ pushToken: z.string().regex(/^[0-9a-fA-F]{16,256}$/, 'Not an APNs push token.') });
export const WalletSerialNumbersSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
export const WalletLogSchema = z.object({ logs: z.array(z.string().max(2000)).max(50) });
