import { defineProject } from 'vitest/config';

/** The benchmarks' pure parts (rendering RESULTS.md); the benchmarks themselves run with `npm run bench`. */
export default defineProject({ test: { name: 'bench', environment: 'node', include: ['*.test.ts'] } });
