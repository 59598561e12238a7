'use strict';
// The extension activated against a stand-in of the `vscode` module
// (fake-vscode.js), with the real `reorder lsp` ($REORDER) behind it: the
// commands and providers it registers, its manifest (package.json: the
// fields the Marketplace requires, the key bindings), and what a user
// sees: diagnostics in the collection, a code action's edit, formatting on
// save, "Move Item Up" through the server's workspace/applyEdit.
// VS Code itself is not run: this checks the extension's side of its API.
//
//   node Tests/vscode/activation.test.js [--expect-move]

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { builtinModules } = require('module');
const fakeVSCode = require('./fake-vscode');
const { temporaryFolder, run, waitFor } = require('./support');

const vscode = fakeVSCode.install(fakeVSCode.create());
const root = path.join(__dirname, '../..');
const extensionFolder = path.join(root, 'editors/vscode');
const manifest = JSON.parse(fs.readFileSync(path.join(extensionFolder, 'package.json'), 'utf8'));
const extension = require('../../editors/vscode/extension');
const expectMove = process.argv.includes('--expect-move');
const folder = temporaryFolder();
vscode.state.configuration.reorder.path = process.env.REORDER || 'reorder';
vscode.workspace.workspaceFolders = [{ uri: vscode.Uri.file(folder), name: 'project', index: 0 }];

const context = { subscriptions: [], extension: { packageJSON: manifest }, extensionPath: extensionFolder };
let instance;

/** The version the binary has, from its one source. */
function commandTableVersion() {
    const source = fs.readFileSync(path.join(root, 'Sources/ReorderCLI/CommandLine/CommandTable.swift'), 'utf8');
    return source.match(/static let version = "([^"]+)"/)[1];
}

// The Marketplace's categories (vsce refuses others).
const CATEGORIES = ['Azure', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps',
    'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Other', 'Programming Languages', 'SCM Providers',
    'Snippets', 'Testing', 'Themes', 'Visualization', 'AI', 'Chat'];

/** A key binding's key as VS Code reads it: chords of modifiers+key, each modifier once. */
function validKey(key) {
    const keys = /^(?:[a-z0-9]|f(?:[1-9]|1[0-9]|20)|up|down|left|right|home|end|pageup|pagedown|tab|enter|escape|space|backspace|delete|insert|[`\-=[\]\\;',./])$/;
    return key.split(' ').length <= 2 && key.split(' ').every((chord) => {
        const parts = chord.split('+');
        const modifiers = parts.slice(0, -1);
        return keys.test(parts[parts.length - 1]) && new Set(modifiers).size === modifiers.length
            && modifiers.every((m) => ['ctrl', 'shift', 'alt', 'cmd', 'meta', 'win'].includes(m));
    });
}

const PACKAGE = '{\n  "dependencies": {\n    "zod": "3",\n    "axios": "1"\n  }\n}\n';
const PACKAGE_SORTED = '{\n  "dependencies": {\n    "axios": "1",\n    "zod": "3"\n  }\n}\n';

function openFile(name, languageId, text) {
    const file = path.join(folder, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return vscode.openDocument(file, languageId, text);
}

function diagnosticsOf(document) {
    return vscode.state.diagnosticCollections[0].get(document.uri);
}

const checks = [
    ['the manifest has what the Marketplace requires', () => {
        assert.match(manifest.name, /^[a-z0-9][a-z0-9-]*$/);
        for (const field of ['displayName', 'description', 'publisher', 'license', 'main']) {
            assert.ok(typeof manifest[field] === 'string' && manifest[field].length > 0, field);
        }
        assert.strictEqual(manifest.version, commandTableVersion(), 'package.json version is CommandTable.version');
        assert.match(manifest.version, /^\d+\.\d+\.\d+$/);
        assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
        assert.match(manifest.repository.url, /^https:\/\//);
        assert.strictEqual(manifest.license, 'MIT');
        assert.ok(manifest.categories.length > 0 && manifest.categories.every((c) => CATEGORIES.includes(c)), manifest.categories.join());
        assert.ok(fs.existsSync(path.join(extensionFolder, manifest.main)), manifest.main);
        assert.deepStrictEqual(manifest.dependencies || {}, {}, 'no npm dependencies');
        assert.strictEqual(manifest.devDependencies, undefined, 'no npm dependencies');
        assert.strictEqual(manifest.scripts, undefined, 'no build step');
        for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) assert.ok(fs.existsSync(path.join(extensionFolder, file)), file);
        assert.strictEqual(fs.readFileSync(path.join(extensionFolder, 'LICENSE'), 'utf8'), fs.readFileSync(path.join(root, 'LICENSE'), 'utf8'));
    }],
    ['the extension requires only vscode, node and its own files', () => {
        for (const file of fs.readdirSync(extensionFolder).filter((f) => f.endsWith('.js'))) {
            const source = fs.readFileSync(path.join(extensionFolder, file), 'utf8');
            for (const [, request] of source.matchAll(/require\('([^']+)'\)/g)) {
                assert.ok(request === 'vscode' || request.startsWith('./') || builtinModules.includes(request), `${file} requires '${request}'`);
                if (request.startsWith('./')) assert.ok(fs.existsSync(path.join(extensionFolder, request + '.js')), request);
            }
        }
    }],
    ['activation events: each served language, and a folder with a policy', () => {
        for (const language of extension.LANGUAGES) assert.ok(manifest.activationEvents.includes(`onLanguage:${language}`), language);
        assert.ok(manifest.activationEvents.includes('workspaceContains:**/.reorder.toml'));
    }],
    ['the key bindings name commands that exist, with keys VS Code reads', () => {
        const commands = new Set(manifest.contributes.commands.map((c) => c.command));
        const settings = manifest.contributes.configuration.properties;
        assert.ok(manifest.contributes.keybindings.length >= 2);
        for (const binding of manifest.contributes.keybindings) {
            assert.ok(commands.has(binding.command), binding.command);
            for (const key of [binding.key, binding.mac, binding.linux, binding.win].filter(Boolean)) assert.ok(validKey(key), key);
            for (const [, name] of (binding.when || '').matchAll(/config\.(reorder\.[A-Za-z]+)/g)) assert.ok(name in settings, name);
            for (const [, name] of (binding.when || '').matchAll(/(?<![.\w])(reorder\.[A-Za-z]+)/g)) {
                assert.ok(['reorder.active', 'reorder.served'].includes(name), name);
            }
        }
        const bound = Object.fromEntries(manifest.contributes.keybindings.map((b) => [b.command, b.key]));
        assert.strictEqual(bound['reorder.moveItemUp'], 'shift+alt+up');
        assert.strictEqual(bound['reorder.moveItemDown'], 'shift+alt+down');
    }],
    ['activate: the commands and providers registered, the server started', async () => {
        instance = await extension.activate(context);
        const contributed = manifest.contributes.commands.map((c) => c.command).sort();
        const registered = [...vscode.state.commands.keys()].filter((c) => c !== 'reorder.executeServerCommand').sort();
        assert.deepStrictEqual(registered, contributed);
        for (const command of Object.keys(extension.MOVE_COMMANDS)) assert.ok(contributed.includes(command), command);
        assert.strictEqual(vscode.state.codeActionProviders.length, 1);
        assert.strictEqual(vscode.state.formattingProviders.length, 1);
        const selector = vscode.state.codeActionProviders[0].selector;
        assert.deepStrictEqual(vscode.state.formattingProviders[0].selector, selector);
        for (const language of extension.LANGUAGES) assert.ok(selector.some((f) => f.language === language && f.scheme === 'file'), language);
        const kinds = vscode.state.codeActionProviders[0].metadata.providedCodeActionKinds.map((k) => k.value);
        assert.deepStrictEqual(kinds, ['quickfix', 'refactor.move', 'source.fixAll.reorder']);
        assert.strictEqual(vscode.state.contexts.get('reorder.active'), true);
        assert.ok(instance.client && instance.client.process.pid > 0);
    }],
    ['the selector: languages, and TOML/CSV files VS Code has no language for', () => {
        const selector = extension.documentSelector();
        const doc = (name, languageId) => new fakeVSCode.TextDocument(vscode.Uri.file(path.join(folder, name)), languageId, '');
        assert.ok(vscode.languages.match(selector, doc('a.json', 'json')) > 0);
        assert.ok(vscode.languages.match(selector, doc('Cargo.toml', 'plaintext')) > 0);
        assert.ok(vscode.languages.match(selector, doc('data.csv', 'plaintext')) > 0);
        assert.ok(vscode.languages.match(selector, doc('x/.reorder.toml', 'plaintext')) > 0);
        assert.strictEqual(vscode.languages.match(selector, doc('main.py', 'python')), 0);
        assert.ok(vscode.languages.match(extension.documentSelector(['python']), doc('main.py', 'python')) > 0);
    }],
    ['a document opened: its diagnostics in the collection', async () => {
        fs.writeFileSync(path.join(folder, '.reorder.toml'), '[[rule]]\nfiles = ["package.json"]\nlist = "/dependencies"\n');
        const document = openFile('package.json', 'json', PACKAGE);
        const found = await waitFor('diagnostics', () => (diagnosticsOf(document) || []).length > 0 && diagnosticsOf(document));
        assert.strictEqual(found.length, 1);
        assert.ok(found[0] instanceof vscode.Diagnostic);
        assert.strictEqual(found[0].severity, vscode.DiagnosticSeverity.Warning);
        assert.strictEqual(found[0].source, 'reorder');
        assert.match(found[0].message, /'axios' belongs first/);
        // The policy file is watched for the server.
        assert.ok(vscode.state.watchers.some((w) => w.pattern === '**/.reorder.toml'));
    }],
    ['the code action\'s WorkspaceEdit applied: exact bytes; diagnostics gone', async () => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.fsPath.endsWith('package.json'));
        const [diagnostic] = diagnosticsOf(document);
        const provider = vscode.state.codeActionProviders[0].provider;
        const actions = await provider.provideCodeActions(document, diagnostic.range, { diagnostics: [diagnostic], triggerKind: 1 });
        const fix = actions.find((a) => a.kind && a.kind.value === 'quickfix');
        assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
        assert.strictEqual(fix.title, 'Sort this list (1 move)');
        assert.ok(fix.edit instanceof vscode.WorkspaceEdit);
        assert.ok(await vscode.workspace.applyEdit(fix.edit));
        assert.strictEqual(document.getText(), PACKAGE_SORTED);
        await waitFor('no diagnostics', () => (diagnosticsOf(document) || [1]).length === 0);
    }],
    ['format on save (reorder.formatOnSave): the edits the save waits for', async () => {
        const document = openFile('other/package.json', 'json', PACKAGE);
        fs.writeFileSync(path.join(folder, 'other/.reorder.toml'), '[[rule]]\nfiles = ["package.json"]\nlist = "/dependencies"\n');
        await waitFor('diagnostics', () => (diagnosticsOf(document) || []).length > 0);
        const save = () => {
            const waited = [];
            vscode.events.willSave.fire({ document, reason: 1, waitUntil: (promise) => waited.push(promise) });
            return waited;
        };
        assert.strictEqual(save().length, 0, 'off by default');
        vscode.state.configuration.reorder.formatOnSave = true;
        const [edits] = await Promise.all(save());
        vscode.editDocument(document, edits);
        assert.strictEqual(document.getText(), PACKAGE_SORTED);
        vscode.state.configuration.reorder.formatOnSave = false;
    }],
    ['Move Item Up: reorder.moveItem, and the server\'s workspace/applyEdit applied', async () => {
        const commands = (instance.client.capabilities.executeCommandProvider || {}).commands || [];
        if (!commands.includes('reorder.moveItem')) {
            assert.ok(!expectMove, 'the server does not offer reorder.moveItem');
            console.log('# this server has no reorder.moveItem: its round trip is checked with --expect-move');
            return;
        }
        const document = openFile('list.yaml', 'yaml', '- b\n- c\n- a\n');
        vscode.setActiveEditor(document, new vscode.Selection(new vscode.Position(2, 2), new vscode.Position(2, 2)));
        assert.strictEqual(vscode.state.contexts.get('reorder.served'), true);
        await vscode.commands.executeCommand('reorder.moveItemUp');
        assert.strictEqual(document.getText(), '- b\n- a\n- c\n');
        // The cursor followed the item: a second move moves it again.
        assert.deepStrictEqual([vscode.window.activeTextEditor.selection.active.line, vscode.window.activeTextEditor.selection.active.character], [1, 2]);
        await vscode.commands.executeCommand('reorder.moveItemToTop');
        assert.strictEqual(document.getText(), '- a\n- b\n- c\n');
        assert.strictEqual(vscode.window.activeTextEditor.selection.active.line, 0);
        // A selection over two items moves both.
        vscode.setActiveEditor(document, new vscode.Selection(new vscode.Position(0, 0), new vscode.Position(1, 3)));
        await vscode.commands.executeCommand('reorder.moveItemToBottom');
        assert.strictEqual(document.getText(), '- c\n- a\n- b\n');
        // Nothing to move: a message, not an exception; the text unchanged.
        vscode.setActiveEditor(document, new vscode.Selection(new vscode.Position(2, 2), new vscode.Position(2, 2)));
        await vscode.commands.executeCommand('reorder.moveItemDown');
        assert.strictEqual(document.getText(), '- c\n- a\n- b\n');
        assert.match(vscode.state.messages.at(-1)[1], /^reorder: .*does not move/);
    }],
    ['the selection follows the moved item through the edits the server makes', () => {
        const r = (a, b, c, d) => ({ start: { line: a, character: b }, end: { line: c, character: d } });
        // Inserted above and removed below (a move up), or the other item moved down instead.
        assert.strictEqual(extension.followedLine([{ range: r(1, 0, 1, 0), newText: '- a\n' }, { range: r(2, 0, 3, 0), newText: '' }], 2, '- a', 'up'), 1);
        assert.strictEqual(extension.followedLine([{ range: r(1, 0, 2, 0), newText: '' }, { range: r(3, 0, 3, 0), newText: '- c\n' }], 2, '- a', 'up'), 1);
        // A JSON element that becomes the last loses its comma; a YAML line repeated in another item.
        assert.strictEqual(extension.followedLine([{ range: r(1, 0, 2, 0), newText: '' }, { range: r(3, 0, 4, 0), newText: '  "b",\n  "a"\n' }], 1, '  "a",', 'down'), 3);
        assert.strictEqual(extension.followedLine([{ range: r(0, 0, 0, 0), newText: '  tags: [x]\n  tags: [x]\n' }, { range: r(4, 0, 6, 0), newText: '' }], 5, '  tags: [x]', 'top'), 0);
        // A line no edit touches: shifted by the edits above it.
        assert.strictEqual(extension.followedLine([{ range: r(0, 0, 0, 0), newText: '- a\n- q\n' }], 5, '- x', 'up'), 7);
        assert.strictEqual(extension.followedLine([{ range: r(1, 0, 2, 0), newText: '- z\n' }], 1, '- y', 'up'), undefined);
    }],
    ['a WorkspaceEdit made for another version of a document is refused', async () => {
        const document = vscode.workspace.textDocuments[0];
        const answer = await instance.applyEdit({ documentChanges: [{ textDocument: { uri: document.uri.toString(), version: document.version - 1 }, edits: [] }] });
        assert.strictEqual(answer.applied, false);
        assert.match(answer.failureReason, /changed/);
    }],
    ['a document closed: its diagnostics go', async () => {
        const document = vscode.workspace.textDocuments.shift();
        vscode.events.close.fire(document);
        assert.strictEqual(diagnosticsOf(document), undefined);
    }],
    ['a served editor, and one that is not', () => {
        const python = new fakeVSCode.TextDocument(vscode.Uri.file(path.join(folder, 'main.py')), 'python', '');
        vscode.setActiveEditor(python, new vscode.Selection(new vscode.Position(0, 0), new vscode.Position(0, 0)));
        assert.strictEqual(vscode.state.contexts.get('reorder.served'), false);
    }],
    ['reorder: Restart the Server: a new process, told of the open documents again', async () => {
        const before = instance.client;
        const document = openFile('again/package.json', 'json', PACKAGE);
        fs.writeFileSync(path.join(folder, 'again/.reorder.toml'), '[[rule]]\nfiles = ["package.json"]\nlist = "/dependencies"\n');
        await waitFor('diagnostics', () => (diagnosticsOf(document) || []).length > 0);
        await vscode.commands.executeCommand('reorder.restartServer');
        assert.strictEqual(before.process.exitCode, 0);
        assert.notStrictEqual(instance.client, before);
        assert.strictEqual(vscode.state.contexts.get('reorder.active'), true);
        await waitFor('diagnostics from the new server', () => (diagnosticsOf(document) || []).length > 0);
    }],
    ['deactivate: shutdown and exit, status 0', async () => {
        const client = instance.client;
        await extension.deactivate();
        assert.strictEqual(client.process.exitCode, 0);
        assert.strictEqual(vscode.state.contexts.get('reorder.active'), false);
    }],
    ['a program that is not there, or not a server: an error message', async () => {
        vscode.state.configuration.reorder.path = path.join(folder, 'no-such-reorder');
        for (const subscription of context.subscriptions.splice(0)) subscription.dispose();
        const second = await extension.activate(context);
        assert.strictEqual(second.client, null);
        assert.match(vscode.state.messages.at(-1)[1], /was not found.*reorder\.path/);
        await extension.deactivate();
        // A program that is not a language server: it exits, and that is said.
        vscode.state.configuration.reorder.path = '/bin/true';
        for (const subscription of context.subscriptions.splice(0)) subscription.dispose();
        const third = await extension.activate(context);
        assert.strictEqual(third.client, null);
        assert.match(vscode.state.messages.at(-1)[1], /^reorder: '\/bin\/true lsp' did not start: .*exited/);
        await extension.deactivate();
    }],
];

run(checks).finally(() => fs.rmSync(folder, { recursive: true, force: true }));
