import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { appState } from './schema';

/** Named values kept between starts (repository of the `app_state` table). */
export function createAppState(db: Database) {
  return {
    async get(key: string): Promise<string | null> {
      const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, key));
      return row?.value ?? null;
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insert(appState)
        .values({ key, value })
        .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: sql`now()` } });
    },
    /** Sets the value unless one is there; answers the value that is kept (first writer wins). */
    async setOnce(key: string, value: string): Promise<string> {
      await db.insert(appState).values({ key, value }).onConflictDoNothing();
      return (await this.get(key)) ?? value;
    },
  };
}
export type AppState = ReturnType<typeof createAppState>;
