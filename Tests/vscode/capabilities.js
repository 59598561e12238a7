'use strict';
// The client capabilities extension.js sends, without loading extension.js
// (it needs the vscode module): read from its source, so that the client
// test speaks to the server as the extension does.
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const source = fs.readFileSync(path.join(__dirname, '../../editors/vscode/extension.js'), 'utf8');
const match = source.match(/const CLIENT_CAPABILITIES = (\{[\s\S]*?\n\});/);
if (!match) throw new Error('no CLIENT_CAPABILITIES in editors/vscode/extension.js');
module.exports = { CLIENT_CAPABILITIES_FOR_TESTS: vm.runInNewContext('(' + match[1] + ')') };
