/** Global setup of the `postgres` project: its files test what only a PostgreSQL server does. */
export default function requirePostgres(): void {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error('The postgres test project needs TEST_DATABASE_URL; run it with `npm run test:db`.');
  }
}
