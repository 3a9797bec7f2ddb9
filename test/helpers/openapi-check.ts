import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

interface OpenApiDocument {
  components?: object;
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
  >;
}

/**
 * Checks responses against the service's own OpenAPI document (/openapi.json): the status must be
 * documented for the operation, and a JSON body must validate against its schema (JSON Schema
 * 2020-12, as OpenAPI 3.1 uses). Routes the document does not describe are not checked.
 * Violations are collected as readable lines.
 */
export class OpenApiCheck {
  readonly violations: string[] = [];
  private readonly ajv: Ajv2020;
  private readonly validators: Map<string, ValidateFunction | null>;

  constructor(
    private readonly doc: OpenApiDocument,
    compiled?: { ajv: Ajv2020; validators: Map<string, ValidateFunction | null> },
  ) {
    this.ajv = compiled?.ajv ?? new Ajv2020({ strict: false, allErrors: true });
    if (!compiled) addFormats.default(this.ajv);
    this.validators = compiled?.validators ?? new Map();
  }

  /**
   * A check of the same document with violations of its own, sharing this one's compiled
   * validators (compiling a response schema with the document's components takes milliseconds).
   */
  fork(): OpenApiCheck {
    return new OpenApiCheck(this.doc, { ajv: this.ajv, validators: this.validators });
  }

  /**
   * The documented operation of a route; a route under the real platform's surfaces
   * (/api/v3/register/…, /api/v3/oauth/clients/…) is documented at its spec path.
   */
  private operation(method: string, path: string) {
    const surface = /^\/api\/v3\/(?:register|oauth\/clients)(\/.*)$/.exec(path);
    const candidates = surface ? [path, surface[1]!, `/v3/oauth/clients${surface[1]}`] : [path];
    for (const candidate of candidates) {
      const operation = this.doc.paths[candidate]?.[method.toLowerCase()];
      if (operation) return { path: candidate, operation };
    }
    return { path, operation: undefined };
  }

  /** Checks one response; `routeUrl` is Fastify's route pattern (e.g. /contacts/:contact_uuid). */
  record(
    method: string,
    routeUrl: string | undefined,
    status: number,
    contentType: unknown,
    payload: unknown,
  ): void {
    if (!routeUrl) return;
    const { path, operation } = this.operation(method, routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}'));
    if (!operation?.responses) return;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => operation.responses?.[k]);
    // An event stream or an HTML page documents only its errors; its success is described in words.
    const describesSuccess = Object.keys(operation.responses).some((k) => k.startsWith('2'));
    if (!key && status < 300 && !describesSuccess) return;
    if (!key) {
      this.violations.push(`${method} ${path}: status ${status} is not in the document`);
      return;
    }
    if (typeof payload !== 'string' || !String(contentType ?? '').includes('application/json')) return;
    const id = `${method} ${path} ${key}`;
    let validate = this.validators.get(id);
    if (validate === undefined) {
      const schema = operation.responses[key]?.content?.['application/json']?.schema;
      // The document's component schemas travel along, so that `#/components/schemas/…` resolves.
      validate = schema ? this.ajv.compile({ ...schema, components: this.doc.components }) : null;
      this.validators.set(id, validate);
    }
    if (validate && !validate(JSON.parse(payload))) {
      this.violations.push(`${id}: ${this.ajv.errorsText(validate.errors)} in ${payload.slice(0, 300)}`);
    }
  }
}
