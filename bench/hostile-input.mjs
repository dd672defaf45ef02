// Hostile input: the checks that an attacker's input cannot make the server spin. Each case
// times one function on a large hostile input and, in the same run, on an ordinary input of
// its kind and about its size (the baseline), ROUNDS times each; min / median / max and the
// ratio of the medians.
// The unit tests hold that each case gives the right answer; how long it takes is measured
// here, not asserted there (a timed assertion fails on a busy machine).

import { sampleInput } from '../packages/profile-page/src/__fixtures__/sample-input.ts';
import { sanitizeCss } from '../packages/profile-page/src/css/sanitize.ts';
import { renderProfilePage } from '../packages/profile-page/src/render.ts';
import { ProfileContentSchema } from '../packages/shared/src/profile/content.ts';
import { isEmptyRichText } from '../packages/shared/src/profile/rules.ts';
import { fmt, heading, machine, main, median, table } from './lib/common.mjs';

const ms = (x) => x.toFixed(1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Milliseconds for each of ROUNDS calls of `fn` (after one untimed call, so the code is compiled). */
function times(fn) {
  fn();
  const xs = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    fn();
    xs.push(performance.now() - started);
  }
  return xs;
}

const CASES = [
  {
    name: 'profile content with 100,000 buttons (refused: up to 30; baseline 30)',
    budgetMs: 1000,
    hostile: () => ProfileContentSchema.safeParse({ links: Array.from({ length: 100_000 }, (_, i) => ({ key: `k${i}` })) }),
    baseline: () => ProfileContentSchema.safeParse({ links: Array.from({ length: 30 }, (_, i) => ({ key: `k${i}` })) }),
  },
  {
    name: 'rich-text emptiness of 100,000 "<" and 50,000 "<a"',
    budgetMs: 500,
    hostile: () => {
      isEmptyRichText('<'.repeat(100_000));
      isEmptyRichText('<a'.repeat(50_000));
    },
    baseline: () => isEmptyRichText('<p>Hello, I am Jane.</p>'.repeat(200_000 / 24)),
  },
  {
    name: 'custom CSS of 5,000 open url( and 5,000 open comments',
    budgetMs: 500,
    hostile: () => sanitizeCss(`${'a{b:url('.repeat(5000)}${'/*'.repeat(5000)}`),
    baseline: () => sanitizeCss('.ph-page{color:#123456;background:url(https://example.com/a.png)}'.repeat(50_000 / 65)),
  },
  {
    name: 'rendering the sample profile page (baseline: the same)',
    budgetMs: 1000,
    hostile: () => renderProfilePage(sampleInput()),
    baseline: () => renderProfilePage(sampleInput()),
  },
];

await main('hostile-input', async () => {
  heading('Hostile input: time against an ordinary input of the same kind');
  const loadAtStart = machine().loadavg1m;
  const results = CASES.map((c) => {
    const hostile = times(c.hostile);
    const baseline = times(c.baseline);
    return { name: c.name, budgetMs: c.budgetMs, hostile, baseline, ratio: median(hostile) / median(baseline) };
  });
  const rows = [['case', 'hostile min / median / max (ms)', 'baseline median (ms)', 'ratio', 'budget', 'verdict']];
  for (const r of results) {
    rows.push([
      r.name,
      `${ms(Math.min(...r.hostile))} / ${ms(median(r.hostile))} / ${ms(Math.max(...r.hostile))}`,
      ms(median(r.baseline)),
      `${r.ratio.toFixed(1)}×`,
      `≤ ${fmt(r.budgetMs)} ms`,
      Math.max(...r.hostile) <= r.budgetMs ? 'PASS' : 'OVER',
    ]);
  }
  console.log(`\n${ROUNDS} rounds of each, after one untimed call.\n`);
  console.log(table(rows, { align: ['l', 'r', 'r', 'r', 'r', 'l'] }));
  console.log(`\nLoad average at start ${loadAtStart}, at end ${machine().loadavg1m}.`);
  return { rounds: ROUNDS, cases: results, loadAtStart, loadAtEnd: machine().loadavg1m };
});
