import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../route';

/** Routes of this resource group (being written). */
export default async function contactSessionTokensRoutes(fastify: FastifyInstance) {
  zodRoutes(fastify);
}
