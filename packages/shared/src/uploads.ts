/**
 * What a file sent to POST /upload is for (its `purpose` field). The server's rules
 * (apps/server/src/modules/uploads/rules.ts) give each its accepted types and size; the web
 * names one with every upload.
 */
export const UPLOAD_PURPOSES = ['profile-photo', 'logo', 'background', 'mobile-banner', 'desktop-banner', 'banner', 'gallery', 'rich-text', 'general'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
