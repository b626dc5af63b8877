import sensible from '@fastify/sensible';
import fp from 'fastify-plugin';

/** httpErrors and friends. */
export default fp(async (app) => app.register(sensible), { name: 'sensible' });
