import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'profile-page', environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } });
