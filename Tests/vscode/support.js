'use strict';
// What the extension's tests share: a document held in memory that LSP
// edits apply to (as VS Code's buffer would), a temporary folder, and a
// runner that prints each check and fails the process on the first miss.

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');

/** A document's text, edited by LSP TextEdits (UTF-16 positions, as JavaScript strings count). */
class MemoryDocument {
    constructor(uri, text, version = 1) {
        this.uri = uri;
        this.text = text;
        this.version = version;
    }

    /** The offset (UTF-16 units) of an LSP position; lines end at \n (a \r before it is the line's). */
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

    /** Applies TextEdits (non-overlapping, all against this version), the last first; the version goes up. */
    apply(edits) {
        const spans = edits.map((edit) => ({ start: this.offsetAt(edit.range.start), end: this.offsetAt(edit.range.end), text: edit.newText }));
        spans.sort((a, b) => b.start - a.start || b.end - a.end);
        for (let i = 1; i < spans.length; i++) {
            assert.ok(spans[i].end <= spans[i - 1].start, 'the edits overlap');
        }
        for (const span of spans) this.text = this.text.slice(0, span.start) + span.text + this.text.slice(span.end);
        this.version += 1;
    }
}

/** The text edits a WorkspaceEdit makes to `uri`, its `changes` or its `documentChanges`. */
function editsFor(workspaceEdit, uri) {
    if (Array.isArray(workspaceEdit.documentChanges)) {
        return workspaceEdit.documentChanges.filter((change) => change.textDocument.uri === uri).flatMap((change) => change.edits);
    }
    return (workspaceEdit.changes || {})[uri] || [];
}

function temporaryFolder() {
    return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'reorder-vscode-')));
}

function fileURI(file) {
    return pathToFileURL(file).toString();
}

/**
 * Runs the named async checks in order; prints `ok NAME` or `FAIL: NAME: why` and sets the exit status.
 * `startsTheRest`: the name of the check that starts what the later ones use (a server): when it
 * fails, they are not run (each would wait for its timeout to say the same).
 */
async function run(checks, { startsTheRest = null } = {}) {
    let failed = 0;
    for (const [index, [name, check]] of checks.entries()) {
        try {
            await check();
            console.log(`ok ${name}`);
        } catch (error) {
            failed += 1;
            console.log(`FAIL: ${name}: ${error && error.stack || error}`);
            if (name === startsTheRest) {
                console.log(`the ${checks.length - index - 1} checks after it need what it starts: not run`);
                break;
            }
        }
    }
    console.log(failed === 0 ? `${checks.length} checks passed` : `${failed} of ${checks.length} checks failed`);
    process.exitCode = failed === 0 ? 0 : 1;
}

/** Resolves when `predicate()` holds, polled; rejects after `timeout` ms naming `what`. */
async function waitFor(what, predicate, timeout = 10000) {
    const start = Date.now();
    for (;;) {
        const value = predicate();
        if (value) return value;
        if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
}

module.exports = { MemoryDocument, editsFor, temporaryFolder, fileURI, run, waitFor };
