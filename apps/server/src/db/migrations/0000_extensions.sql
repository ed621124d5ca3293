-- pg_trgm powers typo-tolerant search. Created in public so every schema on the search_path sees it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
