import { z } from 'zod';

// One zod schema per ISBNdb API v2 endpoint the product reads (isbndb.com/isbndb-api-documentation-v2).
// Objects are not strict: unknown keys are ignored.

const bookSchema = z.object({
  title: z.string(),
  title_long: z.string().nullish(),
  isbn: z.string().nullish(),
  isbn13: z.string(),
  binding: z.string().nullish(),
  publisher: z.string().nullish(),
  language: z.string().nullish(),
  /** Free text: "2027", "2027-03", "2027-03-14", "2027-03-14T00:00:01Z", ... */
  date_published: z.union([z.string(), z.number()]).nullish(),
  edition: z.string().nullish(),
  pages: z.number().nullish(),
  overview: z.string().nullish(),
  synopsis: z.string().nullish(),
  image: z.string().nullish(),
  authors: z.array(z.string()).nullish(),
  subjects: z.array(z.string()).nullish(),
  other_isbns: z.array(z.object({ isbn: z.string(), binding: z.string().nullish() })).nullish(),
});
export type Book = z.infer<typeof bookSchema>;

/** GET /book/{isbn} */
export const bookAnswerSchema = z.object({ book: bookSchema });

/** GET /books/{query}: a page of matches and how many there are in all. */
export const booksAnswerSchema = z.object({ total: z.number().int().nullish(), books: z.array(bookSchema) });

/** GET /author/{name}: the author's books, a page at a time (no total). */
export const authorAnswerSchema = z.object({ author: z.string().nullish(), books: z.array(bookSchema) });

/** POST /books (`isbns=a,b,c`): the books found among those asked for. */
export const bulkBooksAnswerSchema = z.object({
  total: z.number().int().nullish(),
  requested: z.number().int().nullish(),
  data: z.array(bookSchema).default([]),
});
