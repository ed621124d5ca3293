import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { registerWebApp } from '../../plugins/web-app';
import { createIndexHtml } from './index-html';
import { loadPageRenderer } from './page-renderer';
import { createPageSender } from './page-sender';
import { createPageService } from './page-service';
import { createRenderBudget } from './render-budget';

/**
 * The web app: its files, and its pages rendered here from the API's own public answers (ADR 011),
 * with each title's head tags. Registered last: every other GET that asks for HTML gets a page.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const indexHtml = path.join(config.webDistDir, 'index.html');
    const hasWeb = existsSync(indexHtml);
    const serverEntry = path.join(path.dirname(config.webDistDir), 'dist-server', 'entry-server.js');
    const pages = createPageService({
      findTitle: app.shareCards.findTitle,
      cardUrl: app.shareCards.cards.cardUrl,
      publicUrl: config.publicUrl,
      indexHtml: hasWeb ? createIndexHtml(indexHtml) : null,
      pageCacheSeconds: config.catalogCacheSeconds,
      pageRenderer: hasWeb
        ? await loadPageRenderer(serverEntry, async (url) => {
            const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
            return { status: answer.statusCode, body: answer.body };
          })
        : null,
      onRenderError: (err, url) =>
        app.log.warn({ err, page: url.split('?')[0] }, 'page not rendered on the server'),
    });
    app.catalogChanges.subscribe(pages.forget);
    await registerWebApp(app, {
      webDistDir: config.webDistDir,
      sendPage: hasWeb ? createPageSender(pages, createRenderBudget({ clock: app.clock })) : null,
    });
  },
  { name: 'pages', dependencies: ['share-cards'] },
);
