#!/usr/bin/env python3
"""The move actions of `reorder lsp`, through the raw JSON-RPC client of
client.py: "Move 'NAME' up/down/to top/to bottom/to LIST" at the cursor or
a selection, and the command `reorder.moveItem`, in every format, with
the exact bytes after applying each edit, and the same bytes as `reorder
move` writes on the text. Exit status 0 when every check holds; the first
failure is printed and exits 1."""
import os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import client
from client import REORDER, Server, apply_edits, check, expect_equal, fail, rng, utf16_len

COMMAND = "reorder.moveItem"


class Session:
    def __init__(self, directory, document_changes=True):
        self.directory = directory
        self.server = Server(directory)
        capabilities = {"workspace": {"applyEdit": True, "workspaceEdit": {"documentChanges": document_changes}}}
        answer = self.server.request("initialize", {"processId": None, "rootUri": "file://" + directory,
                                                    "capabilities": capabilities})
        caps = answer["result"]["capabilities"]
        expect_equal(caps.get("executeCommandProvider"), {"commands": [COMMAND]}, "the command advertised")
        check("refactor.move" in caps["codeActionProvider"]["codeActionKinds"], "refactor.move advertised: %r" % caps)
        self.server.notify("initialized", {})
        self.document_changes = document_changes
        self.count = 0
        self.texts = {}

    def open(self, name, text):
        """A new document `name` (its extension chooses the format)."""
        self.count += 1
        folder = tempfile.mkdtemp(prefix="d%d-" % self.count, dir=self.directory)
        uri = "file://" + os.path.join(folder, name)
        self.server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "x", "version": 1, "text": text}})
        self.texts[uri] = (text, 1)
        return uri

    def change(self, uri, text):
        _, version = self.texts[uri]
        self.server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version + 1},
                                                       "contentChanges": [{"text": text}]})
        self.texts[uri] = (text, version + 1)

    def actions(self, uri, range_, only=None):
        context = {"diagnostics": []}
        if only is not None:
            context["only"] = only
        answer = self.server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": range_, "context": context})
        return [a for a in answer["result"] if a.get("kind") == "refactor.move"]

    def edits_of(self, uri, edit):
        """The edits of a WorkspaceEdit for `uri`, its version checked."""
        text, version = self.texts[uri]
        if self.document_changes:
            check("changes" not in edit and len(edit["documentChanges"]) == 1, "documentChanges only: %r" % edit)
            change = edit["documentChanges"][0]
            expect_equal(change["textDocument"], {"uri": uri, "version": version}, "the edit's document and version")
            return change["edits"]
        check("documentChanges" not in edit, "changes only, for a client without documentChanges: %r" % edit)
        return edit["changes"][uri]

    def command(self, argument):
        """reorder.moveItem: the edit the server asks to apply, or the error."""
        server = self.server
        id = server.next_id
        server.next_id += 1
        server.send({"jsonrpc": "2.0", "id": id, "method": "workspace/executeCommand",
                     "params": {"command": COMMAND, "arguments": [argument]}})
        message = server.wait(lambda m: (m.get("id") == id and "method" not in m) or m.get("method") == "workspace/applyEdit",
                              60, "the answer to executeCommand")
        if message.get("method") == "workspace/applyEdit":
            server.send({"jsonrpc": "2.0", "id": message["id"], "result": {"applied": True}})
            answer = server.wait(lambda m: m.get("id") == id and "method" not in m, 60, "the answer to executeCommand")
            check("error" not in answer, "executeCommand answered with an error after applyEdit: %r" % answer)
            return message["params"]["edit"], None
        check("error" in message, "executeCommand answered without asking to apply an edit: %r" % message)
        return None, message["error"]["message"]


def cli_move(name, text, arguments):
    """What `reorder move ARGUMENTS` writes on `text` in a file `name`."""
    folder = tempfile.mkdtemp(prefix="reorder-move-")
    try:
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(text.encode())
        result = subprocess.run([REORDER, "move"] + arguments + [path], capture_output=True)
        check(result.returncode == 0, "reorder move %s: %s" % (" ".join(arguments), result.stderr.decode()))
        with open(path, "rb") as f:
            return f.read().decode()
    finally:
        shutil.rmtree(folder)


def at(line, character):
    return rng(line, character, line, character)


def titles(actions):
    return [a["title"] for a in actions]


def run(directory):
    s = Session(directory)

    def case(name, text, range_, title, expected, cli=None, command=None):
        """The action `title` at `range_` gives `expected`, as `reorder move
        CLI` does, and so does the command with `command` (its direction or
        `to`), applied to a document of the same text."""
        uri = s.open(name, text)
        actions = s.actions(uri, range_)
        found = [a for a in actions if a["title"] == title]
        check(len(found) == 1, "%s: the action %r among %r" % (name, title, titles(actions)))
        edits = s.edits_of(uri, found[0]["edit"])
        got = apply_edits(text, edits)
        expect_equal(got, expected, "%s after %r" % (name, title))
        # Only the lines that move are edited: every edit lies between the
        # first and the last line that differ.
        a_lines, b_lines = text.split("\n"), expected.split("\n")
        first = 0
        while first < min(len(a_lines), len(b_lines)) and a_lines[first] == b_lines[first]:
            first += 1
        last = len(a_lines)
        while last > first and len(b_lines) - (len(a_lines) - last) > first and a_lines[last - 1] == b_lines[len(b_lines) - (len(a_lines) - last) - 1]:
            last -= 1
        for edit in edits:
            lines_edited = (edit["range"]["start"]["line"], edit["range"]["end"]["line"])
            check(first <= lines_edited[0] and lines_edited[1] <= last,
                  "%s: an edit of lines %r outside the lines that move (%d to %d): %r" % (name, lines_edited, first, last, edit))
        if cli is not None:
            expect_equal(cli_move(name, text, cli), expected, "%s: reorder move %s" % (name, " ".join(cli)))
        if command is not None:
            uri = s.open(name, text)
            argument = {"uri": uri}
            if range_["start"] == range_["end"]:
                argument["position"] = range_["start"]
            else:
                argument["range"] = range_
            argument.update(command)
            edit, error = s.command(argument)
            check(error is None, "%s: the command %r failed: %s" % (name, command, error))
            expect_equal(apply_edits(text, s.edits_of(uri, edit)), expected, "%s after the command %r" % (name, command))
        return actions

    def offered(name, text, range_, expected_titles):
        uri = s.open(name, text)
        expect_equal(titles(s.actions(uri, range_)), expected_titles, "%s: the actions at %r" % (name, range_))

    # Lines: each direction; none that would do nothing at the ends.
    lines = "a\nb\nc\n"
    case("list.txt", lines, at(1, 0), "Move 'b' up", "b\na\nc\n", ["1", "0"], {"direction": "up"})
    case("list.txt", lines, at(1, 1), "Move 'b' down", "a\nc\nb\n", ["1", "2"], {"direction": "down"})
    case("list.txt", lines, at(2, 0), "Move 'c' to top", "c\na\nb\n", ["2", "0"], {"direction": "top"})
    case("list.txt", lines, at(0, 0), "Move 'a' to bottom", "b\nc\na\n", ["0", "2"], {"direction": "bottom"})
    case("list.txt", lines, at(0, 0), "Move 'a' down", "b\na\nc\n", ["0", "1"], {"to": 1})
    offered("list.txt", lines, at(0, 0), ["Move 'a' down", "Move 'a' to bottom"])
    offered("list.txt", lines, at(2, 1), ["Move 'c' up", "Move 'c' to top"])
    offered("list.txt", "only\n", at(0, 2), [])
    # An empty line is an item of the lines format, named so.
    case("list.txt", "a\n\nb\n", at(1, 0), "Move the empty item up", "\na\nb\n", ["1", "0"], {"direction": "up"})
    # CRLF.
    case("list.txt", "a\r\nb\r\nc\r\n", at(2, 0), "Move 'c' up", "a\r\nc\r\nb\r\n", ["2", "1"], {"direction": "up"})
    # A selection of several items moves as a block (a selection ending
    # at the start of the next line ends on the line before).
    case("list.txt", "a\nb\nc\nd\n", rng(1, 0, 3, 0), "Move 2 items from 'b' down", "a\nd\nb\nc\n", ["1...2", "2"],
         {"direction": "down"})
    case("list.txt", "a\nb\nc\nd\n", rng(2, 0, 3, 1), "Move 2 items from 'c' to top", "c\nd\na\nb\n", ["2...3", "0"],
         {"direction": "top"})

    # JSON: an element of an inner array, on its own line and inline.
    doc = '{\n  "a": [1, 2, 3],\n  "b": [\n    "x",\n    "y"\n  ]\n}\n'
    case("data.json", doc, at(3, 5), "Move 'x' down", '{\n  "a": [1, 2, 3],\n  "b": [\n    "y",\n    "x"\n  ]\n}\n',
         ["-p", "/b", "0", "1"], {"direction": "down"})
    case("data.json", doc, at(1, 10), "Move '2' up", '{\n  "a": [2, 1, 3],\n  "b": [\n    "x",\n    "y"\n  ]\n}\n',
         ["-p", "/a", "1", "0"], {"direction": "up"})
    case("data.json", doc, at(1, 10), "Move '2' to bottom", '{\n  "a": [1, 3, 2],\n  "b": [\n    "x",\n    "y"\n  ]\n}\n',
         ["-p", "/a", "1", "2"], {"direction": "bottom"})
    # To another list of the document: the end of it, as `move --to` puts it.
    case("data.json", doc, at(4, 6), "Move 'y' to /a", '{\n  "a": [1, 2, 3, "y"],\n  "b": [\n    "x"\n  ]\n}\n',
         ["-p", "/b", "1", "3", "--to", "/a"])
    # The last element of its array: the comma moves, not the element's bytes.
    case("data.json", doc, at(4, 4), "Move 'y' up", '{\n  "a": [1, 2, 3],\n  "b": [\n    "y",\n    "x"\n  ]\n}\n',
         ["-p", "/b", "1", "0"], {"direction": "up"})
    offered("data.json", doc, at(4, 4), ["Move 'y' up", "Move 'y' to top", "Move 'y' to /a"])
    # Asked as the cursor moves (trigger kind 2, VS Code's light bulb): the
    # moves within the list only.
    uri = s.open("data.json", doc)
    answer = s.server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": at(4, 4),
                                                          "context": {"diagnostics": [], "triggerKind": 2}})
    expect_equal(titles(answer["result"]), ["Move 'y' up", "Move 'y' to top"], "the actions asked automatically")
    # A member of the root object (the cursor on its key's line, outside any inner list).
    case("data.json", doc, at(2, 3), "Move 'b' up", '{\n  "b": [\n    "x",\n    "y"\n  ],\n  "a": [1, 2, 3]\n}\n',
         ["=b", "0"], {"direction": "up"})
    # Multi-byte characters before the cursor: positions in UTF-16.
    emoji = '[\n  "\U0001F600\u00e9", "ab"\n]\n'
    column = utf16_len('  "\U0001F600\u00e9", "')
    check(column == 10, "the test's column in UTF-16: %d" % column)
    case("emoji.json", emoji, at(1, column + 1), "Move 'ab' up", '[\n  "ab", "\U0001F600\u00e9"\n]\n', ["1", "0"],
         {"direction": "up"})
    case("emoji.json", emoji, at(1, 3), "Move '\U0001F600\u00e9' down", '[\n  "ab", "\U0001F600\u00e9"\n]\n', ["0", "1"],
         {"direction": "down"})
    # A one-item list: nothing to offer (the outer list has none either).
    offered("one.json", '[\n  "only"\n]\n', at(1, 4), [])
    # A selection of elements of one array.
    case("data.json", '[\n  1,\n  2,\n  3,\n  4\n]\n', rng(2, 2, 3, 3), "Move 2 items from '2' to bottom",
         '[\n  1,\n  4,\n  2,\n  3\n]\n', ["1...2", "2"], {"direction": "bottom"})

    # JSONC: the comment an element owns moves with it.
    jsonc = '{\n  // the list\n  "list": [\n    "b", // bee\n    "a"\n  ]\n}\n'
    case("settings.jsonc", jsonc, at(4, 5), "Move 'a' up", '{\n  // the list\n  "list": [\n    "a",\n    "b" // bee\n  ]\n}\n',
         ["-p", "/list", "1", "0"], {"direction": "up"})

    # YAML: a nested entry, not its parent; and the parent of three lines.
    yaml = "a:\n  - x\n  - y:\n      - p\n      - q\nb:\n  - z\n"
    case("config.yaml", yaml, at(3, 9), "Move 'p' down", "a:\n  - x\n  - y:\n      - q\n      - p\nb:\n  - z\n",
         ["-p", "/a/1/y", "0", "1"], {"direction": "down"})
    case("config.yaml", yaml, at(1, 4), "Move 'x' down", "a:\n  - y:\n      - p\n      - q\n  - x\nb:\n  - z\n",
         ["-p", "/a", "0", "1"], {"direction": "down"})
    case("config.yaml", yaml, at(6, 4), "Move 'z' to /a", "a:\n  - x\n  - y:\n      - p\n      - q\n  - z\nb: []\n",
         ["-p", "/b", "0", "2", "--to", "/a"])
    case("config.yaml", yaml, at(3, 8), "Move 'p' to /b", "a:\n  - x\n  - y:\n      - q\nb:\n  - z\n  - p\n",
         ["-p", "/a/1/y", "0", "1", "--to", "/b"])
    case("config.yaml", yaml, at(5, 0), "Move 'b' to top", "b:\n  - z\na:\n  - x\n  - y:\n      - p\n      - q\n",
         ["=b", "0"], {"direction": "top"})

    # TOML: a key of a table, an element of an inline array, another table.
    toml = "[a]\nx = 1\ny = 2\n\n[b]\nz = [1, 2]\n"
    case("Cargo.toml", toml, at(2, 1), "Move 'y' up", "[a]\ny = 2\nx = 1\n\n[b]\nz = [1, 2]\n",
         ["-p", "/a", "1", "0"], {"direction": "up"})
    case("Cargo.toml", toml, at(5, 8), "Move '2' up", "[a]\nx = 1\ny = 2\n\n[b]\nz = [2, 1]\n",
         ["-p", "/b/z", "1", "0"], {"direction": "up"})
    case("Cargo.toml", toml, at(2, 1), "Move 'y' to /b", "[a]\nx = 1\n\n[b]\nz = [1, 2]\ny = 2\n",
         ["-p", "/a", "1", "1", "--to", "/b"])

    # Markdown: a nested item; an item with its continuation; another heading's list.
    md = "# A\n\n- one\n- two\n  more of two\n  - deep\n  - deeper\n\n# B\n\n- three\n"
    case("notes.md", md, at(5, 5), "Move 'deep' down", "# A\n\n- one\n- two\n  more of two\n  - deeper\n  - deep\n\n# B\n\n- three\n",
         ["-p", "/A/1", "0", "1"], {"direction": "down"})
    case("notes.md", md, at(2, 3), "Move 'one' down", "# A\n\n- two\n  more of two\n  - deep\n  - deeper\n- one\n\n# B\n\n- three\n",
         ["-p", "/A", "0", "1"], {"direction": "down"})
    case("notes.md", md, at(10, 3), "Move 'three' to /A", "# A\n\n- one\n- two\n  more of two\n  - deep\n  - deeper\n- three\n\n# B\n\n",
         ["-p", "/B", "0", "2", "--to", "/A"])

    # CSV: a record (the header is no item).
    case("table.csv", "h,i\n1,2\n3,4\n", at(1, 0), "Move '1,2' down", "h,i\n3,4\n1,2\n", ["0", "1"], {"direction": "down"})
    offered("table.csv", "h,i\n1,2\n3,4\n", at(0, 1), [])

    # The command: a range, an index, and what it refuses.
    uri = s.open("list.txt", "a\nb\nc\nd\n")
    edit, error = s.command({"uri": uri, "position": {"line": 0, "character": 0}, "to": 2})
    expect_equal(apply_edits("a\nb\nc\nd\n", s.edits_of(uri, edit)), "b\nc\na\nd\n", "the command with to: 2")
    edit, error = s.command({"uri": uri, "position": {"line": 0, "character": 0}, "direction": "up"})
    expect_equal(error, "'a' does not move: it is the first of /", "the command moving the first item up")
    edit, error = s.command({"uri": uri, "position": {"line": 3, "character": 0}, "direction": "bottom"})
    expect_equal(error, "'d' does not move: it is the last of /", "the command moving the last item down")
    edit, error = s.command({"uri": uri, "position": {"line": 0, "character": 0}, "to": 9})
    check(error is not None and "outside" in error, "an index outside the list refused: %r" % error)
    edit, error = s.command({"uri": uri, "position": {"line": 0, "character": 0}, "direction": "sideways"})
    check(error is not None and '"direction"' in error, "an unknown direction refused: %r" % error)
    one = s.open("one.txt", "only\n")
    edit, error = s.command({"uri": one, "position": {"line": 0, "character": 0}, "direction": "down"})
    expect_equal(error, "'only' does not move: it is the only item of /", "the command on a one-item list")
    edit, error = s.command({"uri": "file:///nowhere/x.txt", "position": {"line": 0, "character": 0}, "direction": "down"})
    check(error is not None and "not open" in error, "a document not open refused: %r" % error)
    bad = s.open("bad.json", '[1, 2,, 3]\n')
    edit, error = s.command({"uri": bad, "position": {"line": 0, "character": 1}, "direction": "down"})
    check(error is not None and "bad.json:1:" in error, "a document that cannot be read refused at its error: %r" % error)

    # The version check: an edit carries the version it was made for (the
    # client refuses it on a newer document), and a command that names a
    # version the document no longer has is refused, nothing applied.
    uri = s.open("list.txt", "a\nb\nc\n")
    stale = s.actions(uri, at(1, 0))
    s.change(uri, "a\nb\nc\nd\n")
    expect_equal(stale[0]["edit"]["documentChanges"][0]["textDocument"]["version"], 1, "the action's edit names version 1")
    fresh = s.actions(uri, at(1, 0))
    expect_equal(fresh[0]["edit"]["documentChanges"][0]["textDocument"]["version"], 2, "the action's edit after a change")
    edit, error = s.command({"uri": uri, "version": 1, "position": {"line": 1, "character": 0}, "direction": "up"})
    check(edit is None and error is not None and "changed" in error, "a command for version 1 of version 2 refused: %r" % error)
    edit, error = s.command({"uri": uri, "version": 2, "position": {"line": 1, "character": 0}, "direction": "up"})
    expect_equal(apply_edits("a\nb\nc\nd\n", s.edits_of(uri, edit)), "b\na\nc\nd\n", "the command for the current version")

    # `only` that asks for other kinds gets none; `refactor` asks for these.
    uri = s.open("list.txt", lines)
    expect_equal(s.actions(uri, at(1, 0), only=["quickfix"]), [], "only quickfix: no move action")
    expect_equal(len(s.actions(uri, at(1, 0), only=["refactor"])), 4, "only refactor: the four moves")
    s.server.request("shutdown")
    s.server.notify("exit", None)
    status, _ = s.server.finish()
    expect_equal(status, 0, "the exit status")

    # A client without documentChanges gets `changes`.
    plain = Session(directory, document_changes=False)
    s = plain
    case("list.txt", lines, at(1, 0), "Move 'b' up", "b\na\nc\n", None, {"direction": "up"})
    plain.server.request("shutdown")
    plain.server.notify("exit", None)
    plain.server.finish()


def main():
    directory = os.path.realpath(tempfile.mkdtemp(prefix="reorder-lsp-move-"))
    try:
        run(directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("ok: %d checks" % client.checks)


if __name__ == "__main__":
    main()
