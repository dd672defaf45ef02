// The role rules of the route guards. They live in the shared package's navigation module
// next to the dashboard's side links and home tiles, so the guards load them with the first
// guarded page instead of every visitor of the sign-in page downloading them.
export { dashboardRedirect, signedInHome } from '@profilehub/shared';
