#!/usr/bin/env python3
"""`reorder lsp` on a Markdown document whose policy names a list by its
heading path: the diagnostic on the line that moves, then formatting's
edits, which give the sorted document and change no other line. Uses the
client of Tests/lsp/client.py (REORDER names the binary). Exit status 0
when every check holds."""
import os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import client as c  # noqa: E402

POLICY = '[[rule]]\nfiles = ["README.md"]\nlist = "/Awesome Grep/Tools"\nignore-case = true\n'
TEXT = ("# Awesome Grep [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)\n\n## Tools\n\n"
        "- [ugrep](https://github.com/Genivia/ugrep) - Fast grep.\n"
        "- [ack](https://beyondgrep.com) - For programmers.\n"
        "  - [ack3](https://beyondgrep.com/ack3) - Its third version.\n"
        "- [Bat](https://github.com/sharkdp/bat) - A cat.\n\n## License\n\nCC0\n")
SORTED = ("# Awesome Grep [![Awesome](https://awesome.re/badge.svg)](https://awesome.re)\n\n## Tools\n\n"
          "- [ack](https://beyondgrep.com) - For programmers.\n"
          "  - [ack3](https://beyondgrep.com/ack3) - Its third version.\n"
          "- [Bat](https://github.com/sharkdp/bat) - A cat.\n"
          "- [ugrep](https://github.com/Genivia/ugrep) - Fast grep.\n\n## License\n\nCC0\n")


def run(directory):
    subprocess.run(["git", "init", "-q", directory], check=True)
    with open(os.path.join(directory, ".reorder.toml"), "w") as f:
        f.write(POLICY)
    path = os.path.join(directory, "README.md")
    with open(path, "w") as f:
        f.write(TEXT)
    subprocess.run(["git", "add", "-A"], cwd=directory, check=True)
    uri = c.uri_of(path)
    server = c.Server(directory)
    server.request("initialize", {"processId": None, "rootUri": c.uri_of(directory), "capabilities": {}})
    server.notify("initialized", {})
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": TEXT}})
    diags = server.diagnostics(uri, 1)
    c.expect_equal([d["message"] for d in diags], ["/Awesome Grep/Tools (rule 1): 'ugrep - Fast grep.' belongs after 'Bat - A cat.' — 1 move"],
                   "the diagnostic")
    c.expect_equal(diags[0]["range"]["start"]["line"], 4, "on the line of ugrep")
    answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
    c.expect_equal(c.apply_edits(TEXT, answer["result"]), SORTED, "the document with formatting's edits")
    for edit in answer["result"]:
        c.check(edit["range"]["start"]["line"] in (4, 5, 7, 8), "an edit off the moved line: %r" % edit)
    # The sorted text: no diagnostic.
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": SORTED}]})
    c.expect_equal(server.diagnostics(uri, 2), [], "diagnostics of the sorted document")
    server.request("shutdown")
    server.notify("exit", None)
    c.expect_equal(server.finish(timeout=10)[0], 0, "the server's exit status")


def main():
    directory = tempfile.mkdtemp(prefix="reorder-lsp-markdown-")
    try:
        run(os.path.realpath(directory))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("ok: %d checks" % c.checks)


if __name__ == "__main__":
    main()
