/** robots.txt with the absolute sitemap URL of this deployment (SITE_URL at build time). */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../features/seo/robots.ts';

export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs the site URL: set SITE_URL (astro.config.mjs passes it as `site`).');
  return new Response(robotsTxt(site), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
