import { GROUP_ITEMS, GROUP_SLUGS } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { toolItemKeys } from './tool-labels';

/** Every tool by group (research, essay, more), each with its one-line description. */
export function ToolGroups({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="tool-groups">
      {GROUP_SLUGS.map((group) => (
        <section key={group} className="tool-group">
          <Heading className="tool-group__title">{t(`groups.${group}`)}</Heading>
          <ul className="tool-list">
            {GROUP_ITEMS[group].map((item) => {
              const keys = toolItemKeys(item);
              return (
                <li key={item} className="tool-list__item">
                  <Link to={to(item)} className="tool-list__link">
                    {t(keys.title)}
                  </Link>
                  <p className="tool-list__description">{t(keys.description)}</p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
