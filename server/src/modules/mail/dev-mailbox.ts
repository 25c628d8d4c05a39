import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { escapeMarkup } from '../shared/markup.js';
import { logoPng } from './logo.js';
import { MAIL_TITLES, type ShopBrand } from './messages.js';
import { renderMail } from './render.js';
import { SAMPLE_MESSAGES } from './samples.js';
import type { MailboxEntry } from './transport.js';

/** A message as a customer's mail client would show it: its own styles and images, no scripts. */
const MESSAGE_CSP =
  "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'self'";

const ID_PATTERN = /^[0-9a-z]{10}-[0-9a-f]{8}$/;
/** The newest this many messages are listed. */
const LIST_LIMIT = 200;

const dateFormat = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'America/Mexico_City',
});

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:16px;color:#1a202c;background:#f7fafc}
main{max-width:960px;margin:0 auto}h1{font-size:1.5rem}p{color:#2d3748}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px;border-bottom:1px solid #e2e8f0;vertical-align:top}
th{background:#edf2f7}a{color:#2b4acb}.kind{white-space:nowrap}
@media (max-width:640px){thead{display:none}tr{display:block;border-bottom:1px solid #cbd5e0;padding:8px 0}td{display:block;border:0;padding:2px 8px}}
</style></head><body><main>${body}</main></body></html>`;
}

async function readEntries(dir: string): Promise<MailboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .filter((id) => ID_PATTERN.test(id))
    .sort()
    .reverse()
    .slice(0, LIST_LIMIT);
  const entries = await Promise.all(ids.map((id) => readEntry(dir, id)));
  return entries.filter((e): e is MailboxEntry => e !== null);
}

async function readEntry(dir: string, id: string): Promise<MailboxEntry | null> {
  if (!ID_PATTERN.test(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as MailboxEntry;
  } catch {
    return null;
  }
}

function sendMessageHtml(res: Response, html: string) {
  res.setHeader('Content-Security-Policy', MESSAGE_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/**
 * The development mailbox (never mounted in production): every message the shop sent while it
 * had no SMTP_URL, newest first, each shown as its recipient would see it; and a preview of
 * every template with sample data.
 *
 * - `GET /dev/correo`: the list; `GET /dev/correo/mensajes.json`: the same as JSON;
 * - `GET /dev/correo/{id}`: the message's HTML; `{id}.txt`: its text part; `{id}.eml`: as sent;
 * - `GET /dev/correo/plantillas`: the templates; `/dev/correo/plantillas/{kind}`: one, rendered.
 */
export function devMailbox(dir: string, brand: () => ShopBrand): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    next();
  });

  router.get('/', async (_req, res) => {
    const entries = await readEntries(dir);
    const rows = entries
      .map(
        (e) => `<tr><td><a href="correo/${e.id}">${escapeMarkup(e.subject)}</a></td>
<td>${escapeMarkup(e.to)}</td><td class="kind">${escapeMarkup(e.title)}</td>
<td><time datetime="${e.date}">${escapeMarkup(dateFormat.format(new Date(e.date)))}</time></td></tr>`,
      )
      .join('\n');
    res.type('html').send(
      page(
        'Correo de desarrollo',
        `<h1>Correo de desarrollo</h1>
<p>Los mensajes que la tienda envió sin <code>SMTP_URL</code>, del más reciente al más antiguo.
<a href="correo/plantillas">Ver las plantillas con datos de ejemplo</a>.</p>
${
  entries.length === 0
    ? '<p>Aún no hay mensajes.</p>'
    : `<table><thead><tr><th scope="col">Asunto</th><th scope="col">Para</th><th scope="col">Tipo</th><th scope="col">Fecha</th></tr></thead><tbody>${rows}</tbody></table>`
}`,
      ),
    );
  });

  router.get('/mensajes.json', async (_req, res) => {
    const entries = await readEntries(dir);
    res.json(
      entries.map((e) => ({
        id: e.id,
        to: e.to,
        subject: e.subject,
        kind: e.kind,
        title: e.title,
        date: e.date,
      })),
    );
  });

  router.get('/plantillas', (_req, res) => {
    const items = SAMPLE_MESSAGES.map(
      (m) => `<li><a href="plantillas/${m.kind}">${escapeMarkup(MAIL_TITLES[m.kind])}</a></li>`,
    ).join('');
    res.type('html').send(
      page(
        'Plantillas de correo',
        `<h1>Plantillas de correo</h1><p>Cada mensaje con datos de ejemplo.
<a href="../correo">Volver al buzón</a>.</p><ul>${items}</ul>`,
      ),
    );
  });

  router.get('/plantillas/:kind', async (req, res, next) => {
    const sample = SAMPLE_MESSAGES.find((m) => m.kind === req.params.kind);
    if (!sample) return next();
    const rendered = await renderMail(sample, brand());
    if (req.query.formato === 'texto') {
      res.type('text/plain; charset=utf-8').send(rendered.text);
    } else {
      sendMessageHtml(res, rendered.html);
    }
  });

  router.get('/:file', async (req, res, next) => {
    const match = /^([0-9a-z]{10}-[0-9a-f]{8})(\.txt|\.eml)?$/.exec(req.params.file);
    const entry = match ? await readEntry(dir, match[1]!) : null;
    if (!match || !entry) return next();
    if (match[2] === '.txt') {
      res.type('text/plain; charset=utf-8').send(entry.text);
    } else if (match[2] === '.eml') {
      res
        .type('message/rfc822')
        .setHeader('Content-Disposition', `attachment; filename="${entry.id}.eml"`);
      res.send(await readFile(path.join(dir, `${entry.id}.eml`)));
    } else {
      sendMessageHtml(res, entry.html);
    }
  });

  return router;
}

/** `GET /correo/logo.png`: the shop's logo as the e-mails show it (PNG). */
export function mailLogo(clientDir: string): RequestHandler {
  return async (_req, res, next) => {
    try {
      const png = await logoPng(clientDir);
      res.setHeader('Cache-Control', 'public, max-age=86400');
      // Shown by mail clients and web mail on other origins (helmet's default is same-origin).
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.type('png').send(png);
    } catch (error) {
      next(error);
    }
  };
}
