import { dropEmpty, loadDotEnv } from './dotenv.js';

// Imported first by every entry point (main.ts, scripts/*.ts), before any module reads
// process.env (the logger reads LOG_LEVEL as it loads). Tests never read a developer's `.env`.
// An empty variable is an unset one (the shop's default applies), as .env.example says.
if (process.env.NODE_ENV !== 'test') {
  dropEmpty();
  loadDotEnv();
}
