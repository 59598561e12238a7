#!/usr/bin/env python3
"""A test client of `reorder lsp`: raw JSON-RPC over the server's standard
input and output, in a temporary git repository with a .reorder.toml.
Exit status 0 when every check holds; the first failure is printed and
exits 1. REORDER names the binary (default: .build/debug/reorder).
--skip-large leaves out the 100 000-line timing; --latency-only runs only
the timings (bench/lsp.sh): that, and a keystroke's in a 100 000-line
document of 1 000 lists."""
import json, os, select, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REORDER = os.environ.get("REORDER") or os.path.join(ROOT, ".build", "debug", "reorder")
POLICY = '[[rule]]\nfiles = ["package.json"]\nlist = "/dependencies"\n'
# A second rule, after the first (whose number the messages say): a TOML
# table, whose finding's line is its header's.
POLICY_CARGO = '\n[[rule]]\nfiles = ["Cargo.toml"]\nlist = "/dependencies"\n'
checks = 0


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        fail(message)


def expect_equal(got, expected, what):
    check(got == expected, "%s:\n  got      %r\n  expected %r" % (what, got, expected))


def utf16_offset_to_index(line, character):
    """The index in `line` (a str) of UTF-16 offset `character`."""
    units = 0
    for i, ch in enumerate(line):
        if units >= character:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def utf16_len(text):
    return len(text.encode("utf-16-le")) // 2


def offset(text, position):
    """The str index of an LSP position in `text`."""
    lines = text.split("\n")
    line = position["line"]
    if line >= len(lines):
        return len(text)
    start = sum(len(l) + 1 for l in lines[:line])
    return start + utf16_to_index_clamped(lines[line], position["character"])


def utf16_to_index_clamped(line, character):
    return utf16_offset_to_index(line, character)


def apply_change(text, range_, new):
    a, b = offset(text, range_["start"]), offset(text, range_["end"])
    return text[:a] + new + text[b:]


def apply_edits(text, edits):
    # From the last to the first, so that earlier places stay valid.
    spans = sorted(((offset(text, e["range"]["start"]), offset(text, e["range"]["end"]), e["newText"]) for e in edits),
                   reverse=True)
    for a, b, new in spans:
        text = text[:a] + new + text[b:]
    return text


def rng(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}


class Server:
    def __init__(self, cwd, stderr=subprocess.PIPE, env=None):
        self.process = subprocess.Popen([REORDER, "lsp"], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=stderr, env=env)
        self.buffer = b""
        self.next_id = 1
        self.pending = []  # messages read while waiting for another

    def send_raw(self, data):
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except BrokenPipeError:
            fail("the server closed its input (exit status %r)" % self.process.poll())

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read_message(self, timeout):
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                header = self.buffer[:end].decode()
                length = None
                for line in header.split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.lower() == "content-length":
                        length = int(value.strip())
                check(length is not None, "a message without Content-Length from the server: %r" % header)
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk

    def wait(self, predicate, timeout=60, what="a message"):
        for i, message in enumerate(self.pending):
            if predicate(message):
                del self.pending[i]
                return message
        while True:
            message = self.read_message(timeout)
            if message is None:
                fail("no %s from the server within %s s" % (what, timeout))
            if predicate(message):
                return message
            self.pending.append(message)

    def request(self, method, params=None, timeout=60):
        id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.wait(lambda m: m.get("id") == id and "method" not in m, timeout, "answer to %s" % method)

    def diagnostics(self, uri, version=None, timeout=60):
        def match(m):
            return (m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                    and (version is None or m["params"].get("version") == version))
        return self.wait(match, timeout, "diagnostics of %s" % uri)["params"]["diagnostics"]

    def no_diagnostics_for(self, uri, seconds):
        """Nothing published for `uri` within `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            message = self.read_message(left)
            if message is None:
                return True
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return False
            self.pending.append(message)

    def finish(self, timeout=5):
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            fail("the server did not exit within %s s" % timeout)
        return status, self.process.stderr.read().decode() if self.process.stderr else ""


def git_repo(directory):
    subprocess.run(["git", "init", "-q", directory], check=True)
    with open(os.path.join(directory, ".reorder.toml"), "w") as f:
        f.write(POLICY + POLICY_CARGO)


def write_atomically(path, text):
    """`text` in `path`, renamed into place: never seen half written."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def uri_of(path):
    return "file://" + path


def main():
    large = "--skip-large" not in sys.argv
    directory = tempfile.mkdtemp(prefix="reorder-lsp-")
    try:
        if "--latency-only" in sys.argv:
            git_repo(os.path.realpath(directory))
            latency(os.path.realpath(directory))
            many_lists_latency(os.path.realpath(directory))
            return
        run(os.path.realpath(directory), large)
        # Apart, where no policy file is above.
        watched = tempfile.mkdtemp(prefix="reorder-lsp-watch-")
        try:
            policy_on_disk(os.path.realpath(watched))
        finally:
            shutil.rmtree(watched, ignore_errors=True)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("ok: %d checks" % checks)


def run(directory, large):
    git_repo(directory)
    package = os.path.join(directory, "package.json")
    text = ('{\n  "name": "demo",\n  "dependencies": {\n    "a": "1",\n    "c": "1",\n    "b": "1",\n    "d": "1"\n'
            '  }\n}\n')
    with open(package, "w") as f:
        f.write(text)
    uri = uri_of(package)
    server = Server(directory)

    # Lifecycle: initialize.
    answer = server.request("initialize", {"processId": None, "rootUri": uri_of(directory), "capabilities": {
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}})
    caps = answer["result"]["capabilities"]
    expect_equal(caps["textDocumentSync"]["change"], 2, "textDocumentSync.change")
    expect_equal(caps["textDocumentSync"]["openClose"], True, "textDocumentSync.openClose")
    check(caps["textDocumentSync"].get("save") not in (None, False), "textDocumentSync.save")
    expect_equal(sorted(caps["codeActionProvider"]["codeActionKinds"]), ["quickfix", "refactor.move", "source.fixAll.reorder"],
                 "code action kinds")
    expect_equal(caps["documentFormattingProvider"], True, "documentFormattingProvider")
    server.notify("initialized", {})
    # It asks to be told of changes of policy files; answered.
    registration = server.wait(lambda m: m.get("method") == "client/registerCapability", 10, "registration")
    watchers = registration["params"]["registrations"][0]["registerOptions"]["watchers"]
    expect_equal(watchers, [{"globPattern": "**/.reorder.toml"}], "the watchers asked for")
    server.send({"jsonrpc": "2.0", "id": registration["id"], "result": None})

    # didOpen: one diagnostic, on the item that moves (its bytes, not the
    # lines to where it belongs).
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}})
    diags = server.diagnostics(uri, 1)
    expect_equal(len(diags), 1, "diagnostics after didOpen")
    expect_equal(diags[0]["message"], "/dependencies (rule 1): 'b' belongs after 'a' — 1 move", "the message")
    expect_equal(diags[0]["range"], rng(5, 4, 5, 12), "the range: the item 'b'")
    expect_equal(diags[0]["severity"], 2, "severity warning")
    expect_equal(diags[0]["source"], "reorder", "source")
    # The CLI says the same.
    cli = subprocess.run([REORDER, "check", "package.json"], cwd=directory, capture_output=True, text=True)
    check(diags[0]["message"] in cli.stdout, "the message is the CLI's: %r" % cli.stdout)

    # Incremental changes with characters of two and four bytes (UTF-16
    # positions: é is one unit, 😀 two).
    changes = [
        (rng(5, 10, 5, 10), "é😀"),           # "b": "é😀1"
        (rng(5, 13, 5, 13), "x"),              # after the emoji's two units: "b": "é😀x1"
        (rng(5, 10, 5, 11), "ü😀"),           # é replaced: "b": "ü😀😀x1"
        (rng(3, 0, 3, 0), '    "0é": "1",\n'),  # a line above, in order
    ]
    for range_, new in changes:
        text = apply_change(text, range_, new)
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"range": r, "text": t} for r, t in changes]})
    diags = server.diagnostics(uri, 2)
    b_line = '    "b": "ü😀😀x1",'
    expect_equal(text.split("\n")[6], b_line, "the client's own text")
    expect_equal(len(diags), 1, "diagnostics after the change")
    expect_equal(diags[0]["range"], rng(6, 4, 6, utf16_len(b_line) - 1), "the range moved a line down, its end in UTF-16")

    # A change whose version is not newer is ignored.
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"range": rng(0, 0, 0, 0), "text": "garbage"}]})
    check(server.no_diagnostics_for(uri, 0.5), "a change of an old version published diagnostics")

    expected = ('{\n  "name": "demo",\n  "dependencies": {\n    "0é": "1",\n    "a": "1",\n' + b_line + '\n    "c": "1",\n'
                '    "d": "1"\n  }\n}\n')

    # Code action: quickfix on the line of 'b'.
    answer = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng(6, 2, 6, 2),
                                                        "context": {"diagnostics": diags}})
    actions = answer["result"]
    quickfixes = [a for a in actions if a.get("kind") == "quickfix"]
    expect_equal(len(quickfixes), 1, "quickfixes")
    expect_equal(quickfixes[0]["title"], "Sort this list (1 move)", "the quickfix's title")
    edits = quickfixes[0]["edit"]["changes"][uri]
    expect_equal(apply_edits(text, edits), expected, "the text with the quickfix's edits")
    # Only the moved line: replaced ranges within line 6, new text b's line.
    for e in edits:
        r = e["range"]
        check(r["start"]["line"] == r["end"]["line"] or (r["start"]["line"] == 6 and r["end"] == {"line": 7, "character": 0}),
              "an edit beyond the moved line: %r" % e)
        check(e["newText"] in ("", b_line + "\n"), "an edit's text beyond the moved line: %r" % e)
    expect_equal(len(edits), 2, "edits: the line out, the line in")

    # A range that touches no list out of order: no quickfix.
    answer = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng(0, 0, 0, 0),
                                                        "context": {"diagnostics": []}})
    expect_equal(answer["result"], [], "actions on line 0")

    # Fix all, asked as source.fixAll.
    answer = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng(0, 0, 0, 0),
                                                        "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    expect_equal([a["kind"] for a in answer["result"]], ["source.fixAll.reorder"], "fix-all kinds")
    expect_equal(apply_edits(text, answer["result"][0]["edit"]["changes"][uri]), expected, "the text with fix-all")

    # Formatting: the same edits.
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri},
                                                        "options": {"tabSize": 2, "insertSpaces": True}})
    expect_equal(answer["result"], edits, "formatting's edits")

    # The policy file open in the editor: its errors, and every document
    # checked again by it.
    policy_path = os.path.join(directory, ".reorder.toml")
    policy_uri = uri_of(policy_path)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": policy_uri, "languageId": "toml", "version": 1,
                                                            "text": POLICY + POLICY_CARGO}})
    expect_equal(server.diagnostics(policy_uri, 1), [], "a valid policy file's diagnostics")
    expect_equal(len(server.diagnostics(uri, 2)), 1, "package.json checked again")
    broken = POLICY.replace("list =", "lisst =") + POLICY_CARGO
    server.notify("textDocument/didChange", {"textDocument": {"uri": policy_uri, "version": 2},
                                             "contentChanges": [{"text": broken}]})
    pdiags = server.diagnostics(policy_uri, 2)
    expect_equal(len(pdiags), 1, "a broken policy file's diagnostics")
    check("'lisst' is not a key" in pdiags[0]["message"], "the policy's error: %r" % pdiags[0]["message"])
    expect_equal(pdiags[0]["range"]["start"], {"line": 2, "character": 0}, "the policy error's place")
    server.diagnostics(uri, 2)
    other = POLICY.replace('"package.json"', '"other.json"') + POLICY_CARGO
    server.notify("textDocument/didChange", {"textDocument": {"uri": policy_uri, "version": 3},
                                             "contentChanges": [{"text": other}]})
    expect_equal(server.diagnostics(policy_uri, 3), [], "the policy file fixed")
    expect_equal(server.diagnostics(uri, 2), [], "package.json under a policy that does not cover it")
    # Closed: the policy on disk again.
    server.notify("textDocument/didClose", {"textDocument": {"uri": policy_uri}})
    expect_equal(server.diagnostics(policy_uri), [], "a closed document's diagnostics cleared")
    expect_equal(len(server.diagnostics(uri, 2)), 1, "package.json by the policy on disk")
    # The policy on disk changed, as the editor's watcher reports it (and
    # as the server sees for itself: once, whichever comes first).
    write_atomically(policy_path, other)
    server.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": policy_uri, "type": 2}]})
    expect_equal(server.diagnostics(uri, 2), [], "package.json after the policy changed on disk")
    check(server.no_diagnostics_for(uri, 1.2), "package.json published twice for one change of the policy")
    write_atomically(policy_path, POLICY + POLICY_CARGO)
    server.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": policy_uri, "type": 2}]})
    expect_equal(len(server.diagnostics(uri, 2)), 1, "package.json after the policy came back")
    check(server.no_diagnostics_for(uri, 1.2), "package.json published twice for one change of the policy")

    # The whole text replaced, in order: no diagnostic.
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5},
                                             "contentChanges": [{"text": expected}]})
    expect_equal(server.diagnostics(uri, 5), [], "diagnostics of the text in order")
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
    expect_equal(answer["result"], [], "formatting a text in order")

    # A TOML table: its finding's line is the header's; the diagnostic is
    # on the line that moves, and the quickfix moves it.
    cargo = os.path.join(directory, "Cargo.toml")
    cargo_text = '[package]\nname = "x"\n\n[dependencies]\nb = "1"\nc = "1"\na = "1"\n\n[features]\nz = []\n'
    with open(cargo, "w") as f:
        f.write(cargo_text)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(cargo), "languageId": "toml", "version": 1,
                                                            "text": cargo_text}})
    cdiags = server.diagnostics(uri_of(cargo), 1)
    expect_equal([d["message"] for d in cdiags], ["/dependencies (rule 2): 'a' belongs first — 1 move"], "a TOML table's diagnostics")
    expect_equal(cdiags[0]["range"], rng(6, 0, 6, 7), "a TOML table's diagnostic: the line of 'a'")
    answer = server.request("textDocument/codeAction", {"textDocument": {"uri": uri_of(cargo)}, "range": cdiags[0]["range"],
                                                        "context": {"diagnostics": cdiags, "only": ["quickfix"]}})
    expect_equal([a["title"] for a in answer["result"]], ["Sort this list (1 move)"], "a TOML table's quickfix")
    expect_equal(apply_edits(cargo_text, answer["result"][0]["edit"]["changes"][uri_of(cargo)]),
                 cargo_text.replace('b = "1"\nc = "1"\na = "1"', 'a = "1"\nb = "1"\nc = "1"'), "a TOML table sorted")

    # Two blocks in one file: each quickfix fixes its own.
    blocks = os.path.join(directory, "blocks.txt")
    blocks_text = "# keep-sorted start\nb\na\n# keep-sorted end\n# keep-sorted start\nd\nc\ne\n# keep-sorted end\n"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(blocks), "languageId": "plaintext", "version": 1,
                                                            "text": blocks_text}})
    kdiags = server.diagnostics(uri_of(blocks), 1)
    expect_equal([d["range"]["start"]["line"] for d in kdiags], [2, 6], "two blocks' diagnostics")
    for d, fixed in zip(kdiags, [blocks_text.replace("b\na\n", "a\nb\n"), blocks_text.replace("d\nc\n", "c\nd\n")]):
        answer = server.request("textDocument/codeAction", {"textDocument": {"uri": uri_of(blocks)}, "range": d["range"],
                                                            "context": {"diagnostics": [d]}})
        # (The move actions of the line's item come after it.)
        answer["result"] = [a for a in answer["result"] if a["kind"] == "quickfix"]
        expect_equal(len(answer["result"]), 1, "one quickfix on a block")
        expect_equal(apply_edits(blocks_text, answer["result"][0]["edit"]["changes"][uri_of(blocks)]), fixed, "one block fixed")

    # CRLF lines, a byte-order mark, a folder with a space (percent-encoded
    # in the URI).
    os.mkdir(os.path.join(directory, "with space"))
    crlf_path = os.path.join(directory, "with space", "package.json")
    crlf = '\ufeff{\r\n  "dependencies": {\r\n    "b": "1",\r\n    "a": "1",\r\n    "c": "1"\r\n  }\r\n}\r\n'
    with open(crlf_path, "w", newline="") as f:
        f.write(crlf)
    crlf_uri = uri_of(crlf_path).replace(" ", "%20")
    server.notify("textDocument/didOpen", {"textDocument": {"uri": crlf_uri, "languageId": "json", "version": 1, "text": crlf}})
    cdiags = server.diagnostics(crlf_uri, 1)
    expect_equal([d["message"] for d in cdiags], ["/dependencies (rule 1): 'a' belongs first — 1 move"], "CRLF diagnostics")
    expect_equal(cdiags[0]["range"], rng(3, 4, 3, 12), "CRLF: the item 'a', without its comma and CR")
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": crlf_uri}, "options": {}})
    expect_equal(apply_edits(crlf, answer["result"]), crlf.replace('"b": "1",\r\n    "a": "1"', '"a": "1",\r\n    "b": "1"'),
                 "CRLF sorted")

    # A document not saved yet, in a folder of the repository: by the
    # policy too.
    unsaved = uri_of(os.path.join(directory, "sub2", "package.json"))
    os.mkdir(os.path.join(directory, "sub2"))
    server.notify("textDocument/didOpen", {"textDocument": {"uri": unsaved, "languageId": "json", "version": 1,
                                                            "text": '{"dependencies": {"b": "1", "a": "1"}}'}})
    udiags = server.diagnostics(unsaved, 1)
    expect_equal([d["message"] for d in udiags], ["/dependencies (rule 1): 'a' belongs first — 1 move"], "an unsaved document")
    expect_equal(udiags[0]["range"], rng(0, 28, 0, 36), "a list on one line: the item")
    answer = server.request("textDocument/codeAction", {"textDocument": {"uri": unsaved}, "range": rng(0, 5, 0, 5),
                                                        "context": {"diagnostics": udiags}})
    expect_equal(apply_edits('{"dependencies": {"b": "1", "a": "1"}}', answer["result"][0]["edit"]["changes"][unsaved]),
                 '{"dependencies": {"a": "1", "b": "1"}}', "an unsaved document fixed")
    # On one line: not the whole line, only the bytes that differ.
    expect_equal(answer["result"][0]["edit"]["changes"][unsaved],
                 [{"range": rng(0, 19, 0, 30), "newText": 'a": "1", "b'}], "a list on one line: its edit")
    server.notify("textDocument/didClose", {"textDocument": {"uri": unsaved}})
    expect_equal(server.diagnostics(unsaved), [], "an unsaved document closed")

    # A file no rule covers and no block: nothing.
    notes = os.path.join(directory, "notes.txt")
    with open(notes, "w") as f:
        f.write("b\na\n")
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(notes), "languageId": "plaintext", "version": 1,
                                                            "text": "b\na\n"}})
    expect_equal(server.diagnostics(uri_of(notes), 1), [], "diagnostics of a file nothing covers")
    # ... but its keep-sorted block is checked.
    block = "x\n# keep-sorted start\nb\na\n# keep-sorted end\n"
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri_of(notes), "version": 2},
                                             "contentChanges": [{"text": block}]})
    bdiags = server.diagnostics(uri_of(notes), 2)
    expect_equal(len(bdiags), 1, "a keep-sorted block out of order")
    check(bdiags[0]["message"].startswith("block keep-sorted"), "the block's message: %r" % bdiags[0]["message"])
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri_of(notes)}, "options": {}})
    expect_equal(apply_edits(block, answer["result"]), "x\n# keep-sorted start\na\nb\n# keep-sorted end\n", "the block fixed")

    # A burst of changes (one write, so at hand together): checked once, at
    # its end.
    burst = b""
    for version, body in [(3, "b\na\n"), (4, block), (5, "x\n")]:
        data = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri_of(notes), "version": version}, "contentChanges": [{"text": body}]}}).encode()
        burst += b"Content-Length: %d\r\n\r\n" % len(data) + data
    check(len(burst) < 4096, "the burst fits one atomic write")
    server.send_raw(burst)
    first = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri_of(notes),
                        60, "diagnostics after the burst")
    expect_equal((first["params"]["version"], first["params"]["diagnostics"]), (5, []), "the burst's diagnostics: its last version")

    # A document that cannot be read: the reader's error at its place, as
    # the CLI words it.
    os.mkdir(os.path.join(directory, "sub"))
    bad_path = os.path.join(directory, "sub", "package.json")
    bad = '{\n  "dependencies": {\n    "a": "1",,\n  }\n}\n'
    with open(bad_path, "w") as f:
        f.write(bad)
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(bad_path), "languageId": "json", "version": 1,
                                                            "text": bad}})
    bdiags = server.diagnostics(uri_of(bad_path), 1)
    expect_equal(len(bdiags), 1, "diagnostics of a file that is not JSON")
    cli = subprocess.run([REORDER, "check", "sub/package.json"], cwd=directory, capture_output=True, text=True)
    # reorder: sub/package.json:3:14: MESSAGE
    head, _, cli_message = cli.stderr.strip().partition(": sub/package.json:")
    line, column, cli_message = cli_message.split(":", 2)
    expect_equal(bdiags[0]["message"], cli_message.strip(), "the format error's message")
    expect_equal(bdiags[0]["range"]["start"], {"line": int(line) - 1, "character": int(column) - 1}, "the format error's place")
    expect_equal((bdiags[0]["severity"], bdiags[0]["source"]), (1, "reorder"), "the format error's severity and source")
    # Read again: cleared; then out of order, its finding.
    fixed_bad = '{\n  "dependencies": {\n    "b": "1",\n    "a": "1"\n  }\n}\n'
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri_of(bad_path), "version": 2},
                                             "contentChanges": [{"text": fixed_bad}]})
    expect_equal([d["message"] for d in server.diagnostics(uri_of(bad_path), 2)],
                 ["/dependencies (rule 1): 'a' belongs first — 1 move"], "the document read again")
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri_of(bad_path), "version": 3},
                                             "contentChanges": [{"text": '{\n  "dependencies": {\n    "a": "1"\n  }\n}\n'}]})
    expect_equal(server.diagnostics(uri_of(bad_path), 3), [], "the document read again, in order")
    # A rule's list that is no list: one error, without the document's path.
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri_of(bad_path), "version": 4},
                                             "contentChanges": [{"text": '{"dependencies": "none"}\n'}]})
    ndiags = server.diagnostics(uri_of(bad_path), 4)
    expect_equal([(d["severity"], d["range"]["start"]) for d in ndiags], [(1, {"line": 0, "character": 0})],
                 "a rule's list that is a string: one error")
    check(ndiags[0]["message"].startswith("rule 1 (") and "not a list" in ndiags[0]["message"],
          "the message of a list that is a string: %r" % ndiags[0]["message"])
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri_of(bad_path)}})
    server.diagnostics(uri_of(bad_path))
    # A document no rule covers is not read: its syntax is its own
    # language server's to report.
    loose = os.path.join(directory, "loose.json")
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(loose), "languageId": "json", "version": 1,
                                                            "text": bad}})
    expect_equal(server.diagnostics(uri_of(loose), 1), [], "a document no rule covers, not JSON")
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri_of(loose)}})
    server.diagnostics(uri_of(loose))

    # The diagnostic's range is the moved item's own lines, with the
    # comments it owns, not the lines between it and where it belongs (nor
    # the lines a line diff moves instead: here alpha..gamma).
    owned = os.path.join(directory, "owned")
    os.mkdir(owned)
    with open(os.path.join(owned, ".reorder.toml"), "w") as f:
        f.write('[[rule]]\nfiles = ["tools.yaml"]\nlist = "/tools"\nkey = "/name"\n'
                '[[rule]]\nfiles = ["c.jsonc"]\nlist = "/a"\n')
    for name, language, body, expected_range in [
        ("tools.yaml", "yaml", "tools:\n  # the editor\n  - name: zed\n    # its version\n    version: 1\n"
         "  - name: alpha\n  - name: beta\n  - name: gamma\n", rng(1, 2, 4, 14)),
        ("c.jsonc", "jsonc", '{\n  "a": [\n    // last\n    "z",\n    "b",\n    "c"\n  ]\n}\n', rng(2, 4, 3, 7)),
    ]:
        path = os.path.join(owned, name)
        with open(path, "w") as f:
            f.write(body)
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(path), "languageId": language, "version": 1,
                                                                "text": body}})
        odiags = server.diagnostics(uri_of(path), 1)
        expect_equal(len(odiags), 1, "diagnostics of " + name)
        check("'z" in odiags[0]["message"], "the moved item of %s: %r" % (name, odiags[0]["message"]))
        expect_equal(odiags[0]["range"], expected_range, "the range of %s: the moved item and its comments" % name)
        # The quickfix is offered on any line of the item.
        answer = server.request("textDocument/codeAction", {"textDocument": {"uri": uri_of(path)},
                                                            "range": rng(expected_range["end"]["line"], 0,
                                                                         expected_range["end"]["line"], 0),
                                                            "context": {"diagnostics": odiags, "only": ["quickfix"]}})
        expect_equal([a["title"] for a in answer["result"]], ["Sort this list (1 move)"], "the quickfix of " + name)
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri_of(path)}})
        expect_equal(server.diagnostics(uri_of(path)), [], name + " closed")

    # Frames that cannot be read: logged, and the server goes on.
    server.send_raw(b"Content-Length: 5\r\n\r\n{bad}")
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
    expect_equal(answer.get("result"), [], "an answer after a body that is not JSON")
    server.send_raw(b"Content-Length: abc\r\n\r\n{\"jsonrpc\": \"2.0\", \"id\": 999, \"method\": \"shutdown\"}")
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
    expect_equal(answer.get("result"), [], "an answer after a bad Content-Length")
    server.send_raw(b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}")
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
    expect_equal(answer.get("result"), [], "an answer after a frame without Content-Length")

    # An unknown request: MethodNotFound; an unknown notification: nothing.
    server.notify("$/unknownNotification", {})
    answer = server.request("reorder/noSuchMethod", {})
    expect_equal(answer.get("error", {}).get("code"), -32601, "an unknown method's error")

    # $/cancelRequest: of a request answered already and of an id never
    # sent. Requests are answered in order, so nothing is left to cancel:
    # no answer to the notification, no log line, and the server goes on.
    answered = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
    server.notify("$/cancelRequest", {"id": answered["id"]})
    server.notify("$/cancelRequest", {"id": 99999})
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
    expect_equal(answer.get("result"), [], "an answer after $/cancelRequest")
    check(not any(m.get("id") in (answered["id"], 99999) for m in server.pending),
          "an answer to $/cancelRequest: %r" % server.pending)

    # shutdown and exit: status 0.
    answer = server.request("shutdown")
    check("result" in answer and answer["result"] is None, "shutdown's answer: %r" % answer)
    server.notify("exit", None)
    status, stderr = server.finish()
    expect_equal(status, 0, "the exit status after shutdown and exit")
    log = stderr.splitlines()
    expect_equal(len([l for l in log if "not JSON" in l]), 1, "log lines for the body that is not JSON: %r" % log)
    expect_equal(len([l for l in log if "Content-Length" in l]), 2, "log lines for the frames without a length: %r" % log)
    expect_equal(len([l for l in log if "version 2" in l]), 1, "log lines for the old version: %r" % log)
    expect_equal([l for l in log if "cancel" in l.lower()], [], "log lines for $/cancelRequest")

    # exit without shutdown: status 1.
    server = Server(directory)
    server.request("initialize", {"capabilities": {}})
    server.notify("exit", None)
    expect_equal(server.finish()[0], 1, "the exit status of exit without shutdown")

    # The end of the input without exit: status 1, within 1 s.
    server = Server(directory)
    server.request("initialize", {"capabilities": {}})
    closed = time.monotonic()
    server.process.stdin.close()
    status, _ = server.finish(timeout=1)
    took = time.monotonic() - closed
    expect_equal(status, 1, "the exit status at the end of the input")
    check(took <= 1.0, "exited %.2f s after the end of the input" % took)

    # An argument: a usage error, status 2.
    extra = subprocess.run([REORDER, "lsp", "extra"], cwd=directory, stdin=subprocess.DEVNULL, capture_output=True, timeout=10)
    expect_equal(extra.returncode, 2, "the exit status of 'reorder lsp extra'")

    if large:
        latency(directory)


def policy_on_disk(directory):
    """A client that watches no file (Neovim on Linux): the server looks at
    the policy files itself, and publishes the open documents' diagnostics
    again when one changes, appears or goes, with no message from the
    client."""
    os.mkdir(os.path.join(directory, "sub"))
    subprocess.run(["git", "init", "-q", directory], check=True)
    policy = os.path.join(directory, ".reorder.toml")
    nearer = os.path.join(directory, "sub", ".reorder.toml")
    write_atomically(policy, POLICY)
    text = '{\n  "dependencies": {\n    "b": "1",\n    "a": "1"\n  }\n}\n'
    top, sub = os.path.join(directory, "package.json"), os.path.join(directory, "sub", "package.json")
    for path in (top, sub):
        with open(path, "w") as f:
            f.write(text)
    server = Server(directory)
    server.request("initialize", {"processId": None, "rootUri": uri_of(directory), "capabilities": {}})
    server.notify("initialized", {})
    for path in (top, sub):
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri_of(path), "languageId": "json", "version": 1,
                                                                "text": text}})
        expect_equal(len(server.diagnostics(uri_of(path), 1)), 1, "the diagnostic of an open document")
    check(not any(m.get("method") == "client/registerCapability" for m in server.pending),
          "a registration asked of a client that cannot watch files")

    def published(what, counts, timeout=5):
        for path, count in zip((top, sub), counts):
            diags = server.diagnostics(uri_of(path), 1, timeout)
            expect_equal(len(diags), count, "%s: the diagnostics of %s" % (what, os.path.relpath(path, directory)))

    # Changed (renamed into place, as git does): both documents again.
    started = time.monotonic()
    write_atomically(policy, POLICY.replace('"package.json"', '"other.json"'))
    published("the policy changed on disk", (0, 0))
    check(time.monotonic() - started < 3, "the change seen after %.1f s" % (time.monotonic() - started))
    # Nothing changes: nothing published.
    check(server.no_diagnostics_for(uri_of(top), 1.2), "published again with no change of the policy")
    # Written in place: seen too (perhaps first as the empty file it is
    # for an instant, then as written).
    with open(policy, "w") as f:
        f.write(POLICY)
    for path in (top, sub):
        deadline = time.monotonic() + 5
        while len(server.diagnostics(uri_of(path), 1, max(0.1, deadline - time.monotonic()))) != 1:
            pass
    check(server.no_diagnostics_for(uri_of(sub), 1.2), "published again after the write")
    # A nearer policy appears: it governs sub/ (and covers nothing there).
    write_atomically(nearer, '[[rule]]\nfiles = ["other.json"]\nlist = "/dependencies"\n')
    published("a nearer policy appeared", (1, 0))
    # ... and goes: the one above again.
    os.remove(nearer)
    published("the nearer policy removed", (1, 1))
    # The policy removed: nothing covers them.
    os.remove(policy)
    published("the policy removed", (0, 0))
    write_atomically(policy, POLICY)
    published("the policy back", (1, 1))
    # Not with no document open: closed, nothing is looked at.
    for path in (top, sub):
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri_of(path)}})
        server.diagnostics(uri_of(path))
    os.remove(policy)
    check(server.no_diagnostics_for(uri_of(top), 1.2), "diagnostics of a closed document")
    answer = server.request("shutdown")
    check("result" in answer, "shutdown after the policy watch: %r" % answer)
    server.notify("exit", None)
    expect_equal(server.finish()[0], 0, "the exit status after the policy watch")


def latency(directory):
    """A package.json of 100 000 dependencies: after an incremental change,
    the time until its diagnostics arrive, median of 5."""
    count = 100000
    lines = ['    "dep%06d": "^1.0.0",' % i for i in range(count)]
    lines[-1] = lines[-1].rstrip(",")
    text = '{\n  "name": "big",\n  "dependencies": {\n' + "\n".join(lines) + "\n  }\n}\n"
    big = os.path.join(directory, "big", "package.json")
    os.makedirs(os.path.dirname(big))
    with open(big, "w") as f:
        f.write(text)
    uri = uri_of(big)
    server = Server(directory)
    server.request("initialize", {"capabilities": {}})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}})
    expect_equal(server.diagnostics(uri, 1, timeout=120), [], "the large file in order")
    times = []
    for version in range(2, 7):
        # One more dependency, out of order, in the middle of the list;
        # then that line changed.
        line = 3 + count // 2
        end = line if version == 2 else line + 1
        change = {"range": rng(line, 0, end, 0), "text": '    "aaa%d": "1",\n' % version}
        started = time.monotonic()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        diags = server.diagnostics(uri, version, timeout=120)
        times.append(time.monotonic() - started)
        expect_equal(len(diags), 1, "the large file's diagnostics")
        expect_equal(diags[0]["range"]["start"]["line"], line, "the large file's diagnostic on the line inserted")
    median = statistics.median(times)
    print("latency: 100 000-line package.json, incremental change to diagnostics: median %.1f ms of 5 (%s) [%s]"
          % (median * 1000, ", ".join("%.0f" % (t * 1000) for t in times), REORDER))
    server.request("shutdown")
    server.notify("exit", None)
    expect_equal(server.finish(timeout=30)[0], 0, "the large file's server exit status")


def many_lists_documents():
    """The two shapes of a 100 000-line document with 1 000 lists of 98
    items (100 lines each): a source file with 1 000 keep-sorted blocks
    (lists a team keeps sorted in code: registries, allow-lists, imports),
    and a JSON file whose policy rule names every list with a `*`
    (`/groups/*`: a configuration of many lists, as CODEOWNERS-like maps,
    feature flags or translations keep). Each: (name, rule, text, the line
    of an item in the middle list, where on that line to type)."""
    blocks, groups, unsorted = [], [], []
    for b in range(1000):
        blocks.append("    # keep-sorted start")
        blocks += ["    'name_%03d_%03d'," % (b, i) for i in range(98)]
        blocks.append("    # keep-sorted end")
        unsorted += blocks[-100:]
        unsorted[-99], unsorted[-98] = unsorted[-98], unsorted[-99]
        items = ['    "item_%03d_%03d",' % (b, i) for i in range(98)]
        items[-1] = items[-1].rstrip(",")
        groups.append('  "g%04d": [' % b)
        groups += items
        groups.append("  ]," if b < 999 else "  ]")
    source = "NAMES = [\n" + "\n".join(blocks) + "\n]\n"
    unsorted_source = "NAMES = [\n" + "\n".join(unsorted) + "\n]\n"
    json_text = "{\n" + "\n".join(groups) + "\n}\n"
    return [
        ("blocks.py", None, source, 1 + 500 * 100 + 1 + 10, 5),
        # The same, every block out of order: 1 000 diagnostics each time.
        ("unsorted.py", None, unsorted_source, 1 + 500 * 100 + 1 + 10, 5),
        ("groups.json", '[[rule]]\nfiles = ["groups.json"]\nlist = "/groups/*"\n',
         '{\n  "groups": ' + json_text.replace("\n", "\n  ").rstrip(" ") + "}\n", 2 + 500 * 100 + 1 + 10, 7),
    ]


def many_lists_latency(directory, keystrokes=24):
    """A 100 000-line document with 1 000 lists: one keystroke at a time
    typed into an item of the middle list (the first makes it out of
    order), the time from each change to its diagnostics; the median."""
    many = os.path.join(directory, "many")
    os.makedirs(many, exist_ok=True)
    policy = "".join(rule for _, rule, _, _, _ in many_lists_documents() if rule)
    with open(os.path.join(many, ".reorder.toml"), "w") as f:
        f.write(policy)
    server = Server(directory)
    server.request("initialize", {"capabilities": {}})
    for name, _, text, line, column in many_lists_documents():
        path = os.path.join(many, name)
        with open(path, "w") as f:
            f.write(text)
        uri = uri_of(path)
        check(text.count("\n") >= 100000, "the lines of " + name)
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "text", "version": 1, "text": text}})
        others = 1000 if name == "unsorted.py" else 0
        expect_equal(len(server.diagnostics(uri, 1, timeout=120)), others, name + ": its lists out of order")
        times = []
        for k in range(keystrokes):
            version = 2 + k
            change = {"range": rng(line, column + k, line, column + k), "text": "z"}
            started = time.monotonic()
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            diags = server.diagnostics(uri, version, timeout=120)
            times.append(time.monotonic() - started)
            lines = [d["range"]["start"]["line"] for d in diags]
            check((line in lines or others) and len(lines) == max(others, 1),
                  name + ": the diagnostic of the item typed into: %r" % lines[:3])
        median = statistics.median(times)
        print("latency: 100 000 lines, 1 000 lists (%s%s), one keystroke to diagnostics: median %.1f ms of %d (min %.1f, max %.1f) [%s]"
              % (name, ", each out of order" if others else "", median * 1000, keystrokes, min(times) * 1000, max(times) * 1000,
                 REORDER))
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        server.diagnostics(uri)
    server.request("shutdown")
    server.notify("exit", None)
    expect_equal(server.finish(timeout=30)[0], 0, "the many lists' server exit status")


if __name__ == "__main__":
    main()
