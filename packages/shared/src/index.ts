export * from './aliases.ts';
export * from './auth.ts';
export * from './companies.ts';
export * from './errors.ts';
export * from './navigation.ts';
export * from './session.ts';
