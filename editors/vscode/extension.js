'use strict';
// reorder for VS Code: starts `reorder lsp`, keeps it told of the documents
// it reads, and shows what it answers (diagnostics, code actions,
// formatting, the "Move item" commands). The JSON-RPC client is client.js.

const vscode = require('vscode');
const { LanguageClient, syncKind } = require('./client');

/** The languages whose documents go to the server (VS Code's language ids). */
const LANGUAGES = ['json', 'jsonc', 'yaml', 'toml', 'markdown', 'plaintext', 'csv', 'tsv'];
/** Files served whatever language VS Code gives them (TOML, CSV and TSV have no built-in one). */
const PATTERN = '**/*.{json,jsonc,yaml,yml,toml,md,markdown,txt,csv,tsv}';
const POLICY_PATTERN = '**/.reorder.toml';

const MOVE_COMMANDS = {
    'reorder.moveItemUp': 'up',
    'reorder.moveItemDown': 'down',
    'reorder.moveItemToTop': 'top',
    'reorder.moveItemToBottom': 'bottom',
};

/** The document selector: the languages above and `reorder.languages`, on disk, and the patterns. */
function documentSelector(extraLanguages = []) {
    const languages = [...new Set([...LANGUAGES, ...extraLanguages])];
    return [
        ...languages.map((language) => ({ scheme: 'file', language })),
        { scheme: 'file', pattern: PATTERN },
        { scheme: 'file', pattern: POLICY_PATTERN },
    ];
}

// LSP ↔ VS Code. LSP positions are UTF-16 code units, as VS Code's are.

function toPosition(position) {
    return new vscode.Position(position.line, position.character);
}

function toRange(range) {
    return new vscode.Range(toPosition(range.start), toPosition(range.end));
}

function fromPosition(position) {
    return { line: position.line, character: position.character };
}

function fromRange(range) {
    return { start: fromPosition(range.start), end: fromPosition(range.end) };
}

const SEVERITIES = ['Error', 'Warning', 'Information', 'Hint'];

/** An LSP diagnostic as VS Code's (the original kept, for code actions). */
function toDiagnostic(diagnostic) {
    const severity = vscode.DiagnosticSeverity[SEVERITIES[(diagnostic.severity || 1) - 1]];
    const converted = new vscode.Diagnostic(toRange(diagnostic.range), diagnostic.message, severity);
    if (diagnostic.source !== undefined) converted.source = diagnostic.source;
    if (diagnostic.code !== undefined) converted.code = diagnostic.code;
    converted.lspDiagnostic = diagnostic;
    return converted;
}

function fromDiagnostic(diagnostic) {
    if (diagnostic.lspDiagnostic) return diagnostic.lspDiagnostic;
    const severity = SEVERITIES.findIndex((name) => vscode.DiagnosticSeverity[name] === diagnostic.severity);
    const converted = { range: fromRange(diagnostic.range), message: diagnostic.message, severity: severity + 1 };
    if (diagnostic.source !== undefined) converted.source = diagnostic.source;
    if (diagnostic.code !== undefined) converted.code = diagnostic.code;
    return converted;
}

function toTextEdit(edit) {
    return vscode.TextEdit.replace(toRange(edit.range), edit.newText);
}

/**
 * An LSP WorkspaceEdit as VS Code's. `documentChanges` name the version
 * they were made for: one of a document changed since is refused (the
 * edit would land on the wrong lines), with the reason.
 */
function toWorkspaceEdit(edit, openDocuments = () => vscode.workspace.textDocuments) {
    const converted = new vscode.WorkspaceEdit();
    const add = (uri, edits) => {
        const target = vscode.Uri.parse(uri);
        for (const one of edits) converted.replace(target, toRange(one.range), one.newText);
    };
    if (Array.isArray(edit.documentChanges)) {
        for (const change of edit.documentChanges) {
            if (!change.textDocument) {
                throw new Error(`the edit has a file operation ('${change.kind}'), which reorder never sends`);
            }
            const { uri, version } = change.textDocument;
            if (typeof version === 'number') {
                const open = openDocuments().find((document) => document.uri.toString() === vscode.Uri.parse(uri).toString());
                if (open && open.version !== version) {
                    throw new Error(`${uri} changed (version ${open.version}, the edit was made for version ${version})`);
                }
            }
            add(uri, change.edits);
        }
    } else if (edit.changes) {
        for (const [uri, edits] of Object.entries(edit.changes)) add(uri, edits);
    }
    return converted;
}

/** A line as compared when following a moved item: without the comma or spaces a move may add or drop at its end. */
function comparable(line) {
    return line.replace(/[\s,;]+$/, '');
}

/**
 * The line a moved item's line `line` (its text `text`) is at after the
 * LSP text edits `edits` (of whole lines, as reorder makes them): a line
 * no edit touches is where the edits above it shift it; a line an edit
 * removes went to a line the edits insert with its text, the first of
 * them for a move up or to the top, the last for one down or to the
 * bottom. Undefined when none has its text.
 */
function followedLine(edits, line, text, direction) {
    const sorted = [...edits].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    const touches = (edit) => edit.range.start.line <= line
        && (line < edit.range.end.line || (line === edit.range.end.line && edit.range.end.character > 0));
    const delta = (edit) => (edit.newText.split('\n').length - 1) - (edit.range.end.line - edit.range.start.line);
    let shift = 0;
    let touched = false;
    const inserted = [];
    for (const edit of sorted) {
        const lines = edit.newText.split('\n');
        if (lines[lines.length - 1] === '') lines.pop();
        const newStart = edit.range.start.line + shift;
        lines.forEach((content, index) => inserted.push({ line: newStart + index, content }));
        if (touches(edit)) touched = true;
        shift += delta(edit);
    }
    if (!touched) {
        // Untouched: shifted by the edits above it only.
        return line + sorted.filter((edit) => edit.range.end.line <= line).reduce((sum, edit) => sum + delta(edit), 0);
    }
    const wanted = comparable(text);
    const found = inserted.filter((candidate) => comparable(candidate.content) === wanted).map((candidate) => candidate.line);
    if (found.length === 0) return undefined;
    return direction === 'up' || direction === 'top' ? found[0] : found[found.length - 1];
}

function toCodeActionKind(kind) {
    return kind ? vscode.CodeActionKind.Empty.append(kind) : undefined;
}

/** The text edits an LSP WorkspaceEdit makes to `uri`. */
function editsFor(edit, uri) {
    if (Array.isArray(edit.documentChanges)) {
        return edit.documentChanges.filter((change) => change.textDocument && change.textDocument.uri === uri).flatMap((change) => change.edits);
    }
    return (edit.changes && edit.changes[uri]) || [];
}

/** Line `line` of a document, without its line break. */
function documentLine(document, line) {
    if (document.lineAt) return document.lineAt(line).text;
    return document.getText().split('\n')[line].replace(/\r$/, '');
}

/**
 * The extension's state: the server's client, the documents sent to it,
 * the diagnostics, the providers.
 */
class ReorderExtension {
    constructor(context) {
        this.context = context;
        this.output = vscode.window.createOutputChannel('reorder');
        this.diagnostics = vscode.languages.createDiagnosticCollection('reorder');
        this.client = null;
        this.starting = null;
        this.opened = new Set();
        this.watchers = new Map();
        this.providers = [];
        this.move = null;
        context.subscriptions.push(this.output, this.diagnostics);
    }

    get configuration() {
        return vscode.workspace.getConfiguration('reorder');
    }

    get selector() {
        return documentSelector(this.configuration.get('languages') || []);
    }

    serves(document) {
        return document.uri.scheme === 'file' && vscode.languages.match(this.selector, document) > 0;
    }

    log(line) {
        this.output.appendLine(line);
    }

    /** Starts `reorder lsp` (`reorder.path`, else `reorder` on PATH) and sends it the open documents. */
    async start() {
        const command = this.configuration.get('path') || 'reorder';
        const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
        const client = new LanguageClient(command, ['lsp'], { cwd: folder ? folder.uri.fsPath : undefined });
        client.on('log', (line) => this.log(line));
        client.on('exit', (code, signal) => {
            if (this.client === client) {
                this.log(`reorder lsp exited (${signal || 'status ' + code})`);
                this.client = null;
                this.opened.clear();
                this.diagnostics.clear();
                vscode.commands.executeCommand('setContext', 'reorder.active', false);
            }
        });
        this.handleServerMessages(client);
        try {
            await client.start();
        } catch (error) {
            const message = error.code === 'ENOENT'
                ? `reorder: '${command}' was not found. Install reorder, or set "reorder.path" to the program.`
                : `reorder: '${command} lsp' could not start: ${error.message}`;
            this.log(message);
            vscode.window.showErrorMessage(message);
            return false;
        }
        this.client = client;
        try {
            await client.initialize({
                processId: process.pid,
                clientInfo: { name: 'reorder for VS Code', version: this.context.extension ? this.context.extension.packageJSON.version : undefined },
                rootUri: folder ? folder.uri.toString() : null,
                workspaceFolders: (vscode.workspace.workspaceFolders || []).map((f) => ({ uri: f.uri.toString(), name: f.name })),
                capabilities: CLIENT_CAPABILITIES,
            });
        } catch (error) {
            const message = `reorder: '${command} lsp' did not start: ${error.message} (its output: "reorder: Show the Server's Output")`;
            this.log(message);
            vscode.window.showErrorMessage(message);
            this.client = null;
            await client.stop(500);
            return false;
        }
        this.log(`started ${command} lsp` + (client.serverInfo ? ` (${client.serverInfo.name} ${client.serverInfo.version})` : ''));
        await vscode.commands.executeCommand('setContext', 'reorder.active', true);
        for (const document of vscode.workspace.textDocuments) this.didOpen(document);
        return true;
    }

    async stop() {
        const client = this.client;
        this.client = null;
        this.opened.clear();
        this.diagnostics.clear();
        for (const watcher of this.watchers.values()) watcher.dispose();
        this.watchers.clear();
        if (client) {
            vscode.commands.executeCommand('setContext', 'reorder.active', false);
            await client.stop();
        }
    }

    handleServerMessages(client) {
        client.onNotification('textDocument/publishDiagnostics', (params) => {
            if (this.client !== client) return; // a server stopped since
            this.diagnostics.set(vscode.Uri.parse(params.uri), (params.diagnostics || []).map(toDiagnostic));
        });
        client.onNotification('window/logMessage', (params) => this.log(params.message));
        client.onNotification('window/showMessage', (params) => this.show(params.type, params.message));
        client.onRequest('window/showMessageRequest', (params) => {
            this.show(params.type, params.message);
            return null;
        });
        client.onRequest('workspace/configuration', (params) => (params.items || []).map(() => null));
        client.onRequest('workspace/applyEdit', (params) => this.applyEdit(params.edit, params.label));
        client.onRequest('client/registerCapability', (params) => {
            for (const registration of params.registrations || []) this.register(client, registration);
            return null;
        });
        client.onRequest('client/unregisterCapability', (params) => {
            for (const registration of params.unregisterations || params.unregistrations || []) {
                const watcher = this.watchers.get(registration.id);
                if (watcher) watcher.dispose();
                this.watchers.delete(registration.id);
            }
            return null;
        });
    }

    show(type, message) {
        if (type === 1) vscode.window.showErrorMessage(`reorder: ${message}`);
        else if (type === 2) vscode.window.showWarningMessage(`reorder: ${message}`);
        else vscode.window.showInformationMessage(`reorder: ${message}`);
    }

    /** The file watchers the server asks for (`workspace/didChangeWatchedFiles`). */
    register(client, registration) {
        if (registration.method !== 'workspace/didChangeWatchedFiles') return;
        const watchers = ((registration.registerOptions || {}).watchers || []).map((watcher) => {
            const pattern = typeof watcher.globPattern === 'string' ? watcher.globPattern : watcher.globPattern.pattern;
            const fileWatcher = vscode.workspace.createFileSystemWatcher(pattern);
            const send = (type) => (uri) => {
                if (this.client === client) client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri.toString(), type }] });
            };
            fileWatcher.onDidCreate(send(1));
            fileWatcher.onDidChange(send(2));
            fileWatcher.onDidDelete(send(3));
            return fileWatcher;
        });
        this.watchers.set(registration.id, { dispose: () => watchers.forEach((w) => w.dispose()) });
    }

    /** A server's WorkspaceEdit applied: `{applied}`, and why not. */
    async applyEdit(edit, label) {
        const move = this.move;
        let converted;
        try {
            converted = toWorkspaceEdit(edit);
        } catch (error) {
            this.log(`reorder: ${label || 'an edit'} was not applied: ${error.message}`);
            return { applied: false, failureReason: error.message };
        }
        let followed;
        if (move) {
            const edits = editsFor(edit, move.uri);
            followed = followedLine(edits, move.line, move.text, move.direction);
        }
        const applied = await vscode.workspace.applyEdit(converted);
        if (!applied) return { applied: false, failureReason: 'VS Code did not apply the edit' };
        // The selection follows the item it moved, as VS Code's Move Line does.
        const editor = vscode.window.activeTextEditor;
        if (move && followed !== undefined && editor && editor.document.uri.toString() === move.uri) {
            const delta = followed - move.line;
            const { anchor, active } = move.selection;
            editor.selection = new vscode.Selection(
                new vscode.Position(Math.max(0, anchor.line + delta), anchor.character),
                new vscode.Position(Math.max(0, active.line + delta), active.character));
            if (editor.revealRange) editor.revealRange(editor.selection);
        }
        return { applied: true };
    }

    // Document sync.

    didOpen(document) {
        if (!this.client || !this.serves(document)) return;
        const uri = document.uri.toString();
        if (this.opened.has(uri)) return;
        this.opened.add(uri);
        this.client.notify('textDocument/didOpen', {
            textDocument: { uri, languageId: document.languageId, version: document.version, text: document.getText() },
        });
    }

    didChange(event) {
        const uri = event.document.uri.toString();
        if (!this.client || !this.opened.has(uri) || event.contentChanges.length === 0) return;
        const contentChanges = syncKind(this.client.capabilities) === 2
            ? event.contentChanges.map((change) => ({ range: fromRange(change.range), text: change.text }))
            : [{ text: event.document.getText() }];
        this.client.notify('textDocument/didChange', { textDocument: { uri, version: event.document.version }, contentChanges });
    }

    didSave(document) {
        const uri = document.uri.toString();
        if (this.client && this.opened.has(uri)) this.client.notify('textDocument/didSave', { textDocument: { uri } });
    }

    didClose(document) {
        const uri = document.uri.toString();
        if (!this.opened.delete(uri)) return;
        this.diagnostics.delete(document.uri);
        if (this.client) this.client.notify('textDocument/didClose', { textDocument: { uri } });
    }

    // Providers.

    async provideCodeActions(document, range, context) {
        if (!this.client || !this.opened.has(document.uri.toString())) return [];
        const params = {
            textDocument: { uri: document.uri.toString() },
            range: fromRange(range),
            // The server's own diagnostics only (other extensions' are in the context too).
            context: { diagnostics: (context.diagnostics || []).filter((d) => d.lspDiagnostic).map(fromDiagnostic) },
        };
        if (context.only) params.context.only = [context.only.value];
        if (context.triggerKind !== undefined) params.context.triggerKind = context.triggerKind;
        const actions = (await this.client.request('textDocument/codeAction', params)) || [];
        const converted = [];
        for (const action of actions) {
            if (typeof action.command === 'string') {
                // A bare Command.
                const command = new vscode.CodeAction(action.title);
                command.command = { title: action.title, command: 'reorder.executeServerCommand', arguments: [action.command, action.arguments || []] };
                converted.push(command);
                continue;
            }
            const codeAction = new vscode.CodeAction(action.title, toCodeActionKind(action.kind));
            if (action.edit) {
                try {
                    codeAction.edit = toWorkspaceEdit(action.edit);
                } catch (error) {
                    this.log(`reorder: ${action.title}: ${error.message}`);
                    continue;
                }
            }
            if (action.diagnostics) codeAction.diagnostics = action.diagnostics.map(toDiagnostic);
            if (action.isPreferred) codeAction.isPreferred = true;
            if (action.command) {
                codeAction.command = {
                    title: action.command.title,
                    command: 'reorder.executeServerCommand',
                    arguments: [action.command.command, action.command.arguments || []],
                };
            }
            converted.push(codeAction);
        }
        return converted;
    }

    async formattingEdits(document, options) {
        if (!this.client || !this.opened.has(document.uri.toString())) return [];
        const edits = await this.client.request('textDocument/formatting', {
            textDocument: { uri: document.uri.toString() },
            options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces },
        });
        return (edits || []).map(toTextEdit);
    }

    // Commands.

    /** `workspace/executeCommand`; an error of the server shown, not thrown. */
    async executeServerCommand(command, args) {
        if (!this.client) {
            vscode.window.showWarningMessage('reorder: the server is not running');
            return undefined;
        }
        try {
            return await this.client.request('workspace/executeCommand', { command, arguments: args });
        } catch (error) {
            vscode.window.showInformationMessage(`reorder: ${error.message}`);
            return undefined;
        }
    }

    /** "Move Item Up" and the others: the item at the cursor, or the items the selection spans. */
    async moveItem(direction) {
        const editor = vscode.window.activeTextEditor;
        if (!editor) return undefined;
        const document = editor.document;
        if (!this.serves(document)) {
            vscode.window.showInformationMessage(`reorder: ${document.languageId} documents are not served; see the setting reorder.languages`);
            return undefined;
        }
        if (!this.client) await this.ensureStarted();
        this.didOpen(document);
        const selection = editor.selection;
        const argument = { uri: document.uri.toString(), version: document.version, direction };
        if (selection.isEmpty) argument.position = fromPosition(selection.active);
        else argument.range = fromRange(selection);
        const line = selection.isEmpty ? selection.active.line : selection.start.line;
        this.move = { uri: argument.uri, direction, selection, line, text: documentLine(document, line) };
        try {
            return await this.executeServerCommand('reorder.moveItem', [argument]);
        } finally {
            this.move = null;
        }
    }

    async ensureStarted() {
        if (this.client) return true;
        if (!this.starting) this.starting = this.start().finally(() => { this.starting = null; });
        return this.starting;
    }

    async restart() {
        await this.stop();
        return this.ensureStarted();
    }

    registerProviders() {
        for (const provider of this.providers) provider.dispose();
        const selector = this.selector;
        this.providers = [
            vscode.languages.registerCodeActionsProvider(selector, {
                provideCodeActions: (document, range, context) => this.provideCodeActions(document, range, context),
            }, {
                providedCodeActionKinds: [
                    vscode.CodeActionKind.QuickFix,
                    vscode.CodeActionKind.Refactor.append('move'),
                    vscode.CodeActionKind.SourceFixAll.append('reorder'),
                ],
            }),
            vscode.languages.registerDocumentFormattingEditProvider(selector, {
                provideDocumentFormattingEdits: (document, options) => this.formattingEdits(document, options),
            }),
        ];
    }

    /** Whether the active editor's document is served: the key bindings' `reorder.served`. */
    updateServedContext() {
        const editor = vscode.window.activeTextEditor;
        vscode.commands.executeCommand('setContext', 'reorder.served', Boolean(editor && this.serves(editor.document)));
    }
}

const CLIENT_CAPABILITIES = {
    workspace: {
        applyEdit: true,
        workspaceEdit: { documentChanges: true },
        didChangeWatchedFiles: { dynamicRegistration: true },
        executeCommand: { dynamicRegistration: false },
        configuration: false,
    },
    textDocument: {
        synchronization: { dynamicRegistration: false, didSave: true, willSave: false, willSaveWaitUntil: false },
        publishDiagnostics: { versionSupport: true },
        codeAction: {
            dynamicRegistration: false,
            isPreferredSupport: true,
            codeActionLiteralSupport: {
                codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.move', 'refactor.rewrite', 'source', 'source.fixAll'] },
            },
        },
        formatting: { dynamicRegistration: false },
    },
};

let current = null;

async function activate(context) {
    const extension = new ReorderExtension(context);
    current = extension;
    const subscriptions = context.subscriptions;
    extension.registerProviders();
    subscriptions.push({ dispose: () => extension.providers.forEach((p) => p.dispose()) });
    subscriptions.push(
        vscode.workspace.onDidOpenTextDocument((document) => {
            extension.didOpen(document);
            // A language mode changed is a document closed and opened again.
            extension.updateServedContext();
        }),
        vscode.workspace.onDidChangeTextDocument((event) => extension.didChange(event)),
        vscode.workspace.onDidSaveTextDocument((document) => extension.didSave(document)),
        vscode.workspace.onDidCloseTextDocument((document) => extension.didClose(document)),
        vscode.workspace.onWillSaveTextDocument((event) => {
            if (extension.configuration.get('formatOnSave') && extension.serves(event.document)) {
                const editorOptions = vscode.workspace.getConfiguration('editor', event.document.uri);
                event.waitUntil(extension.formattingEdits(event.document, {
                    tabSize: editorOptions.get('tabSize') || 4,
                    insertSpaces: editorOptions.get('insertSpaces') !== false,
                }).catch((error) => {
                    extension.log(`reorder: formatting on save: ${error.message}`);
                    return [];
                }));
            }
        }),
        vscode.window.onDidChangeActiveTextEditor(() => extension.updateServedContext()),
        vscode.workspace.onDidChangeConfiguration(async (event) => {
            if (event.affectsConfiguration('reorder.languages')) {
                extension.registerProviders();
                extension.updateServedContext();
                if (extension.client) for (const document of vscode.workspace.textDocuments) extension.didOpen(document);
            }
            if (event.affectsConfiguration('reorder.path')) await extension.restart();
        }),
    );
    for (const [command, direction] of Object.entries(MOVE_COMMANDS)) {
        subscriptions.push(vscode.commands.registerCommand(command, () => extension.moveItem(direction)));
    }
    subscriptions.push(
        vscode.commands.registerCommand('reorder.executeServerCommand', (command, args) => extension.executeServerCommand(command, args)),
        vscode.commands.registerCommand('reorder.restartServer', () => extension.restart()),
        vscode.commands.registerCommand('reorder.showOutput', () => extension.output.show(true)),
        { dispose: () => extension.stop() },
    );
    extension.updateServedContext();
    await extension.ensureStarted();
    return extension;
}

async function deactivate() {
    if (current) {
        const extension = current;
        current = null;
        await extension.stop();
    }
}

module.exports = {
    activate,
    deactivate,
    documentSelector,
    toWorkspaceEdit,
    followedLine,
    toDiagnostic,
    fromDiagnostic,
    LANGUAGES,
    PATTERN,
    MOVE_COMMANDS,
    CLIENT_CAPABILITIES,
};
