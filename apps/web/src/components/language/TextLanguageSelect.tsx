import { LOCALE_INFO, LOCALES, type LocaleCode } from '@quire/contracts';

/** The language of a text a tool checks: one of the six, or detected from the text. */
export type LanguageChoice = LocaleCode | 'auto';

type Props = {
  id: string;
  label: string;
  /** The wording of the "detect it" option. */
  autoLabel: string;
  value: LanguageChoice;
  onChange: (language: LanguageChoice) => void;
  testId: string;
};

/** A labelled select of the text's language, each language named in itself. */
export function TextLanguageSelect({ id, label, autoLabel, value, onChange, testId }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as LanguageChoice)}
        data-testid={testId}
      >
        <option value="auto">{autoLabel}</option>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={LOCALE_INFO[code].meta.htmlLang}>
            {LOCALE_INFO[code].title}
          </option>
        ))}
      </select>
    </div>
  );
}
