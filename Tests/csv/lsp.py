#!/usr/bin/env python3
"""`reorder lsp` on a CSV file governed by a policy rule without `list`,
sorted by a column's name: the diagnostic on the row that moves, then
formatting, whose edits give the rows in order with every row's bytes (a
quoted line break, a CRLF) and the file's lack of a final newline kept.
Uses the client of Tests/lsp/client.py. Exit status 0 when every check
holds. REORDER names the binary."""
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("client", os.path.join(HERE, "..", "lsp", "client.py"))
client = importlib.util.module_from_spec(spec)
spec.loader.exec_module(client)


def main():
    directory = os.path.realpath(tempfile.mkdtemp(prefix="reorder-csv-lsp-"))
    try:
        subprocess.run(["git", "init", "-q", directory], check=True)
        with open(os.path.join(directory, ".reorder.toml"), "w") as f:
            f.write('[[rule]]\nfiles = ["data/*.csv"]\nkey = "name"\n')
        os.mkdir(os.path.join(directory, "data"))
        path = os.path.join(directory, "data", "users.csv")
        text = 'id,name\r\n1,zed\r\n2,"al\nice"\r\n3,bob'
        with open(path, "w", newline="") as f:
            f.write(text)
        uri = client.uri_of(path)
        server = client.Server(directory)
        server.request("initialize", {"processId": None, "rootUri": client.uri_of(directory), "capabilities": {}})
        server.notify("initialized", {})
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "csv", "version": 1,
                                                                "text": text}})
        diagnostics = server.diagnostics(uri, 1)
        client.expect_equal(len(diagnostics), 1, "diagnostics after didOpen")
        client.expect_equal(diagnostics[0]["message"], "the rows (rule 1): 'zed' belongs after 'bob' — 1 move",
                            "the message")
        client.expect_equal(diagnostics[0]["range"]["start"]["line"], 1, "the diagnostic's line: zed's")
        answer = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {}})
        fixed = client.apply_edits(text, answer["result"])
        client.expect_equal(fixed, 'id,name\r\n2,"al\nice"\r\n3,bob\r\n1,zed', "the text formatted")
        # The command line does the same to the file.
        cli = subprocess.run([client.REORDER, "fix", "data/users.csv"], cwd=directory, capture_output=True)
        client.expect_equal(cli.returncode, 0, "fix's status")
        with open(path, newline="") as f:
            client.expect_equal(f.read(), fixed, "the file fixed by the command line")
        answer = server.request("shutdown")
        server.notify("exit", None)
        status, stderr = server.finish()
        client.expect_equal(status, 0, "the exit status (%s)" % stderr)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("ok: %d checks" % client.checks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
