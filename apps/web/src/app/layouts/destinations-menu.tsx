import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { originName, priceListPath, useOrigins } from '../../lib/origins-api';

const MENU_SIZE = 6;

/** First six origins, the rest under "more"; nothing at all if the list cannot load (spec §2). */
export function DestinationsMenu() {
  const { t, i18n } = useTranslation();
  const { data: origins } = useOrigins();
  if (!origins || origins.length === 0) return null;
  const first = origins.slice(0, MENU_SIZE);
  const rest = origins.slice(MENU_SIZE);
  return (
    <DropdownMenu label={t('nav.destinations')}>
      {first.map((origin) => (
        <li key={origin.id}>
          <Link to={priceListPath(origin)}>{originName(origin, i18n.language)}</Link>
        </li>
      ))}
      {rest.length > 0 ? (
        <li>
          <DropdownMenu label={t('nav.moreDestinations')} className="dropdown-nested">
            {rest.map((origin) => (
              <li key={origin.id}>
                <Link to={priceListPath(origin)}>{originName(origin, i18n.language)}</Link>
              </li>
            ))}
          </DropdownMenu>
        </li>
      ) : null}
    </DropdownMenu>
  );
}
