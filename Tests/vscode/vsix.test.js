'use strict';
// `make vsix` checked as the Marketplace would read its output: the
// package unzipped (by this reader, not by the Python that wrote it), its
// files, the XML of [Content_Types].xml and extension.vsixmanifest, the
// version (CommandTable.version, package.json's), the shipped extension
// loaded; the same SOURCE_DATE_EPOCH gives the same bytes; a version that
// differs stops the build.
//
//   node Tests/vscode/vsix.test.js

const assert = require('assert');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { spawnSync } = require('child_process');
const fakeVSCode = require('./fake-vscode');
const { temporaryFolder, run } = require('./support');

const root = path.join(__dirname, '../..');
const source = path.join(root, 'editors/vscode');
const manifest = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
const version = fs.readFileSync(path.join(root, 'Sources/ReorderCLI/CommandLine/CommandTable.swift'), 'utf8').match(/static let version = "([^"]+)"/)[1];
const folder = temporaryFolder();

function make(dist, environment = {}) {
    const result = spawnSync('make', ['-s', '-C', root, 'vsix', `DIST=${dist}`], { encoding: 'utf8', env: { ...process.env, ...environment } });
    assert.strictEqual(result.status, 0, result.stdout + result.stderr);
    return path.join(dist, `reorder-${version}.vsix`);
}

/** A zip's entries, by name, from its central directory (stored or deflated), each CRC checked. */
function unzip(file) {
    const bytes = fs.readFileSync(file);
    let end = bytes.length - 22;
    while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
    assert.ok(end >= 0, 'no end of central directory');
    const count = bytes.readUInt16LE(end + 10);
    let offset = bytes.readUInt32LE(end + 16);
    const entries = new Map();
    const order = [];
    for (let i = 0; i < count; i++) {
        assert.strictEqual(bytes.readUInt32LE(offset), 0x02014b50, 'central directory entry');
        const method = bytes.readUInt16LE(offset + 10);
        const crc = bytes.readUInt32LE(offset + 16);
        const compressed = bytes.readUInt32LE(offset + 20);
        const size = bytes.readUInt32LE(offset + 24);
        const nameLength = bytes.readUInt16LE(offset + 28);
        const extraLength = bytes.readUInt16LE(offset + 30);
        const commentLength = bytes.readUInt16LE(offset + 32);
        const local = bytes.readUInt32LE(offset + 42);
        const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
        assert.strictEqual(bytes.readUInt32LE(local), 0x04034b50, `local header of ${name}`);
        const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
        const raw = bytes.subarray(start, start + compressed);
        assert.ok(method === 0 || method === 8, `${name}: compression ${method}`);
        const data = method === 8 ? zlib.inflateRawSync(raw) : raw;
        assert.strictEqual(data.length, size, `${name}: size`);
        if (zlib.crc32) assert.strictEqual(zlib.crc32(data) >>> 0, crc, `${name}: CRC`);
        assert.ok(!name.startsWith('/') && !name.split('/').includes('..'), name);
        entries.set(name, data);
        order.push(name);
        offset += 46 + nameLength + extraLength + commentLength;
    }
    return { entries, order };
}

/** A small XML reader: the elements with their attributes and text, nested; throws on XML that is not well formed. */
function parseXML(text) {
    const root = { name: '#document', attributes: {}, children: [], text: '' };
    const stack = [root];
    const pattern = /<\?xml[^?]*\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)/y;
    let match;
    let at = 0;
    while (at < text.length) {
        pattern.lastIndex = at;
        match = pattern.exec(text);
        if (!match) throw new Error(`not well-formed XML at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
        at = pattern.lastIndex;
        const [whole, closing, name, attributeText, selfClosing, characters] = match;
        if (whole.startsWith('<?xml')) continue;
        if (characters !== undefined) {
            if (/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(characters)) throw new Error(`a bare & in ${characters}`);
            stack[stack.length - 1].text += characters;
        } else if (closing) {
            const open = stack.pop();
            if (!open || open.name !== name) throw new Error(`</${name}> closes <${open && open.name}>`);
        } else {
            const attributes = {};
            for (const [, key, value] of attributeText.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'[^']*')/g)) {
                if (key in attributes) throw new Error(`attribute ${key} twice`);
                attributes[key] = value;
            }
            const element = { name, attributes, children: [], text: '' };
            stack[stack.length - 1].children.push(element);
            if (!selfClosing) stack.push(element);
        }
    }
    if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> is not closed`);
    if (root.children.length !== 1 || root.text.trim() !== '') throw new Error('not one root element');
    return root.children[0];
}

function find(element, name) {
    return element.children.filter((child) => child.name === name);
}

function unescape(text) {
    return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

let vsix;
let zip;

const checks = [
    ['make vsix writes dist/reorder-VERSION.vsix', () => {
        vsix = make(path.join(folder, 'dist'), { SOURCE_DATE_EPOCH: '1700000000' });
        assert.ok(fs.existsSync(vsix), vsix);
        zip = unzip(vsix);
    }],
    ['its files: the manifests first, the extension under extension/, as they are in the repository', () => {
        assert.deepStrictEqual(zip.order, ['[Content_Types].xml', 'extension.vsixmanifest', 'extension/package.json', 'extension/extension.js',
            'extension/client.js', 'extension/README.md', 'extension/CHANGELOG.md', 'extension/LICENSE.txt']);
        for (const file of ['package.json', 'extension.js', 'client.js', 'README.md', 'CHANGELOG.md']) {
            assert.ok(zip.entries.get(`extension/${file}`).equals(fs.readFileSync(path.join(source, file))), file);
        }
        assert.ok(zip.entries.get('extension/LICENSE.txt').equals(fs.readFileSync(path.join(root, 'LICENSE'))));
    }],
    ['[Content_Types].xml: a content type for each kind of file in the package', () => {
        const types = parseXML(zip.entries.get('[Content_Types].xml').toString('utf8'));
        assert.strictEqual(types.name, 'Types');
        assert.strictEqual(types.attributes.xmlns, 'http://schemas.openxmlformats.org/package/2006/content-types');
        const known = new Map(find(types, 'Default').map((d) => [d.attributes.Extension, d.attributes.ContentType]));
        for (const name of zip.order.filter((n) => n !== '[Content_Types].xml')) {
            const extension = path.extname(name);
            assert.ok(known.get(extension), `no content type for ${extension}`);
        }
        assert.strictEqual(known.get('.json'), 'application/json');
    }],
    ['extension.vsixmanifest: identity and version, description, categories, engine, links, assets that exist', () => {
        const packageManifest = parseXML(zip.entries.get('extension.vsixmanifest').toString('utf8'));
        assert.strictEqual(packageManifest.name, 'PackageManifest');
        assert.strictEqual(packageManifest.attributes.Version, '2.0.0');
        assert.strictEqual(packageManifest.attributes.xmlns, 'http://schemas.microsoft.com/developer/vsx-schema/2011');
        const [metadata] = find(packageManifest, 'Metadata');
        const [identity] = find(metadata, 'Identity');
        assert.deepStrictEqual(identity.attributes, { Language: 'en-US', Id: manifest.name, Version: version, Publisher: manifest.publisher });
        assert.strictEqual(manifest.version, version);
        assert.strictEqual(unescape(find(metadata, 'DisplayName')[0].text), manifest.displayName);
        assert.strictEqual(unescape(find(metadata, 'Description')[0].text), manifest.description);
        assert.strictEqual(find(metadata, 'Categories')[0].text, manifest.categories.join(','));
        const properties = Object.fromEntries(find(find(metadata, 'Properties')[0], 'Property').map((p) => [p.attributes.Id, p.attributes.Value]));
        assert.strictEqual(properties['Microsoft.VisualStudio.Code.Engine'], manifest.engines.vscode);
        assert.strictEqual(properties['Microsoft.VisualStudio.Services.Links.Source'], manifest.repository.url);
        assert.strictEqual(find(metadata, 'License')[0].text, 'extension/LICENSE.txt');
        assert.strictEqual(find(find(packageManifest, 'Installation')[0], 'InstallationTarget')[0].attributes.Id, 'Microsoft.VisualStudio.Code');
        const assets = find(find(packageManifest, 'Assets')[0], 'Asset');
        const types = assets.map((a) => a.attributes.Type);
        for (const type of ['Microsoft.VisualStudio.Code.Manifest', 'Microsoft.VisualStudio.Services.Content.Details',
            'Microsoft.VisualStudio.Services.Content.Changelog', 'Microsoft.VisualStudio.Services.Content.License']) {
            assert.ok(types.includes(type), type);
        }
        for (const asset of assets) assert.ok(zip.entries.has(asset.attributes.Path), asset.attributes.Path);
        assert.strictEqual(assets.find((a) => a.attributes.Type === 'Microsoft.VisualStudio.Code.Manifest').attributes.Path, 'extension/package.json');
    }],
    ['the extension as shipped loads, with every file it requires', () => {
        const unpacked = path.join(folder, 'unpacked');
        for (const [name, data] of zip.entries) {
            fs.mkdirSync(path.dirname(path.join(unpacked, name)), { recursive: true });
            fs.writeFileSync(path.join(unpacked, name), data);
        }
        fakeVSCode.install(fakeVSCode.create());
        const shippedManifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'extension/package.json'), 'utf8'));
        const loaded = require(path.join(unpacked, 'extension', shippedManifest.main));
        assert.strictEqual(typeof loaded.activate, 'function');
        assert.strictEqual(typeof loaded.deactivate, 'function');
    }],
    ['the same SOURCE_DATE_EPOCH gives the same bytes', () => {
        const again = make(path.join(folder, 'again'), { SOURCE_DATE_EPOCH: '1700000000' });
        assert.ok(fs.readFileSync(again).equals(fs.readFileSync(vsix)));
    }],
    ['a version that is not CommandTable.version stops the build, naming both', () => {
        const result = spawnSync('python3', [path.join(source, 'package.py'), '9.9.9', path.join(folder, 'wrong')], { encoding: 'utf8' });
        assert.notStrictEqual(result.status, 0);
        assert.match(result.stderr, new RegExp(`version 9\\.9\\.9 is not CommandTable\\.version ${version.replace(/\./g, '\\.')}`));
        assert.ok(!fs.existsSync(path.join(folder, 'wrong', 'reorder-9.9.9.vsix')));
    }],
];

run(checks).finally(() => fs.rmSync(folder, { recursive: true, force: true }));
