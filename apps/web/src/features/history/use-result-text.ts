import type { GenerationResult, HistoryListItem } from '@quire/contracts';
import { useState } from 'react';
import { docxExport, exportFilename, markdownExport } from '../../lib/result-export';
import { useTextActions } from '../../lib/use-text-actions';
import { loadHistoryDetail } from './history.queries';

/**
 * Copying and exporting a history result's text, loaded when first needed: the feedback of the last action,
 * and whether the text could not be loaded to copy it.
 */
export function useResultText(item: HistoryListItem) {
  const { feedback, copy, exportFile } = useTextActions('a history result');
  const [loadFailed, setLoadFailed] = useState(false);
  // Files are named after the tool and the day, as the tool pages name them.
  const exportName = (extension: 'md' | 'docx') =>
    exportFilename({ slug: item.slug as GenerationResult['slug'], created_at: item.created_at }, extension);

  return {
    feedback,
    loadFailed,
    async copy() {
      setLoadFailed(false);
      let text: string;
      try {
        text = (await loadHistoryDetail(item.id)).text;
      } catch (error) {
        console.error('Could not load a result to copy it', { id: item.id, error });
        setLoadFailed(true);
        return;
      }
      await copy(text);
    },
    exportMarkdown: () =>
      exportFile(async () => markdownExport(await loadHistoryDetail(item.id)), exportName('md'), 'Markdown'),
    exportDocx: () => exportFile(async () => docxExport(await loadHistoryDetail(item.id)), exportName('docx'), 'DOCX'),
  };
}
