import Foundation
import XCTest

/// Random TOML lists in several layouts (arrays over several lines and on
/// one, tables, inline tables, arrays of tables), random edits, Python's
/// tomllib as the judge: the result loads to the edit of what the input
/// loads to, and the bytes outside the list are the input's.
final class TOMLRandomTests: XCTestCase {
    static let script = #"""
import datetime, json, random, subprocess, sys, tomllib

reorder, seed, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
WORDS = ["alpha", "beta", "gamma", "x y", "it's", "#x", "[q]", "a,b", "é", "tab\there", 'say "hi"', "back\\slash"]

def string(word):
    style = rng.randrange(4)
    if style == 1 and "'" not in word and "\t" not in word:
        return "'" + word + "'"
    if style == 2 and "'" not in word:
        return "'''" + word + "'''"
    return json.dumps(word, ensure_ascii=rng.random() < 0.5)

def value():
    kind = rng.randrange(8)
    if kind == 0: return "1_000", 1000
    if kind == 1: return "0xff", 255
    if kind == 2: return "-3.5e2", -350.0
    if kind == 3: return "true", True
    if kind == 4: return "1979-05-27", datetime.date(1979, 5, 27)
    if kind == 5: return '{ a = 1, "b c" = "d" }', {"a": 1, "b c": "d"}
    word = rng.choice(WORDS)
    return string(word), word

def comment():
    return "# " + rng.choice(WORDS)

def array(n, multiline):
    values = [value() for _ in range(n)]
    data = [v for _, v in values]
    trailing = rng.random() < 0.4 and n > 0
    if not multiline:
        sep = rng.choice([", ", ",", " , "])
        return "[" + sep.join(t for t, _ in values) + ("," if trailing else "") + "]", data
    lines = ["[" + (" " + comment() if rng.random() < 0.2 else "")]
    for i, (text, _) in enumerate(values):
        if rng.random() < 0.2: lines.append("")
        if rng.random() < 0.25: lines.append("    " + comment())
        comma = "," if i < n - 1 or trailing else ""
        lines.append("    " + text + comma + ("  " + comment() if rng.random() < 0.25 else ""))
    if rng.random() < 0.2: lines.append("    " + comment())
    lines.append("]")
    return "\n".join(lines), data

def key(name):
    return '"' + name + '"' if rng.random() < 0.2 else name

def table_lines(n):
    lines, data = [], {}
    for name in rng.sample(["k%d" % i for i in range(30)], n):
        if rng.random() < 0.2: lines.append("")
        if rng.random() < 0.25: lines.append(comment())
        if rng.random() < 0.2:
            text, v = array(rng.randrange(0, 3), True)
        else:
            text, v = value()
        lines.append(key(name) + " = " + text + ("  " + comment() if rng.random() < 0.2 else ""))
        data[name] = v
    return lines, data

def make_case():
    n = rng.randrange(1, 6)
    kind = rng.choice(["array", "inline", "table", "inlinetable", "aot"])
    head = "before = 1\n# a header\n\n"
    tail = "\n[after]\nx = [1, 2]\n"
    if kind in ("array", "inline"):
        text, _ = array(n, kind == "array")
        body = "list = " + text + "\n"
    elif kind == "table":
        lines, _ = table_lines(n)
        body = "[list]\n" + "\n".join(lines) + "\n"
    elif kind == "inlinetable":
        members = [key(name) + " = " + value()[0] for name in rng.sample(["m%d" % i for i in range(30)], n)]
        body = "list = {" + rng.choice([" ", ""]) + ", ".join(members) + " }\n"
    else:
        sections = []
        for i in range(n):
            lines, _ = table_lines(rng.randrange(0, 3))
            section = ([comment()] if rng.random() < 0.3 else []) + ["[[list]]", 'name = "n%d"' % i] + lines
            if rng.random() < 0.3:
                section += ["[list.meta]", "m = %d" % i]
            sections.append("\n".join(section))
        body = "\n\n".join(sections) + "\n"
    text = head + body + tail
    if rng.random() < 0.15:
        text = text.replace("\n", "\r\n")
    return kind, text

def edit_of(items, operation):
    op = operation[0]
    items = list(items)
    if op == "reverse":
        return items[::-1]
    if op == "move":
        i, j = operation[1], operation[2]
        item = items.pop(i)
        items.insert(j if j >= 0 else len(items) + 1 + j, item)
        return items
    if op == "swap":
        i, j = operation[1], operation[2]
        items[i], items[j] = items[j], items[i]
        return items
    if op == "delete":
        del items[operation[1]]
        return items
    if op == "insert":
        i = operation[1]
        items.insert(i if i >= 0 else len(items) + 1 + i, operation[3])
        return items
    raise ValueError(op)

passed = failed = refused = 0
messages = []
for round in range(rounds):
    kind, text = make_case()
    data = tomllib.loads(text)
    items = list(data["list"].items()) if isinstance(data["list"], dict) else data["list"]
    n = len(items)
    op = rng.choice(["reverse", "move", "swap", "delete", "insert"])
    if op == "delete" and kind == "aot" and n == 1:
        op = "insert"  # an array of tables cannot be left empty (tested apart)
    if op == "reverse":
        operation = ["reverse"]
    elif op == "move":
        operation = ["move", rng.randrange(n), rng.randrange(-n, n)]
    elif op == "swap":
        operation = ["swap", rng.randrange(n), rng.randrange(n)]
    elif op == "delete":
        operation = ["delete", rng.randrange(n)]
    else:
        at = rng.randrange(-n - 1, n + 1)
        if kind in ("array", "inline"):
            new_text, new_value = value()
            operation = ["insert", at, new_text, new_value]
        elif kind == "aot":
            operation = ["insert", at, '[[list]]\nname = "new"\n', {"name": "new"}]
        else:
            operation = ["insert", at, 'znew = "v"', ("znew", "v")]
    args = [str(a) for a in operation[:3]]
    run = subprocess.run([reorder] + args + ["-p", "/list", "--format", "toml"], input=text.encode(), capture_output=True)
    if run.returncode != 0:
        refused += 1
        messages.append(f"refused {kind} {args}: {run.stderr.decode().strip()}\n{text}")
        continue
    out = run.stdout.decode()
    try:
        got = tomllib.loads(out)
    except Exception as error:
        failed += 1
        messages.append(f"FAIL {kind} {args}: does not load: {error}\n{text}\n---\n{out}")
        continue
    want_items = edit_of(items, operation)
    want = dict(data)
    if isinstance(data["list"], dict):
        want["list"] = dict(want_items)
        ok = got == want and list(got["list"].items()) == want_items
    else:
        want["list"] = want_items
        ok = got == want
    # The bytes outside the list: the head and the tail, as they were.
    newline = "\r\n" if "\r\n" in text else "\n"
    head = text[:text.index("# a header") + len("# a header" + newline)]
    tail = text[text.index(newline + "[after]"):]
    ok = ok and out.startswith(head) and out.endswith(tail)
    if ok:
        passed += 1
    else:
        failed += 1
        messages.append(f"FAIL {kind} {args}:\n{text}\n---\n{out}")
for message in messages[:5]:
    print(message)
print(f"toml-random: {passed} passed, {refused} refused, {failed} failed")
sys.exit(1 if failed or refused else 0)
"""#

    func testRandomEditsLoadToTheEditOfTheLoadedData() throws {
        let h = try Harness()
        let scriptURL = h.url("toml_random_edits.py")
        try Data(TOMLRandomTests.script.utf8).write(to: scriptURL)
        guard let python = try tool("python3", package: "python3") else { return }
        let check = try h.run(["-c", "import tomllib"], executable: URL(fileURLWithPath: python))
        guard check.status == 0 else {
            return XCTFail("tomllib is missing for \(python): it is in Python 3.11 and later")
        }
        let result = try h.run([scriptURL.path, Harness.binary.path, "20261123", "400"], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(result.status, 0, result.out + result.stderr)
        XCTAssertTrue(result.out.contains("toml-random: 400 passed, 0 refused, 0 failed"), result.out)
    }
}
