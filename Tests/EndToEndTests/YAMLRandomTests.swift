import Foundation
import XCTest

/// Random YAML lists in several layouts, random edits, PyYAML as the judge:
/// the result loads to the edit of what the input loads to, and the bytes
/// outside the list are the input's. The cases are made and checked by a
/// Python script (PyYAML is Python's); `make test` installs PyYAML.
final class YAMLRandomTests: XCTestCase {
    static let script = #"""
import json, random, subprocess, sys
import yaml

reorder, seed, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
WORDS = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "10", "9", "true", "x y", "a: b", "it's", "#x", "-d", "[q]"]

def scalar():
    word = rng.choice(WORDS)
    style = rng.randrange(4)
    if style == 0 and word.replace(" ", "").isalnum() and word not in ("true", "10", "9"):
        return word, word
    if style == 1:
        return "'" + word.replace("'", "''") + "'", word
    return json.dumps(word), word

def comment():
    return "# " + rng.choice(WORDS).replace("\n", " ")

def block_sequence(indent, n):
    lines, data = [], []
    compact = rng.random() < 0.3
    pad = "" if compact else "  "
    for i in range(n):
        if rng.random() < 0.2:
            lines.append("")
        if rng.random() < 0.25:
            lines.append(pad + comment())
        kind = rng.randrange(3)
        if kind == 0:
            text, value = scalar()
            line = pad + "- " + text
            if rng.random() < 0.2:
                line += "  " + comment()
            lines.append(line)
            data.append(value)
        elif kind == 1:
            t1, v1 = scalar()
            t2, v2 = scalar()
            lines.append(pad + "- name: " + t1)
            lines.append(pad + "  value: " + t2)
            data.append({"name": v1, "value": v2})
        else:
            lines.append(pad + "- |")
            lines.append(pad + "  line one")
            lines.append(pad + "  line two")
            data.append("line one\nline two\n")
    return lines, data

def block_mapping(n):
    lines, data = [], {}
    keys = rng.sample(["k%d" % i for i in range(30)], n)
    for key in keys:
        if rng.random() < 0.2:
            lines.append("")
        if rng.random() < 0.25:
            lines.append("  " + comment())
        if rng.random() < 0.3:
            lines.append("  " + key + ":")
            lines.append("    - " + "one")
            lines.append("    - " + "two")
            data[key] = ["one", "two"]
        else:
            text, value = scalar()
            lines.append("  " + key + ": " + text)
            data[key] = value
    return lines, data

def flow(n, mapping):
    items, data = [], ({} if mapping else [])
    keys = rng.sample(["f%d" % i for i in range(30)], n)
    for key in keys:
        word = rng.choice([w for w in WORDS if w.isalnum()])
        if mapping:
            items.append(key + ": " + word)
            data[key] = yaml.safe_load(word)
        else:
            items.append(word)
            data.append(yaml.safe_load(word))
    separator = rng.choice([", ", ",", " , "])
    trailing = "," if rng.random() < 0.2 and n else ""
    text = ("{" if mapping else "[") + separator.join(items) + trailing + ("}" if mapping else "]")
    return text, data

def make_case():
    n = rng.randrange(1, 7)
    kind = rng.choice(["seq", "map", "flowseq", "flowmap"])
    head = "before: 1\n# a header\n\n"
    tail = "after: [x, y]\n"
    if kind == "seq":
        lines, _ = block_sequence(2, n)
        body = "list:\n" + "\n".join(lines) + "\n"
    elif kind == "map":
        lines, _ = block_mapping(n)
        body = "list:\n" + "\n".join(lines) + "\n"
    else:
        text, _ = flow(n, kind == "flowmap")
        body = "list: " + text + "\n"
    crlf = rng.random() < 0.15
    text = head + body + tail
    if crlf:
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
    raise ValueError(op)

passed = failed = refused = 0
messages = []
for round in range(rounds):
    kind, text = make_case()
    data = yaml.safe_load(text)
    items = list(data["list"].items()) if isinstance(data["list"], dict) else data["list"]
    n = len(items)
    op = rng.choice(["reverse", "move", "swap", "delete"])
    if op == "reverse":
        operation = ["reverse"]
    elif op == "move":
        operation = ["move", rng.randrange(n), rng.randrange(-n, n)]
    elif op == "swap":
        operation = ["swap", rng.randrange(n), rng.randrange(n)]
    else:
        operation = ["delete", rng.randrange(n)]
    args = [str(a) for a in operation]
    run = subprocess.run([reorder] + args + ["-p", "/list", "--format", "yaml"], input=text.encode(), capture_output=True)
    if run.returncode == 2:
        refused += 1
        messages.append(f"refused {kind} {args}: {run.stderr.decode().strip()}\n{text}")
        continue
    out = run.stdout.decode()
    try:
        got = yaml.safe_load(out)
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
    head = text[:text.index("list:")]
    tail = text[text.index("after:"):]
    ok = ok and out.startswith(head) and out.endswith(tail)
    if ok:
        passed += 1
    else:
        failed += 1
        messages.append(f"FAIL {kind} {args}:\n{text}\n---\n{out}")
for message in messages[:5]:
    print(message)
print(f"yaml-random: {passed} passed, {refused} refused, {failed} failed")
sys.exit(1 if failed or refused else 0)
"""#

    func testRandomEditsLoadToTheEditOfTheLoadedData() throws {
        let h = try Harness()
        let scriptURL = h.url("yaml_random_edits.py")
        try Data(YAMLRandomTests.script.utf8).write(to: scriptURL)
        guard let python = try tool("python3", package: "python3") else { return }
        let check = try h.run(["-c", "import yaml"], executable: URL(fileURLWithPath: python))
        guard check.status == 0 else {
            return XCTFail("PyYAML is missing for \(python): run 'make test', which installs it")
        }
        let result = try h.run([scriptURL.path, Harness.binary.path, "20261123", "300"], executable: URL(fileURLWithPath: python))
        XCTAssertEqual(result.status, 0, result.out + result.stderr)
        XCTAssertTrue(result.out.contains("yaml-random: 300 passed, 0 refused, 0 failed"), result.out)
    }
}
