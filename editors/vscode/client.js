'use strict';
// A small Language Server Protocol client: JSON-RPC 2.0 over a child
// process's standard input and output, with the Content-Length framing of
// the base protocol. It knows nothing of VS Code (extension.js joins the
// two), so that the tests run it with node alone against `reorder lsp`.

const { spawn } = require('child_process');
const { EventEmitter } = require('events');

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

/** An error response of the server, as an Error with its code and data. */
class ResponseError extends Error {
    constructor(method, error) {
        super(typeof error.message === 'string' ? error.message : `${method} failed`);
        this.name = 'ResponseError';
        this.method = method;
        this.code = error.code;
        this.data = error.data;
    }
}

/**
 * Reads framed messages from chunks of bytes: `feed(chunk)` returns the
 * messages now complete, each parsed from JSON. A frame without a
 * Content-Length, or whose body is not JSON, throws.
 */
class MessageReader {
    constructor() {
        this.buffer = Buffer.alloc(0);
    }

    feed(chunk) {
        this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
        const messages = [];
        for (;;) {
            const end = this.buffer.indexOf(HEADER_END);
            if (end < 0) break;
            let length = -1;
            for (const line of this.buffer.subarray(0, end).toString('ascii').split('\r\n')) {
                const colon = line.indexOf(':');
                if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-length') {
                    length = Number.parseInt(line.slice(colon + 1).trim(), 10);
                }
            }
            if (!(length >= 0)) throw new Error('a message from the server has no Content-Length header');
            const start = end + HEADER_END.length;
            if (this.buffer.length < start + length) break;
            const body = this.buffer.subarray(start, start + length).toString('utf8');
            this.buffer = this.buffer.subarray(start + length);
            messages.push(JSON.parse(body));
        }
        return messages;
    }
}

/** One message, framed: its header and its UTF-8 body. */
function frame(message) {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/**
 * The client of one server process. Events: 'log' (a line for the output
 * channel: the server's standard error, messages it logs), 'exit' (code,
 * signal), 'error' (the process could not start).
 */
class LanguageClient extends EventEmitter {
    /** `command` and `args` start the server; `options.cwd`, `options.env`. */
    constructor(command, args, options = {}) {
        super();
        this.command = command;
        this.args = args;
        this.options = options;
        this.process = null;
        this.nextId = 1;
        this.pending = new Map();
        this.requestHandlers = new Map();
        this.notificationHandlers = new Map();
        this.capabilities = null;
        this.serverInfo = null;
        this.exited = null;
    }

    /** Starts the process; resolves once it runs, rejects if it cannot start. */
    start() {
        return new Promise((resolve, reject) => {
            let child;
            try {
                child = spawn(this.command, this.args, {
                    cwd: this.options.cwd,
                    env: this.options.env || process.env,
                    stdio: ['pipe', 'pipe', 'pipe'],
                });
            } catch (error) {
                reject(error);
                return;
            }
            this.process = child;
            const reader = new MessageReader();
            let started = false;
            this.exited = new Promise((done) => {
                child.on('close', (code, signal) => {
                    this.failPending(new Error(`the server ${this.command} exited (${signal || 'status ' + code})`));
                    this.emit('exit', code, signal);
                    done({ code, signal });
                });
            });
            child.on('error', (error) => {
                if (!started) {
                    reject(error);
                } else {
                    this.emit('log', `reorder: ${error.message}`);
                }
            });
            child.on('spawn', () => {
                started = true;
                resolve();
            });
            child.stdin.on('error', () => {}); // an exited server: its requests fail instead
            child.stdout.on('data', (chunk) => {
                let messages;
                try {
                    messages = reader.feed(chunk);
                } catch (error) {
                    this.emit('log', `reorder: ${error.message}; stopping the server`);
                    child.kill();
                    return;
                }
                for (const message of messages) this.dispatch(message);
            });
            child.stderr.setEncoding('utf8');
            child.stderr.on('data', (text) => {
                for (const line of text.split('\n')) if (line !== '') this.emit('log', line);
            });
        });
    }

    failPending(error) {
        for (const { reject } of this.pending.values()) reject(error);
        this.pending.clear();
    }

    write(message) {
        if (!this.process || this.process.exitCode !== null || this.process.signalCode !== null) return false;
        this.process.stdin.write(frame(message));
        return true;
    }

    /** A request: resolves with its result, rejects with a ResponseError. */
    request(method, params) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { method, resolve, reject });
            if (!this.write({ jsonrpc: '2.0', id, method, params })) {
                this.pending.delete(id);
                reject(new Error(`the server is not running (${method})`));
            }
        });
    }

    notify(method, params) {
        this.write({ jsonrpc: '2.0', method, params });
    }

    /** `handler(params)` answers the server's requests of `method` (its value, or a promise of it). */
    onRequest(method, handler) {
        this.requestHandlers.set(method, handler);
    }

    onNotification(method, handler) {
        this.notificationHandlers.set(method, handler);
    }

    dispatch(message) {
        if (typeof message !== 'object' || message === null) return;
        if (typeof message.method === 'string' && message.id !== undefined) {
            this.answer(message);
        } else if (typeof message.method === 'string') {
            const handler = this.notificationHandlers.get(message.method);
            if (handler) {
                try {
                    handler(message.params);
                } catch (error) {
                    this.emit('log', `reorder: ${message.method}: ${error.message}`);
                }
            }
        } else if (message.id !== undefined) {
            const waiting = this.pending.get(message.id);
            if (!waiting) return;
            this.pending.delete(message.id);
            if (message.error) {
                waiting.reject(new ResponseError(waiting.method, message.error));
            } else {
                waiting.resolve(message.result === undefined ? null : message.result);
            }
        }
    }

    /** The answer to a request of the server: its handler's result, or an error. */
    async answer(message) {
        const handler = this.requestHandlers.get(message.method);
        if (!handler) {
            this.write({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `no method '${message.method}' in the client` } });
            return;
        }
        try {
            const result = await handler(message.params);
            this.write({ jsonrpc: '2.0', id: message.id, result: result === undefined ? null : result });
        } catch (error) {
            this.write({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: String(error && error.message || error) } });
        }
    }

    /** `initialize`, then `initialized`: the server's capabilities. */
    async initialize(params) {
        const result = await this.request('initialize', params);
        this.capabilities = (result && result.capabilities) || {};
        this.serverInfo = (result && result.serverInfo) || null;
        this.notify('initialized', {});
        return result;
    }

    /**
     * `shutdown`, then `exit`; resolves with the process's exit status
     * (killed if it has not exited after `timeout` milliseconds).
     */
    async stop(timeout = 2000) {
        if (!this.process) return null;
        if (this.process.exitCode === null && this.process.signalCode === null) {
            try {
                await Promise.race([
                    this.request('shutdown', null),
                    new Promise((resolve) => setTimeout(resolve, timeout).unref()),
                ]);
            } catch (error) {
                // It exited already, or refused: exit or kill ends it either way.
            }
            this.notify('exit', null);
        }
        let timer;
        const killed = new Promise((resolve) => {
            timer = setTimeout(() => {
                this.process.kill('SIGKILL');
                resolve();
            }, timeout);
        });
        const status = await Promise.race([this.exited, killed.then(() => this.exited)]);
        clearTimeout(timer);
        return status;
    }
}

/** The capability `textDocumentSync.change`: 1 full, 2 incremental, 0 none. */
function syncKind(capabilities) {
    const sync = capabilities && capabilities.textDocumentSync;
    if (typeof sync === 'number') return sync;
    if (sync && typeof sync.change === 'number') return sync.change;
    return 0;
}

module.exports = { LanguageClient, MessageReader, ResponseError, frame, syncKind };
