// Sums the Vitest JSON reports CI wrote: one line per report, then the closing line "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedHere = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  const skippedHere = report.numPendingTests + report.numTodoTests;
  console.log(
    `${basename(file, '.json')}: ${report.numPassedTests} passed, ${failedHere} failed` +
      `${skippedHere ? `, ${skippedHere} skipped` : ''} (${report.numTotalTestSuites} files)`,
  );
  passed += report.numPassedTests;
  failed += failedHere;
  skipped += skippedHere;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
