import type { FastifyInstance } from 'fastify';
import { zodRoutes } from '../route';

/** Routes of this resource group (being written). */
export default async function portalSessionsRoutes(fastify: FastifyInstance) {
  zodRoutes(fastify);
}
