import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUpload } from '../lib/image-files.ts';

/**
 * Serves uploaded images from the database, so any API process answers for an image another one
 * stored (decision 0060). Names are content hashes: the bytes behind a URL never change, hence
 * the year-long immutable cache. The stored type is sent as it is with `nosniff`, so a browser
 * never guesses another one. Anything else under /uploads/ is a JSON 404, not the web app.
 */
export default fp(
  async function servedUploadsPlugin(app: FastifyInstance) {
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const upload = await findUpload(app.db, name);
      if (!upload) return reply.status(404).send({ message: request.t('not_found'), code: 'not_found' });
      return reply
        .header('content-type', upload.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength));
    });
  },
  { name: 'served-uploads', dependencies: ['config'] },
);
