export * from './constants.ts';
export * from './content.ts';
export * from './inherit.ts';
export * from './permissions.schemas.ts';
export * from './permissions.ts';
export * from './publish-check.ts';
export * from './rules.ts';
