import { DECK_LIMITS, type Deck, LOCALE_INFO, LOCALES, type LocaleCode } from '@quire/contracts';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { currentLocale } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { importDeck } from './cards.api';
import { failureMessage, limitOf } from './cards-errors';
import { deckNameFromFile } from './deck.state';

type Chosen = { fileName: string; csv: string };
type Problem = 'file' | 'empty' | 'tooLarge' | 'name';

/**
 * A deck from a CSV file (front,back per row; a header row is skipped): the file is read in the browser, the
 * deck named after it unless the user names it, in the language chosen (the page's by default).
 */
export function ImportDeckForm({ onImported }: { onImported: (deck: Deck) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<LocaleCode>(currentLocale());
  const [problem, setProblem] = useState<Problem | null>(null);
  const [importing, setImporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFailure(null);
    if (!file) return;
    let csv: string;
    try {
      csv = await readText(file);
    } catch (error) {
      console.error('Cards: reading the CSV file failed', error);
      setChosen(null);
      setProblem('file');
      return;
    }
    setChosen({ fileName: file.name, csv });
    setProblem(csv.trim() ? (csv.length > DECK_LIMITS.csv ? 'tooLarge' : null) : 'empty');
    // The file names the deck unless the user already did.
    setName((current) => current.trim() || deckNameFromFile(file.name));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (importing) return;
    if (!chosen) return setProblem('file');
    if (problem && problem !== 'name') return;
    if (!name.trim()) return setProblem('name');
    setImporting(true);
    setFailure(null);
    try {
      onImported(await importDeck({ name: name.trim(), language, csv: chosen.csv }));
    } catch (error) {
      setImporting(false);
      setFailure(failureMessage(error, 'importing a deck'));
      setLimit(limitOf(error));
    }
  }

  const fileProblem = problem && problem !== 'name' ? t(`cards.import.problems.${problem}`) : null;

  return (
    <form className="import-deck" onSubmit={submit} noValidate aria-busy={importing} data-testid="import-form">
      <p className="muted">{t('cards.import.intro')}</p>
      <fieldset className="create-deck__fields" disabled={importing}>
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('cards.import.file')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? `${id}-file-problem` : undefined}
            onChange={(event) => void choose(event)}
            data-testid="import-file"
          />
          {fileProblem && (
            <p id={`${id}-file-problem`} className="field__error" data-testid="import-file-problem">
              {fileProblem}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('cards.import.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={DECK_LIMITS.name}
            aria-invalid={problem === 'name' ? true : undefined}
            aria-describedby={problem === 'name' ? `${id}-name-problem` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (problem === 'name') setProblem(null);
            }}
            data-testid="import-name"
          />
          {problem === 'name' && (
            <p id={`${id}-name-problem`} className="field__error">
              {t('cards.import.problems.name')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('cards.import.language')}</label>
          <select
            id={`${id}-language`}
            value={language}
            onChange={(event) => setLanguage(event.target.value as LocaleCode)}
            data-testid="import-language"
          >
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={LOCALE_INFO[code].meta.htmlLang}>
                {LOCALE_INFO[code].title}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={importing} data-testid="import-submit">
        {importing && <span className="spinner" aria-hidden="true" />}
        {importing ? t('cards.import.importing') : t('cards.import.submit')}
      </button>
      {failure && (
        <p className="notice notice--error" role="alert" data-testid="import-error">
          {failure}
        </p>
      )}
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </form>
  );
}

/** A file's text, read as UTF-8 (FileReader: every browser has it, and so has the test DOM). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
