import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Times pdftotext runs from a shell started now, each writing its text to `output`. Started from this process once it holds PGlite, MuPDF and the
 * threads (about 1 GB), each run forks all of that copy-on-write, and the pipeline run after it was measured
 * 45 % slower while the kernel took its pages back one write fault at a time.
 */
export function pdftotextTimer(output: string) {
  const script =
    'while read -r file; do start=$EPOCHREALTIME; if pdftotext "$file" "$1" 2>/dev/null; then echo "$start $EPOCHREALTIME"; else echo missing; fi; done';
  const shell = spawn('bash', ['-c', script, 'pdftotext-timer', output], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { ...process.env, LC_ALL: 'C' },
  });
  // Without bash its output simply ends, and the runs count as pdftotext missing.
  shell.on('error', () => {});
  const answers = createInterface({ input: shell.stdout })[Symbol.asyncIterator]();
  return {
    /** One run over `file` (its text written to `output`) in ms; null when pdftotext is not installed. */
    time: async (file: string): Promise<number | null> => {
      shell.stdin.write(`${file}\n`);
      const { value } = await answers.next();
      const [start, end] = String(value ?? '')
        .split(' ')
        .map(Number);
      return start && end ? (end - start) * 1000 : null;
    },
    close: () => shell.stdin.end(),
  };
}

const MB = 1024 * 1024;

/** Samples the process's resident memory every 20 ms until stopped: its peak, and its growth over the start. */
export function peakMemory() {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop: () => clearInterval(sampler),
    peakMb: () => peak / MB,
    growthMb: () => (peak - before) / MB,
  };
}
