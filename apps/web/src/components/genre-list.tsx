import { useT } from '../lib/i18n';
import classes from './genre-list.module.css';

const MESSAGES = {
  label: /*i18n*/ { id: 'components.genreList.label', message: 'Genres' },
};

/** A title's genres as tags (the detail page, the home page's featured release). */
export function GenreList({ genres }: { genres: readonly string[] }) {
  const t = useT();
  if (genres.length === 0) return null;
  return (
    <ul className={classes.genres} aria-label={t(MESSAGES.label)}>
      {genres.map((genre) => (
        <li key={genre} className={classes.genre}>
          {genre}
        </li>
      ))}
    </ul>
  );
}
