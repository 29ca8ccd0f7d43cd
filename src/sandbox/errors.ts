// Errors in the shape NestJS produces: { statusCode, message, error }.

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

export interface NestErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
}

export function nestError(status: number, message: string | string[]): NestErrorBody {
  return { statusCode: status, message, error: reasonPhrase(status) };
}

/** Thrown anywhere in a route or hook; the error handler turns it into a NestJS body. */
export class HttpError extends Error {
  readonly status: number;
  readonly messages: string | string[];
  readonly headers: Record<string, string>;

  constructor(status: number, message: string | string[], headers: Record<string, string> = {}) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.name = 'HttpError';
    this.status = status;
    this.messages = message;
    this.headers = headers;
  }

  body(): NestErrorBody {
    return nestError(this.status, this.messages);
  }
}
