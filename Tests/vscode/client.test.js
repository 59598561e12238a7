'use strict';
// The extension's LSP client (editors/vscode/client.js) against the real
// `reorder lsp` ($REORDER, else `reorder` on PATH), with node alone: it
// starts the server, opens documents in a temporary folder with a
// .reorder.toml, gets the diagnostics, applies a code action and the
// formatting to a document held in memory (exact bytes), moves items with
// the command reorder.moveItem (the server's workspace/applyEdit answered
// as the extension answers it), and shuts the server down.
//
//   node Tests/vscode/client.test.js [--expect-move]
//
// --expect-move: the server must offer reorder.moveItem (the repository's
// server does once Sources/ReorderCLI/LSP/LSPMoveItem.swift exists; the
// Swift test passes it then).

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { LanguageClient, MessageReader, frame, syncKind } = require('../../editors/vscode/client');
const fakeVSCode = require('./fake-vscode');
const { MemoryDocument, editsFor, temporaryFolder, fileURI, run, waitFor } = require('./support');

// The capabilities the extension sends (extension.js loaded with the stand-in of vscode).
fakeVSCode.install(fakeVSCode.create());
const { CLIENT_CAPABILITIES } = require('../../editors/vscode/extension');

const reorder = process.env.REORDER || 'reorder';
const expectMove = process.argv.includes('--expect-move');
const folder = temporaryFolder();
const client = new LanguageClient(reorder, ['lsp'], { cwd: folder });
const log = [];
client.on('log', (line) => log.push(line));

const diagnostics = new Map();
client.onNotification('textDocument/publishDiagnostics', (params) => diagnostics.set(params.uri, params));
const registrations = [];
client.onRequest('client/registerCapability', (params) => {
    registrations.push(...params.registrations);
    return null;
});
const documents = new Map();
const applied = [];
// As the extension answers it: refused for a document changed since the edit was made.
client.onRequest('workspace/applyEdit', (params) => {
    applied.push(params);
    for (const change of params.edit.documentChanges || []) {
        const document = documents.get(change.textDocument.uri);
        if (change.textDocument.version !== null && change.textDocument.version !== undefined && document.version !== change.textDocument.version) {
            return { applied: false, failureReason: `version ${document.version}, not ${change.textDocument.version}` };
        }
    }
    for (const document of documents.values()) {
        const edits = editsFor(params.edit, document.uri);
        if (edits.length > 0) {
            document.apply(edits);
            client.notify('textDocument/didChange', { textDocument: { uri: document.uri, version: document.version }, contentChanges: [{ text: document.text }] });
        }
    }
    return { applied: true };
});

function open(name, text, languageId) {
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    const document = new MemoryDocument(fileURI(file), text);
    documents.set(document.uri, document);
    diagnostics.delete(document.uri);
    client.notify('textDocument/didOpen', { textDocument: { uri: document.uri, languageId, version: document.version, text } });
    return document;
}

/** The document's diagnostics once published for its current version. */
function published(document) {
    return waitFor(`diagnostics of ${document.uri} version ${document.version}`, () => {
        const params = diagnostics.get(document.uri);
        return params && (params.version === undefined || params.version === document.version) ? params.diagnostics : null;
    });
}

const PACKAGE = '{\n  "name": "x😀",\n  "dependencies": {\n    "zod": "3",\n    "axios": "1",\n    "lodash": "4"\n  }\n}\n';
const PACKAGE_SORTED = '{\n  "name": "x😀",\n  "dependencies": {\n    "axios": "1",\n    "lodash": "4",\n    "zod": "3"\n  }\n}\n';

let packageDocument;

async function moveItem(document, where, direction) {
    return client.request('workspace/executeCommand', {
        command: 'reorder.moveItem',
        arguments: [{ uri: document.uri, version: document.version, ...where, direction }],
    });
}

const checks = [
    ['framing: split and joined frames, multi-byte bodies', () => {
        const reader = new MessageReader();
        const bytes = Buffer.concat([frame({ id: 1, result: 'é😀' }), frame({ method: 'x' })]);
        assert.deepStrictEqual(reader.feed(bytes.subarray(0, 7)), []);
        assert.deepStrictEqual(reader.feed(bytes.subarray(7, 30)), []);
        assert.deepStrictEqual(reader.feed(bytes.subarray(30)), [{ id: 1, result: 'é😀' }, { method: 'x' }]);
        assert.throws(() => new MessageReader().feed(Buffer.from('X-Other: 1\r\n\r\n{}')), /Content-Length/);
    }],
    ['start and initialize', async () => {
        fs.writeFileSync(path.join(folder, '.reorder.toml'), '[[rule]]\nfiles = ["package.json"]\nlist = "/dependencies"\n');
        await client.start();
        const result = await client.initialize({ processId: process.pid, rootUri: fileURI(folder), capabilities: CLIENT_CAPABILITIES });
        assert.strictEqual(result.serverInfo.name, 'reorder');
        assert.strictEqual(syncKind(client.capabilities), 2, 'incremental sync');
        assert.ok(client.capabilities.documentFormattingProvider, 'formatting');
        assert.ok(client.capabilities.codeActionProvider, 'code actions');
        // The server asks to watch the policy files (the client said it can).
        await waitFor('client/registerCapability', () => registrations.length > 0);
        assert.strictEqual(registrations[0].method, 'workspace/didChangeWatchedFiles');
        assert.deepStrictEqual(registrations[0].registerOptions.watchers.map((w) => w.globPattern), ['**/.reorder.toml']);
    }],
    ['diagnostics of a list out of order', async () => {
        packageDocument = open('package.json', PACKAGE, 'json');
        const found = await published(packageDocument);
        assert.strictEqual(found.length, 1, JSON.stringify(found));
        assert.strictEqual(found[0].source, 'reorder');
        assert.match(found[0].message, /^\/dependencies \(rule 1\): 'zod' belongs after 'lodash'/);
        assert.strictEqual(found[0].range.start.line, 3);
    }],
    ['the code action "Sort this list" applied to the buffer: exact bytes', async () => {
        const found = await published(packageDocument);
        const actions = await client.request('textDocument/codeAction', {
            textDocument: { uri: packageDocument.uri }, range: found[0].range, context: { diagnostics: found },
        });
        const action = actions.find((a) => a.kind === 'quickfix');
        assert.ok(action, JSON.stringify(actions));
        assert.strictEqual(action.title, 'Sort this list (1 move)');
        const scratch = new MemoryDocument(packageDocument.uri, packageDocument.text);
        scratch.apply(editsFor(action.edit, packageDocument.uri));
        assert.strictEqual(Buffer.from(scratch.text).toString('hex'), Buffer.from(PACKAGE_SORTED).toString('hex'));
    }],
    ['formatting applied to the buffer, then no diagnostics after an incremental change', async () => {
        const edits = await client.request('textDocument/formatting', { textDocument: { uri: packageDocument.uri }, options: { tabSize: 2, insertSpaces: true } });
        assert.ok(edits.length > 0);
        const before = packageDocument.text;
        packageDocument.apply(edits);
        assert.strictEqual(packageDocument.text, PACKAGE_SORTED);
        // The same change sent as the edits (incremental sync), against the version they were made for.
        client.notify('textDocument/didChange', {
            textDocument: { uri: packageDocument.uri, version: packageDocument.version },
            contentChanges: [...edits].sort((a, b) => b.range.start.line - a.range.start.line).map((e) => ({ range: e.range, text: e.newText })),
        });
        assert.notStrictEqual(before, packageDocument.text);
        assert.deepStrictEqual(await published(packageDocument), []);
        // The server's text is the buffer's: formatting has nothing more to do.
        assert.deepStrictEqual(await client.request('textDocument/formatting', { textDocument: { uri: packageDocument.uri }, options: { tabSize: 2, insertSpaces: true } }), []);
    }],
    ['an unknown request of the client is an error, not a hang', async () => {
        await assert.rejects(client.request('reorder/nothing', {}), (error) => error.code === -32601);
    }],
    ['reorder.moveItem: the command and the server\'s workspace/applyEdit', async () => {
        const commands = (client.capabilities.executeCommandProvider || {}).commands || [];
        if (!commands.includes('reorder.moveItem')) {
            assert.ok(!expectMove, `the server does not offer reorder.moveItem (it offers ${JSON.stringify(commands)})`);
            console.log('# this server has no reorder.moveItem: its round trip is checked with --expect-move');
            return;
        }
        const json = open('list.json', '[\n  "a",\n  "b😀c",\n  "d"\n]\n', 'json');
        await published(json);
        // The cursor after the emoji (UTF-16: 2 spaces, quote, b, 2 units).
        assert.strictEqual(await moveItem(json, { position: { line: 2, character: 6 } }, 'up'), null);
        assert.strictEqual(json.text, '[\n  "b😀c",\n  "a",\n  "d"\n]\n');
        // The last element: its comma is the list's business.
        await moveItem(json, { position: { line: 3, character: 3 } }, 'up');
        assert.strictEqual(json.text, '[\n  "b😀c",\n  "d",\n  "a"\n]\n');
        // A selection over two elements moves them as a block.
        await moveItem(json, { range: { start: { line: 1, character: 0 }, end: { line: 2, character: 6 } } }, 'bottom');
        assert.strictEqual(json.text, '[\n  "a",\n  "b😀c",\n  "d"\n]\n');
        // The first element cannot move up: an error, and nothing applied.
        const count = applied.length;
        await assert.rejects(moveItem(json, { position: { line: 1, character: 3 } }, 'up'), /does not move/);
        assert.strictEqual(applied.length, count);
        // A nested YAML entry, not its parent.
        const yaml = open('languages.yaml', 'languages:\n  - name: swift\n  - name: typescript\n    tags: [web]\n  - name: go\n', 'yaml');
        await published(yaml);
        await moveItem(yaml, { position: { line: 2, character: 2 } }, 'down');
        assert.strictEqual(yaml.text, 'languages:\n  - name: swift\n  - name: go\n  - name: typescript\n    tags: [web]\n');
        // A command made for an older version is refused.
        await assert.rejects(moveItem({ uri: yaml.uri, version: yaml.version - 1 }, { position: { line: 1, character: 4 } }, 'down'), /changed/);
        // The move actions at the cursor, as the code action menu asks for them.
        const actions = await client.request('textDocument/codeAction', {
            textDocument: { uri: yaml.uri }, range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, context: { diagnostics: [] },
        });
        const down = actions.find((a) => a.kind === 'refactor.move' && / down$/.test(a.title));
        assert.ok(down, JSON.stringify(actions.map((a) => a.title)));
        const scratch = new MemoryDocument(yaml.uri, yaml.text);
        scratch.apply(editsFor(down.edit, yaml.uri));
        assert.strictEqual(scratch.text, 'languages:\n  - name: go\n  - name: swift\n  - name: typescript\n    tags: [web]\n');
    }],
    ['close, shutdown and exit with status 0', async () => {
        for (const document of documents.values()) client.notify('textDocument/didClose', { textDocument: { uri: document.uri } });
        const status = await client.stop();
        assert.deepStrictEqual(status, { code: 0, signal: null }, log.join('\n'));
        await assert.rejects(client.request('shutdown', null), /not running/);
    }],
];

run(checks, { startsTheRest: 'start and initialize' }).finally(() => fs.rmSync(folder, { recursive: true, force: true }));
