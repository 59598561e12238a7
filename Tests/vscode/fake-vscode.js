'use strict';
// A stand-in for the `vscode` module, as much of it as extension.js uses,
// with documents held in memory: `install()` makes require('vscode') give
// it. What the extension registers is recorded for the tests to check and
// call; edits applied through workspace.applyEdit change the documents
// and fire onDidChangeTextDocument, as VS Code does.

const Module = require('module');
const path = require('path');
const { pathToFileURL, fileURLToPath } = require('url');

class Emitter {
    constructor() {
        this.listeners = [];
        this.event = (listener) => {
            this.listeners.push(listener);
            return { dispose: () => { this.listeners = this.listeners.filter((l) => l !== listener); } };
        };
    }

    fire(value) {
        for (const listener of [...this.listeners]) listener(value);
    }
}

class Position {
    constructor(line, character) {
        if (line < 0 || character < 0) throw new Error(`illegal position ${line}:${character}`);
        this.line = line;
        this.character = character;
    }

    compareTo(other) {
        return this.line - other.line || this.character - other.character;
    }
}

class Range {
    constructor(start, end) {
        if (!(start instanceof Position) || !(end instanceof Position)) throw new Error('a Range takes two Positions');
        [this.start, this.end] = start.compareTo(end) <= 0 ? [start, end] : [end, start];
    }

    get isEmpty() {
        return this.start.compareTo(this.end) === 0;
    }
}

class Selection extends Range {
    constructor(anchor, active) {
        super(anchor, active);
        this.anchor = anchor;
        this.active = active;
    }
}

const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };

class Diagnostic {
    constructor(range, message, severity = DiagnosticSeverity.Error) {
        if (!(range instanceof Range)) throw new Error('a Diagnostic takes a Range');
        this.range = range;
        this.message = message;
        this.severity = severity;
    }
}

class TextEdit {
    constructor(range, newText) {
        this.range = range;
        this.newText = newText;
    }

    static replace(range, newText) {
        if (!(range instanceof Range)) throw new Error('TextEdit.replace takes a Range');
        return new TextEdit(range, newText);
    }
}

class Uri {
    constructor(scheme, fsPath, text) {
        this.scheme = scheme;
        this.fsPath = fsPath;
        this.text = text;
    }

    static parse(text) {
        const scheme = text.slice(0, text.indexOf(':'));
        return new Uri(scheme, scheme === 'file' ? fileURLToPath(text) : '', text);
    }

    static file(file) {
        return new Uri('file', file, pathToFileURL(file).toString());
    }

    get path() {
        return this.fsPath;
    }

    toString() {
        return this.text;
    }
}

class WorkspaceEdit {
    constructor() {
        this.edits = [];
    }

    replace(uri, range, newText) {
        if (!(uri instanceof Uri) || !(range instanceof Range)) throw new Error('WorkspaceEdit.replace takes a Uri and a Range');
        this.edits.push({ uri, edit: new TextEdit(range, newText) });
    }

    get size() {
        return new Set(this.edits.map((e) => e.uri.toString())).size;
    }

    entries() {
        const byUri = new Map();
        for (const { uri, edit } of this.edits) {
            if (!byUri.has(uri.toString())) byUri.set(uri.toString(), [uri, []]);
            byUri.get(uri.toString())[1].push(edit);
        }
        return [...byUri.values()];
    }
}

class CodeActionKind {
    constructor(value) {
        this.value = value;
    }

    append(part) {
        return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
    }

    contains(other) {
        return this.value === '' || other.value === this.value || other.value.startsWith(this.value + '.');
    }
}
CodeActionKind.Empty = new CodeActionKind('');
CodeActionKind.QuickFix = new CodeActionKind('quickfix');
CodeActionKind.Refactor = new CodeActionKind('refactor');
CodeActionKind.Source = new CodeActionKind('source');
CodeActionKind.SourceFixAll = new CodeActionKind('source.fixAll');

class CodeAction {
    constructor(title, kind) {
        this.title = title;
        this.kind = kind;
    }
}

/** A document in memory: VS Code's TextDocument, as far as the extension reads it. */
class TextDocument {
    constructor(uri, languageId, text) {
        this.uri = uri;
        this.languageId = languageId;
        this.text = text;
        this.version = 1;
        this.isClosed = false;
    }

    getText() {
        return this.text;
    }

    offsetAt(position) {
        let offset = 0;
        for (let line = 0; line < position.line; line++) {
            const next = this.text.indexOf('\n', offset);
            if (next < 0) return this.text.length;
            offset = next + 1;
        }
        let end = this.text.indexOf('\n', offset);
        if (end < 0) end = this.text.length;
        if (end > offset && this.text[end - 1] === '\r') end -= 1;
        return Math.min(offset + position.character, end);
    }
}

/** Globs as VS Code's document filters write them: **, *, ?, {a,b}. */
function globToRegExp(glob) {
    let out = '';
    for (let i = 0; i < glob.length; i++) {
        const c = glob[i];
        if (glob.startsWith('**/', i)) {
            out += '(?:.*/)?';
            i += 2;
        } else if (glob.startsWith('**', i)) {
            out += '.*';
            i += 1;
        } else if (c === '*') out += '[^/]*';
        else if (c === '?') out += '[^/]';
        else if (c === '{') out += '(?:';
        else if (c === '}') out += ')';
        else if (c === ',') out += '|';
        else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
    }
    return new RegExp('^' + out + '$');
}

function create() {
    const state = {
        commands: new Map(),
        contexts: new Map(),
        codeActionProviders: [],
        formattingProviders: [],
        diagnosticCollections: [],
        outputChannels: [],
        messages: [],
        watchers: [],
        configuration: { reorder: { path: 'reorder', formatOnSave: false, altShiftArrows: true, languages: [] }, editor: { tabSize: 2, insertSpaces: true } },
        applied: [],
    };
    const events = {
        open: new Emitter(), change: new Emitter(), save: new Emitter(), close: new Emitter(), willSave: new Emitter(),
        activeEditor: new Emitter(), configuration: new Emitter(),
    };
    const disposable = (fn = () => {}) => ({ dispose: fn });

    function match(selector, document) {
        let best = 0;
        for (const filter of [].concat(selector)) {
            if (typeof filter === 'string') {
                if (filter === document.languageId) best = Math.max(best, 10);
                continue;
            }
            if (filter.scheme && filter.scheme !== document.uri.scheme) continue;
            if (filter.language && filter.language !== document.languageId) continue;
            if (filter.pattern && !globToRegExp(filter.pattern).test(document.uri.fsPath)) continue;
            best = Math.max(best, filter.language ? 10 : 5);
        }
        return best;
    }

    const workspace = {
        textDocuments: [],
        workspaceFolders: [],
        getConfiguration(section) {
            const values = state.configuration[section] || {};
            return { get: (key, fallback) => (key in values ? values[key] : fallback) };
        },
        onDidOpenTextDocument: events.open.event,
        onDidChangeTextDocument: events.change.event,
        onDidSaveTextDocument: events.save.event,
        onDidCloseTextDocument: events.close.event,
        onWillSaveTextDocument: events.willSave.event,
        onDidChangeConfiguration: events.configuration.event,
        createFileSystemWatcher(pattern) {
            const watcher = { pattern, create: new Emitter(), change: new Emitter(), delete: new Emitter(), disposed: false };
            state.watchers.push(watcher);
            return {
                onDidCreate: watcher.create.event, onDidChange: watcher.change.event, onDidDelete: watcher.delete.event,
                dispose: () => { watcher.disposed = true; },
            };
        },
        async applyEdit(edit) {
            state.applied.push(edit);
            for (const [uri, edits] of edit.entries()) {
                const document = workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
                if (!document) return false;
                api.editDocument(document, edits);
            }
            return true;
        },
    };

    const api = {
        Position, Range, Selection, Diagnostic, DiagnosticSeverity, TextEdit, Uri, WorkspaceEdit, CodeAction, CodeActionKind,
        EventEmitter: Emitter,
        workspace,
        window: {
            activeTextEditor: undefined,
            createOutputChannel(name) {
                const channel = { name, lines: [], appendLine: (line) => channel.lines.push(line), show() {}, dispose() {} };
                state.outputChannels.push(channel);
                return channel;
            },
            showErrorMessage: async (message) => { state.messages.push(['error', message]); },
            showWarningMessage: async (message) => { state.messages.push(['warning', message]); },
            showInformationMessage: async (message) => { state.messages.push(['information', message]); },
            onDidChangeActiveTextEditor: events.activeEditor.event,
        },
        languages: {
            createDiagnosticCollection(name) {
                const entries = new Map();
                const collection = {
                    name,
                    set: (uri, diagnostics) => entries.set(uri.toString(), diagnostics),
                    get: (uri) => entries.get(uri.toString()),
                    delete: (uri) => entries.delete(uri.toString()),
                    clear: () => entries.clear(),
                    dispose: () => entries.clear(),
                };
                state.diagnosticCollections.push(collection);
                return collection;
            },
            registerCodeActionsProvider(selector, provider, metadata) {
                const entry = { selector, provider, metadata, disposed: false };
                state.codeActionProviders.push(entry);
                return disposable(() => { entry.disposed = true; });
            },
            registerDocumentFormattingEditProvider(selector, provider) {
                const entry = { selector, provider, disposed: false };
                state.formattingProviders.push(entry);
                return disposable(() => { entry.disposed = true; });
            },
            match,
        },
        commands: {
            registerCommand(id, handler) {
                if (state.commands.has(id)) throw new Error(`command '${id}' already exists`);
                state.commands.set(id, handler);
                return disposable(() => state.commands.delete(id));
            },
            async executeCommand(id, ...args) {
                if (id === 'setContext') {
                    state.contexts.set(args[0], args[1]);
                    return undefined;
                }
                const handler = state.commands.get(id);
                if (!handler) throw new Error(`command '${id}' not found`);
                return handler(...args);
            },
        },

        // For the tests (not VS Code's API).
        state,
        events,
        /** Opens a document: it joins textDocuments, and onDidOpenTextDocument fires. */
        openDocument(file, languageId, text) {
            const document = new TextDocument(Uri.file(file), languageId, text);
            workspace.textDocuments.push(document);
            events.open.fire(document);
            return document;
        },
        /** Edits a document as the user would: one change event, its changes last first. */
        editDocument(document, edits) {
            const spans = edits.map((edit) => ({ edit, start: document.offsetAt(edit.range.start), end: document.offsetAt(edit.range.end) }));
            spans.sort((a, b) => b.start - a.start);
            const contentChanges = [];
            for (const { edit, start, end } of spans) {
                document.text = document.text.slice(0, start) + edit.newText + document.text.slice(end);
                contentChanges.push({ range: edit.range, text: edit.newText });
            }
            document.version += 1;
            events.change.fire({ document, contentChanges });
        },
        setActiveEditor(document, selection) {
            api.window.activeTextEditor = document ? { document, selection } : undefined;
            events.activeEditor.fire(api.window.activeTextEditor);
        },
    };
    return api;
}

/** Makes require('vscode') give `fake` from here on. */
function install(fake) {
    const resolve = Module._resolveFilename;
    Module._resolveFilename = function (request, ...rest) {
        return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
    };
    require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: fake };
    return fake;
}

module.exports = { create, install, globToRegExp, TextDocument, extensionPath: path.join(__dirname, '../../editors/vscode') };
