import { FoldedText } from '../../components/text/FoldedText';
import { useTranslation } from '../../i18n/use-translation';

/** Abstracts longer than this start folded to a few lines, with a button to unfold them. */
const ABSTRACT_FOLD_CHARS = 240;

/** The abstract under its heading, folded to a few lines when it is long. */
export function OutlineAbstract({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="paper-outline__part">
      <h3 className="paper-outline__subheading">{t('paperOutline.abstract')}</h3>
      <FoldedText
        text={text}
        foldChars={ABSTRACT_FOLD_CHARS}
        block="paper-outline"
        testId="paper-outline-abstract"
        labels={{ more: t('paperOutline.showMore'), less: t('paperOutline.showLess') }}
      />
    </div>
  );
}
