import { customType } from 'drizzle-orm/pg-core';

/**
 * A folded sort/search key (lib/text.ts `titleKey` / `personKey` / `foldText`: only `[a-z0-9 ]`)
 * stored with the "C" collation whatever the database's default is. Under "C" one ordinary btree
 * index serves both `key LIKE 'prefix%'` (autocomplete, search) and `ORDER BY key, id` (name
 * sorts, keyset cursors) — under a locale collation such as en_US or C.UTF-8 PostgreSQL cannot use
 * it for the prefix range. For these ASCII keys the "C" order is the natural alphabetical order.
 */
export const foldedKey = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'text COLLATE "C"';
  },
});
