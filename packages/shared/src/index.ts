// Schemas live in *.schemas.ts so a bundle that needs only texts and rules (the
// sign-in page) leaves zod out: this package is side-effect free.
export * from './aliases.ts';
export * from './approvals.schemas.ts';
export * from './auth.schemas.ts';
export * from './auth.ts';
export * from './banners.schemas.ts';
export * from './banners.ts';
export * from './billing.schemas.ts';
export * from './companies.schemas.ts';
export * from './companies.ts';
export * from './dashboard-nav.ts';
export * from './errors.schemas.ts';
export * from './errors.ts';
export * from './events.schemas.ts';
export * from './events.ts';
export * from './invitations.schemas.ts';
export * from './invitations.ts';
export * from './lead-forms.schemas.ts';
export * from './navigation.ts';
export * from './profile/index.ts';
export * from './profile-api.schemas.ts';
export * from './reports.schemas.ts';
export * from './reports.ts';
export * from './session.ts';
export * from './templates.schemas.ts';
export * from './users.schemas.ts';
export * from './users.ts';
