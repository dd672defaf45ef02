import { MARKETPLACE_LINK } from '@profilehub/shared';

// The product's own site, derived from the one product link the shared package
// defines; the welcome modal and the no-user view point visitors there.
const site = new URL(MARKETPLACE_LINK);

export const PRODUCT_WEBSITE = site.origin;
export const PRODUCT_DOMAIN = site.hostname;
export const REQUEST_QUOTE_LINK = `${site.origin}/request-a-quote`;
export const WELCOME_VIDEO_LINK = `${site.origin}/welcome-video`;
