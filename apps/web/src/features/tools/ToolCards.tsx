import { GROUP_ITEMS, GROUP_SLUGS } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { FavouriteButton } from './FavouriteButton';
import { toolItemKeys } from './tool-labels';
import './tools-styles';

/**
 * Every tool by group, as on the home page, each with its favourite star for signed-in users. The home page
 * keeps the lighter `ToolGroups`: the landing route loads nothing of the favourites.
 */
export function ToolCards() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="tool-groups">
      {GROUP_SLUGS.map((group) => (
        <section key={group} className="tool-group">
          <h3 className="tool-group__title">{t(`groups.${group}`)}</h3>
          <ul className="tool-list">
            {GROUP_ITEMS[group].map((item) => {
              const keys = toolItemKeys(item);
              const [kind, slug = ''] = item.split('/');
              return (
                <li key={item} className="tool-list__item" data-testid="tool-card" data-item={item}>
                  <div className="tool-list__head">
                    <Link to={to(item)} className="tool-list__link">
                      {t(keys.title)}
                    </Link>
                    {kind === 'feature' && <FavouriteButton slug={slug} name={t(keys.title)} />}
                  </div>
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
