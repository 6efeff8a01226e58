// Type-checks every TypeScript project of the repository. `tsc` uses one core, so the projects are checked
// side by side, as many at a time as the machine has cores; the output of each is printed whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Largest first, so the long ones start at once and the short ones fill in beside them. */
const TYPESCRIPT_PROJECTS = ['apps/web', 'apps/server', 'e2e', 'bench', 'load', 'packages/contracts', 'scripts'];

/** @param {string} project @returns {Promise<boolean>} */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} tsc -p ${project}\n${output}`);
      resolve(code === 0);
    });
  });
}

/** @param {string[]} projects @param {number} parallel */
async function checkAll(projects, parallel) {
  const queue = [...projects];
  let failed = false;
  const lane = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, projects.length) }, lane));
  return !failed;
}

const passed = await checkAll(TYPESCRIPT_PROJECTS, Math.max(1, availableParallelism()));
process.exit(passed ? 0 : 1);
