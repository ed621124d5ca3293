import classes from './genre-list.module.css';

/** A title's genres as tags (the detail page, the home page's featured release). */
export function GenreList({ genres }: { genres: readonly string[] }) {
  if (genres.length === 0) return null;
  return (
    <ul className={classes.genres} aria-label="Genres">
      {genres.map((genre) => (
        <li key={genre} className={classes.genre}>
          {genre}
        </li>
      ))}
    </ul>
  );
}
