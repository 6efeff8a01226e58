import { type ReactNode, useId } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** An honest panel for what a later release fills in. */
export function ComingSoon({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="coming-soon" aria-labelledby={id} data-testid="coming-soon">
      <h2 id={id} className="coming-soon__title">
        {t('common.comingSoon')}
      </h2>
      <p>{children}</p>
    </section>
  );
}
