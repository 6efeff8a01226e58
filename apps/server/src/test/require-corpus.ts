import { corpusMissing } from './corpus';

/** Global setup of the `corpus` project: stops the run, with the reason, when the corpus is not there. */
export default function requireCorpus(): void {
  const missing = corpusMissing();
  if (missing) throw new Error(missing);
}
