import { defineConfig } from 'drizzle-kit';

// Generating migrations needs no database: `npm run generate -w @community/db`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './drizzle',
});
