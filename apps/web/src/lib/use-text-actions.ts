import { useEffect, useRef, useState } from 'react';
import { saveFile } from './download';

export type TextActionFeedback = 'idle' | 'copied' | 'copyFailed' | 'exporting' | 'exportFailed';

/**
 * Copy to the clipboard and export to a file, with the short-lived feedback both show ("Copied", "Could
 * not export"…): it clears itself after 3 s, except while an export is under way. `what` names the text in
 * the console when something fails.
 */
export function useTextActions(what: string) {
  const [feedback, setFeedback] = useState<TextActionFeedback>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function show(next: TextActionFeedback) {
    setFeedback(next);
    clearTimeout(timer.current);
    if (next !== 'exporting') timer.current = setTimeout(() => setFeedback('idle'), 3_000);
  }

  async function copy(text: string) {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      show('copied');
    } catch (error) {
      console.warn(`Could not copy ${what}`, error);
      show('copyFailed');
    }
  }

  async function exportFile(make: () => Promise<Blob>, filename: string, format: string) {
    show('exporting');
    try {
      saveFile(await make(), filename);
      show('idle');
    } catch (error) {
      console.error(`Could not export ${what} as ${format}`, error);
      show('exportFailed');
    }
  }

  return { feedback, copy, exportFile };
}
